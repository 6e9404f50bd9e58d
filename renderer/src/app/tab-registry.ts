/**
 * The studio's tabs. Each module but the first is loaded apart (lazy-panel.tsx: a dynamic import,
 * without React.lazy's reveal throttle): in idle time once the first screen is drawn
 * (preloadTabs), or on its first open if that comes sooner. The first paint downloads only the
 * shell and the Chat tab (docs/performance.md, "Targets").
 *
 * The Chat tab, which every launch opens, is imported statically: it is part of the first load
 * anyway, and as a lazy panel it would first show its Suspense fallback, and React then reveals
 * a boundary no sooner than 300 ms after its fallback appeared (its fallback throttle), which
 * made up a third of the studio's start-up (bench/startup.ts).
 */
import type { ComponentType } from 'react';
import { lazyPanel, type LazyPanel } from './lazy-panel.js';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchGallery, prefetchMediaBase } from '../features/gallery/model/use-library-pages.js';
import { TAB_IDS, type TabId } from '../state/tab-ids.js';
import { FIRST_SCREEN_FALLBACK_MS, whenLaunchScreenReady } from '../state/after-first-screen.js';
import ChatTab from '../features/chat/chat-tab.js';
import { ChatIcon, GalleryIcon, ImageIcon, SettingsIcon, SpeechIcon, SpendIcon, TasksIcon, VideoIcon } from '../components/icons.js';
import { StoryboardIcon } from '../components/icons.js';

export interface TabDef {
  id: TabId;
  Panel: ComponentType | LazyPanel;
  /** Shown beside the tab's name in the navigation (decoration: the name is the label). */
  Icon: ComponentType;
}

const PANELS: Record<TabId, Omit<TabDef, 'id'>> = {
  chat: { Panel: ChatTab, Icon: ChatIcon },
  image: { Panel: lazyPanel(() => import('../features/image/image-tab.js')), Icon: ImageIcon },
  video: { Panel: lazyPanel(() => import('../features/video/video-tab.js')), Icon: VideoIcon },
  speech: { Panel: lazyPanel(() => import('../features/speech/speech-tab.js')), Icon: SpeechIcon },
  tasks: { Panel: lazyPanel(() => import('../features/tasks/tasks-tab.js')), Icon: TasksIcon },
  gallery: { Panel: lazyPanel(() => import('../features/gallery/gallery-tab.js'), { open: prefetchGallery, ahead: prefetchMediaBase }), Icon: GalleryIcon },
  spend: { Panel: lazyPanel(() => import('../features/spend/spend-tab.js')), Icon: SpendIcon },
  settings: { Panel: lazyPanel(() => import('../features/settings/settings-tab.js')), Icon: SettingsIcon },
  storyboard: { Panel: lazyPanel(() => import('../features/storyboard/storyboard-tab.js')), Icon: StoryboardIcon },
};

/**
 * In the order of state/tab-ids.ts, which the static frame and the Ctrl/⌘ + digit shortcuts
 * (components/shortcuts/) read too, without this module and the whole app it brings.
 */
export const TABS: readonly TabDef[] = TAB_IDS.map((id) => ({ id, ...PANELS[id] }));

/** A panel whose code is loaded apart (every tab's but Chat's). */
export const isLazy = (panel: TabDef['Panel']): panel is LazyPanel => 'preload' in panel;

type Idle = (task: () => void) => void;

/** The browser's next idle period (Electron and Chromium have requestIdleCallback; a plain delay elsewhere). */
const nextIdle: Idle = (task) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => task(), { timeout: 5_000 }) : setTimeout(task, 200));


/**
 * Fetches and evaluates every lazy tab's code once the studio is idle after its first screen, one
 * tab per idle period, in the navigation's order, with the unchanging data each tab's first open
 * needs: a first click on a tab then waits for its own answers, not for its code or a lookup as
 * well (docs/performance-findings.md, "Opening a tab"). A tab opened meanwhile shares the load in flight;
 * one whose code could not come is tried again when it is opened.
 *
 * A launch on the Chat tab starts only once that tab has said its first screen is usable
 * (state/first-screen-ready.ts): the open conversation's messages drawn, the composer there. Idle
 * periods come before that (while its messages are asked for and its pane's code comes), and the
 * other tabs' 30-odd files fetched and evaluated in them held the input up
 * (docs/performance-findings.md, "Start-up on the real paths").
 */
export function preloadTabs(client: QueryClient, idle: Idle = nextIdle, fallbackMs = FIRST_SCREEN_FALLBACK_MS): void {
  const panels = TABS.map((tab) => tab.Panel).filter(isLazy);
  const next = (i: number) => {
    if (i < panels.length) idle(() => void panels[i].preload(client).then(() => next(i + 1)));
  };
  // Another first tab loads its own code on mount; only Chat's first screen raises the signal.
  whenLaunchScreenReady(() => next(0), fallbackMs);
}
