/**
 * Reference images of the draft, taken in as a chat message's images are
 * (components/image-intake/): the same checks, uploads and "Use in…" hand-off, with the model's
 * own limit and the gateway's size cap. A link beyond the limit is kept, and the draft's check
 * says which to remove (image-draft.ts).
 */
import { useTranslation } from 'react-i18next';
import { REFERENCE_IMAGE_MAX_BYTES } from '@shared/gateway/catalog.js';
import { useImageIntake, type ImageIntake } from '../../../components/image-intake/use-image-intake.js';
import type { ListChange } from '../../../state/drafts.js';
import { useFormats } from '../../../i18n/format.js';
import { referenceLimit, type ImageRef } from './image-draft.js';

export type References = ImageIntake;

export function useReferences(model: string, refs: readonly ImageRef[], changeRefs: (change: ListChange<ImageRef>) => void): References {
  const { t } = useTranslation('image');
  const f = useFormats();
  const limit = referenceLimit(model);
  return useImageIntake(refs, changeRefs, {
    target: 'image',
    limit,
    maxBytes: REFERENCE_IMAGE_MAX_BYTES,
    tooMany: (extra) => t('refs.tooMany', { model, limit: f.number(limit), extra: f.number(extra) }),
  });
}
