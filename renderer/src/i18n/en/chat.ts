/** The Chat tab. */
export const chat = {} as const;
