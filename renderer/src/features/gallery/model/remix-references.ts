/**
 * What a Gallery remix of an image brings along: the pictures it was made from, asked of the host
 * (`attachments.fromItem`, which keeps the creator's files from the moment a job is sent), and the
 * words that say how many came back and which could not (docs/library-files.md, "References of a
 * saved item"). Never silent: a reference left behind, or a host that could not answer, is said.
 */
import type { TFunction } from 'i18next';
import type { ItemReference } from '@shared/contract/media.js';
import { call, errorMessage } from '../../../api/client.js';

export interface FoundReferences {
  references?: ItemReference[];
  /** Why the host could not say (the remix then keeps only the item's public links). */
  error?: string;
}

export async function referencesOf(itemId: string): Promise<FoundReferences> {
  try {
    return { references: (await call('attachments.fromItem', { itemId })).references };
  } catch (e) {
    return { error: errorMessage(e) };
  }
}

/** The sentences after "Remix ready…", and whether any of them is a warning the creator must see. */
export function referenceNotes(found: FoundReferences, t: TFunction<'gallery'>): { notes: string[]; warning: boolean } {
  if (found.error !== undefined) return { notes: [t('remixReferences.failed', { message: found.error })], warning: true };
  const refs = found.references ?? [];
  const attached = refs.filter((r) => r.kind !== 'missing').length;
  const notes: string[] = attached > 0 ? [t('remixReferences.attached', { count: attached, n: attached })] : [];
  for (const r of refs) {
    if (r.kind !== 'missing') continue;
    notes.push(r.name ? t('remixReferences.missing', { position: r.position, name: r.name }) : t('remixReferences.missingUnnamed', { position: r.position }));
  }
  return { notes, warning: refs.some((r) => r.kind === 'missing') };
}
