/** The studio's tabs, in the navigation's order (a module of its own: the build's static frame reads it too). */
export const TAB_IDS = ['chat', 'image', 'video', 'speech', 'tasks', 'gallery', 'spend', 'storyboard', 'settings'] as const;
export type TabId = (typeof TAB_IDS)[number];

/** The ids of a tab's button and of its panel: the navigation, the shell and "Use in…" focus them. */
export const tabDomId = (id: TabId) => `tab-${id}`;
export const panelDomId = (id: TabId) => `panel-${id}`;
