/** How many models one message may go to at once; apart from the schemas so the page's first load stays free of zod. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
