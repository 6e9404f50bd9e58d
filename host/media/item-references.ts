/**
 * The reference pictures a saved item was made from, for a Gallery remix: the creator's own files
 * (`attachment:<id>` in an image job's `image_urls`, `attachmentIds` of a native edit) come back
 * as new attachments from what the host kept when the job was sent; public links stay links; a
 * picture the host no longer holds is named with its place, never silently dropped
 * (docs/library-files.md, "References of a saved item").
 */
import { ATTACHMENT_PREFIX, type ItemReference } from '@shared/contract/media.js';
import type { AttachmentStore } from './attachments.js';

/** More than any model takes (spec 2.15: up to 10); a sidecar cannot make the host loop longer. */
const MAX_REFERENCES = 16;

/** A picture sent inline (the contract takes data URIs too), read back only up to the gateway's 10 MB. */
const DATA_URI = /^data:image\/[\w.+-]+;base64,/i;
const MAX_DATA_URI = Math.ceil((10 * 1024 * 1024 * 4) / 3) + 64;

/** Every `attachment:<id>` stand-in of a job request: what `keep` holds on to when it is sent. */
export function attachmentIdsOf(imageUrls: unknown): string[] {
  if (!Array.isArray(imageUrls)) return [];
  return imageUrls
    .slice(0, MAX_REFERENCES)
    .filter((u): u is string => typeof u === 'string' && u.startsWith(ATTACHMENT_PREFIX))
    .map((u) => u.slice(ATTACHMENT_PREFIX.length));
}

/** The references named in a saved item's parameters, in the order they were sent. */
function sentReferences(params: Record<string, unknown>): { entry: string; name?: string }[] {
  if (Array.isArray(params.image_urls)) {
    return params.image_urls.slice(0, MAX_REFERENCES).filter((u): u is string => typeof u === 'string').map((entry) => ({ entry }));
  }
  if (Array.isArray(params.attachmentIds)) {
    const names = Array.isArray(params.references) ? params.references : [];
    return params.attachmentIds.slice(0, MAX_REFERENCES).map((id, i) => ({
      entry: typeof id === 'string' ? ATTACHMENT_PREFIX + id : '',
      name: typeof names[i] === 'string' ? names[i] : undefined,
    }));
  }
  return [];
}

export async function referencesOf(params: Record<string, unknown>, attachments: AttachmentStore): Promise<ItemReference[]> {
  const out: ItemReference[] = [];
  for (const [i, { entry, name }] of sentReferences(params).entries()) {
    const position = i + 1;
    if (/^https?:\/\//i.test(entry)) {
      out.push({ kind: 'url', url: entry });
      continue;
    }
    const inline = DATA_URI.exec(entry);
    if (inline && entry.length <= MAX_DATA_URI) {
      const file = await attachments.add(`reference-${position}`, Buffer.from(entry.slice(inline[0].length), 'base64')).catch(() => undefined);
      if (file) {
        out.push({ kind: 'file', attachment: file });
        continue;
      }
    }
    const id = entry.startsWith(ATTACHMENT_PREFIX) ? entry.slice(ATTACHMENT_PREFIX.length) : undefined;
    const attachment = id ? await attachments.revive(id) : undefined;
    if (attachment) {
      out.push({ kind: 'file', attachment });
      continue;
    }
    const known = name ?? (id ? await attachments.keptName(id) : undefined);
    out.push(known === undefined ? { kind: 'missing', position } : { kind: 'missing', name: known, position });
  }
  return out;
}
