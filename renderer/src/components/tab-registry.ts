/**
 * The studio's tabs. Each module is loaded on first open (React.lazy + dynamic import), so the
 * first paint downloads only the shell and the Chat tab (DESIGN §5).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TabId } from '../state/ui-store.js';

export interface TabDef {
  id: TabId;
  label: string;
  Panel: LazyExoticComponent<ComponentType>;
}

export const TABS: readonly TabDef[] = [
  { id: 'chat', label: 'Chat', Panel: lazy(() => import('../features/chat/chat-tab.js')) },
  { id: 'image', label: 'Image', Panel: lazy(() => import('../features/image/image-tab.js')) },
  { id: 'video', label: 'Video', Panel: lazy(() => import('../features/video/video-tab.js')) },
  { id: 'speech', label: 'Speech', Panel: lazy(() => import('../features/speech/speech-tab.js')) },
  { id: 'tasks', label: 'Tasks', Panel: lazy(() => import('../features/tasks/tasks-tab.js')) },
  { id: 'gallery', label: 'Gallery', Panel: lazy(() => import('../features/gallery/gallery-tab.js')) },
  { id: 'settings', label: 'Settings', Panel: lazy(() => import('../features/settings/settings-tab.js')) },
];

export const tabDomId = (id: TabId) => `tab-${id}`;
export const panelDomId = (id: TabId) => `panel-${id}`;
