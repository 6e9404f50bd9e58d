/** The Tasks tab. */
export const tasks = {} as const;
