/** The Image tab. */
export const image = {} as const;
