/**
 * The react-markdown component overrides: links that leave the app, click-to-load images,
 * scrollable tables and code blocks. Each gets only attributes that safe-url.ts let through.
 */
import type { ComponentProps } from 'react';
import type { Components, ExtraProps } from 'react-markdown';
import { makePre } from './code-block.js';
import { RemoteImage } from './remote-image.js';
import { useMarkdownT } from './markdown-t.js';

function Link({ href, title, children }: ComponentProps<'a'> & ExtraProps) {
  // No href means safe-url.ts refused the URL: show the words, not a link to nowhere.
  if (!href) return <span className="md-link-blocked">{children}</span>;
  return (
    <a href={href} title={title} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function Image({ src, alt }: ComponentProps<'img'> & ExtraProps) {
  const t = useMarkdownT();
  if (typeof src !== 'string' || src === '') {
    return (
      <span className="md-image-blocked" title={t('image.blocked')}>
        {alt ? t('image.blockedTextWithAlt', { alt }) : t('image.blockedText')}
      </span>
    );
  }
  return <RemoteImage src={src} alt={alt ?? ''} />;
}

function Table({ children }: ComponentProps<'table'> & ExtraProps) {
  const t = useMarkdownT();
  return (
    // Focusable so a table wider than the reply can be scrolled from the keyboard.
    <div className="md-table-wrap" tabIndex={0} role="group" aria-label={t('table.label')}>
      <table>{children}</table>
    </div>
  );
}

/** GFM column alignment arrives as an inline style, which the CSP's style-src forbids: use a class. */
function alignClass(style: ComponentProps<'td'>['style']): string | undefined {
  const align = style?.textAlign;
  return align === 'left' || align === 'center' || align === 'right' ? `md-align-${align}` : undefined;
}

function HeaderCell({ style, children }: ComponentProps<'th'> & ExtraProps) {
  return <th className={alignClass(style)}>{children}</th>;
}

function Cell({ style, children }: ComponentProps<'td'> & ExtraProps) {
  return <td className={alignClass(style)}>{children}</td>;
}

function componentsFor(live: boolean): Components {
  return { a: Link, img: Image, pre: makePre(live), table: Table, th: HeaderCell, td: Cell };
}

/** Built once: a new object per render would remount every element of every block. */
export const SETTLED_COMPONENTS = componentsFor(false);
export const LIVE_COMPONENTS = componentsFor(true);
