/** The Gallery tab. */
export const gallery = {} as const;
