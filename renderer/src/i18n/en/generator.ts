/** Parts shared by the Image, Video and Speech tabs. */
export const generator = {} as const;
