// @vitest-environment happy-dom
/** The static frame draws the very icons the app does, in the navigation's order. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { bootFrameHtml } from './boot-frame.js';
import { ChatIcon, GalleryIcon, ImageIcon, SettingsIcon, SpeechIcon, SpendIcon, TasksIcon, VideoIcon } from '../components/icons.js';
import { StoryboardIcon } from '../components/icons.js';
import { TAB_IDS } from '../state/tab-ids.js';

// As app/tab-registry.ts pairs them (that module brings the whole app with it).
const ICONS = { chat: ChatIcon, image: ImageIcon, video: VideoIcon, speech: SpeechIcon, tasks: TasksIcon, gallery: GalleryIcon, spend: SpendIcon, settings: SettingsIcon, storyboard: StoryboardIcon };

/** Markup parsed as the browser parses index.html (a test reads it; nothing here is shown). */
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html').body;

/** An element as drawn: its tag, its attributes in any order, and its children the same way. */
const drawing = (el: Element): string =>
  `<${el.tagName.toLowerCase()} ${[...el.attributes].map((a) => `${a.name}="${a.value}"`).sort().join(' ')}>${[...el.children].map(drawing).join('')}</>`;

describe('the static frame painted before any script runs', () => {
  it('shows each tab\'s own icon, in the order of the navigation', () => {
    const frame = parse(bootFrameHtml());
    const drawn = [...frame.querySelectorAll('nav .tab')].map((t) => drawing(t.querySelector('svg')!));
    const app = TAB_IDS.map((id) => {
      const Icon = ICONS[id];
      return drawing(parse(renderToStaticMarkup(<Icon />)).firstElementChild!);
    });
    expect(drawn).toEqual(app);
    expect([...frame.querySelectorAll('nav .tab')].map((t) => t.getAttribute('data-tab'))).toEqual([...TAB_IDS]);
  });

  it('is hidden from assistive technology and says nothing but the product\'s name', () => {
    const frame = parse(bootFrameHtml());
    expect(frame.firstElementChild!.getAttribute('aria-hidden')).toBe('true');
    expect(frame.textContent).toBe('Gateway Studio');
  });
});
