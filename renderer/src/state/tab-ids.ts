/** The studio's tabs, in the navigation's order (a module of its own: the build's static frame reads it too). */
export const TAB_IDS = ['chat', 'image', 'video', 'speech', 'tasks', 'gallery', 'settings'] as const;
export type TabId = (typeof TAB_IDS)[number];
