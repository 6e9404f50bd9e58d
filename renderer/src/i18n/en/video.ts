/** The Video tab. */
export const video = {} as const;
