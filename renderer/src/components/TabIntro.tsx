/** The heading every tab opens with, so each panel is navigable by headings. */
import type { ReactNode } from 'react';

export function TabIntro({ title, children }: { title: string; children: ReactNode }) {
  return (
    <header className="tab-intro">
      <h2>{title}</h2>
      <p className="muted">{children}</p>
    </header>
  );
}
