/**
 * The elements of a reply that are more than their tag: links that leave the app, click-to-load
 * images, scrollable tables, footnotes. Each gets only attributes that safe-url.ts let through.
 */
import type { ReactNode } from 'react';
import { RemoteImage } from './remote-image.js';
import { useMarkdownT } from './markdown-t.js';

/** No href means safe-url.ts refused the URL: show the words, not a link to nowhere. */
export function Link({ href, title, children }: { href?: string; title?: string; children?: ReactNode }) {
  if (!href) return <span className="md-link-blocked">{children}</span>;
  return (
    <a href={href} title={title} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** No src means safe-url.ts refused it (only https images may be offered). */
export function Image({ src, alt }: { src?: string; alt: string }) {
  const t = useMarkdownT();
  if (!src) {
    return (
      <span className="md-image-blocked" title={t('image.blocked')}>
        {alt ? t('image.blockedTextWithAlt', { alt }) : t('image.blockedText')}
      </span>
    );
  }
  return <RemoteImage src={src} alt={alt} />;
}

export function Table({ children }: { children?: ReactNode }) {
  const t = useMarkdownT();
  return (
    // Focusable so a table wider than the reply can be scrolled from the keyboard.
    <div className="md-table-wrap" tabIndex={0} role="group" aria-label={t('table.label')}>
      <table>{children}</table>
    </div>
  );
}

/** A footnote's number where it is cited (`[^note]`); a second citation of the same note is n:1. */
export function FootnoteRef({ id, subId }: { id: number; subId: number }) {
  return <sup className="md-footnote-ref">{subId > 0 ? `${id + 1}:${subId}` : id + 1}</sup>;
}

/** The footnotes of a block, numbered as cited, after it. */
export function Footnotes({ children }: { children?: ReactNode }) {
  const t = useMarkdownT();
  return (
    <section className="md-footnotes" aria-label={t('footnotes.label')}>
      <ol>{children}</ol>
    </section>
  );
}
