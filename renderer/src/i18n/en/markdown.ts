/** Rendered replies (code blocks, links, images). */
export const markdown = {} as const;
