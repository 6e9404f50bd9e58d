/**
 * The last characters of a saved secret (an API key, an MCP token), as the host shows them:
 * "…a1b2" becomes "a1b2", the dots being ours to draw. Secrets are write-only across the contract
 * (docs/security.md); this tail is all the page ever reads of one.
 */
export const maskedTail = (tail: string | undefined) => (tail ?? '').replace(/^[….\s*•]+/, '');
