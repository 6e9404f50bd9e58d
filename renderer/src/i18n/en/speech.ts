/** The Speech tab. */
export const speech = {} as const;
