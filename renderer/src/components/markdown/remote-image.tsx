/**
 * An image from a reply waits for a click: loading it would tell a stranger's server the user's
 * address and that they are reading (a tracking pixel), so the user decides. Only https reaches
 * here (safe-url.ts), and the loaded image sends no referrer.
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Trans } from 'react-i18next';
import { useMarkdownT } from './markdown-t.js';

function hostOf(src: string): string {
  try {
    return new URL(src).host;
  } catch {
    return src;
  }
}

export function RemoteImage({ src, alt }: { src: string; alt: string }) {
  const t = useMarkdownT();
  const [shown, setShown] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // The button the user pressed disappears; keep their place by focusing what replaced it.
  useEffect(() => {
    if (shown) image.current?.focus();
  }, [shown]);

  if (shown) {
    return <img ref={image} className="md-image" src={src} alt={alt} referrerPolicy="no-referrer" loading="lazy" decoding="async" tabIndex={-1} />;
  }
  const show = (event: MouseEvent) => {
    // The image may sit inside a link ([![alt](img)](url)): loading it must not also follow the link.
    event.preventDefault();
    event.stopPropagation();
    setShown(true);
  };
  return (
    <button type="button" className="md-image-load" onClick={show} title={src}>
      {alt ? (
        <Trans t={t} i18nKey="image.loadWithAlt" values={{ host: hostOf(src), alt }} components={{ alt: <span className="md-image-alt" /> }} />
      ) : (
        t('image.load', { host: hostOf(src) })
      )}
    </button>
  );
}
