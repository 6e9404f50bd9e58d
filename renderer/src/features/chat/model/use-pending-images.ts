/**
 * Images waiting in the composer, taken in as the Image references are (components/image-intake/):
 * the same checks, uploads and "Use in…" hand-off, with a message's own cap and words.
 */
import { useTranslation } from 'react-i18next';
import { useImageIntake, type ImageIntake, type IntakeImage } from '../../../components/image-intake/use-image-intake.js';
import type { ListChange } from '../../../state/drafts.js';

export type PendingImage = IntakeImage;
export type PendingImages = ImageIntake;

/** SendInput takes at most 16 images per turn. */
export const MAX_IMAGES = 16;
/**
 * The host's attachment limit (contract/media.ts), repeated so this startup chunk does not import
 * that module and zod with it; the host checks again either way.
 */
const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;

export function usePendingImages(images: readonly PendingImage[], changeImages: (change: ListChange<PendingImage>) => void): PendingImages {
  const { t } = useTranslation('chat');
  return useImageIntake(images, changeImages, {
    target: 'chat',
    limit: MAX_IMAGES,
    maxBytes: ATTACHMENT_MAX_BYTES,
    tooMany: (n) => t('pending.tooMany', { max: MAX_IMAGES, n }),
    full: () => t('pending.full', { max: MAX_IMAGES }),
  });
}
