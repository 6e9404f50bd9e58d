/**
 * The studio's few icons, drawn inline (no icon font, no package: seven shapes cost less than any
 * set's runtime, docs/performance.md). Each is decoration beside a text label, so it is hidden
 * from assistive technology; it takes the text's colour and scales with its font size. The shapes
 * are data (icon-shapes.ts), shared with the static frame painted before any script runs.
 */
import { createElement } from 'react';
import { ICON_SHAPES, ICON_SVG, type IconName } from './icon-shapes.js';

function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" {...ICON_SVG} aria-hidden="true" focusable="false">
      {(ICON_SHAPES[name] as readonly (readonly [string, object])[]).map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
    </svg>
  );
}

export const ChatIcon = () => <Icon name="chat" />;
export const ImageIcon = () => <Icon name="image" />;
export const VideoIcon = () => <Icon name="video" />;
export const SpeechIcon = () => <Icon name="speech" />;
export const TasksIcon = () => <Icon name="tasks" />;
export const GalleryIcon = () => <Icon name="gallery" />;
export const SpendIcon = () => <Icon name="spend" />;
export const SettingsIcon = () => <Icon name="settings" />;
export const StoryboardIcon = () => <Icon name="storyboard" />;
