/**
 * What names an attachment and bounds its size, apart from the schemas in media.ts: the composer's
 * image intake needs them, and importing them from media.ts brought zod into the code an open
 * conversation waits for at start-up (docs/performance-findings.md, "Start-up: the returning
 * user's code").
 */

/** A reference image held by the host; `attachment:<id>` may stand in `image_urls`. */
export const ATTACHMENT_PREFIX = 'attachment:';
/** Larger than any image the gateway takes (10 MB), so the host can say why it is refused. */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
