/**
 * A result whose delivered size is not the one asked for says so under it, in plain words:
 * "Requested 1080×1920, delivered 270×480." What was asked for is read from the request the item
 * keeps: the multipart video route's pixel `size`, or an image job's ratio at its resolution class
 * (the size the Image form promised, catalog `imagePixelSize`). A video of the generations route
 * names only a ratio, so there is no requested size to set against it.
 *
 * The offline sandbox encodes its videos smaller on purpose, to stay fast (sandbox/README.md,
 * "Video jobs"): a result whose link came from the studio's own sandbox (same origin as
 * `app.info`'s `sandboxUrl`) also says that, so nobody takes a preview for a fault. Any other
 * gateway gets the same neutral comparison and no excuse.
 */
import { useTranslation } from 'react-i18next';
import type { LibraryItemView } from '@shared/contract/library.js';
import { imagePixelSize, type ResolutionClass } from '@shared/gateway/catalog.js';

interface PixelSize {
  width: number;
  height: number;
}

/** Encoders round sides to multiples of 16: a difference within that is the same size. */
const ROUNDING = 16;

function requestedSize(item: LibraryItemView): PixelSize | undefined {
  const { size, resolution } = item.params;
  if (typeof size !== 'string') return undefined;
  if (item.kind === 'video') {
    const m = /^(\d{1,5})\*(\d{1,5})$/.exec(size);
    return m ? { width: Number(m[1]), height: Number(m[2]) } : undefined;
  }
  if (item.kind === 'image' && /^\d{1,2}:\d{1,2}$/.test(size) && typeof resolution === 'string' && /^[1-4]K$/.test(resolution)) {
    const pixels = imagePixelSize(size, resolution as ResolutionClass);
    return pixels.width > 0 && pixels.height > 0 ? pixels : undefined;
  }
  return undefined;
}

/** Whether the file's link came from the embedded sandbox: same scheme, host and port. */
function fromSandbox(sourceUrl: string | undefined, sandboxUrl: string | undefined): boolean {
  if (!sourceUrl || !sandboxUrl) return false;
  try {
    return new URL(sourceUrl).origin === new URL(sandboxUrl).origin;
  } catch {
    return false;
  }
}

export function SizeNote({ item, sandboxUrl }: { item: LibraryItemView; sandboxUrl: string | undefined }) {
  const { t } = useTranslation('generator');
  const { width, height } = item;
  if (!width || !height) return null;
  const requested = requestedSize(item);
  const differs = requested !== undefined && (Math.abs(requested.width - width) > ROUNDING || Math.abs(requested.height - height) > ROUNDING);
  // The sandbox's images are made at their true size; only its videos are smaller previews.
  const sandbox = item.kind === 'video' && fromSandbox(item.sourceUrl, sandboxUrl) && (differs || requested === undefined);
  if (!differs && !sandbox) return null;
  const pixels = (s: PixelSize) => t('size.pixels', { width: s.width, height: s.height });
  const parts = [
    differs ? t('size.differs', { requested: pixels(requested), delivered: pixels({ width, height }) }) : '',
    sandbox ? t('size.sandbox') : '',
  ];
  return (
    <p className="hint size-note" data-testid="size-note">
      {parts.filter(Boolean).join(' ')}
    </p>
  );
}
