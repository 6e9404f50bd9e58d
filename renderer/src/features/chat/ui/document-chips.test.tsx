// @vitest-environment happy-dom
/**
 * Document chips as a creator reads them (docs/chat-documents.md): the composer's say each
 * document's size in tokens and mark the one too large for the model, whose refusal carries the
 * numbers; a sent turn's name its documents; Remove takes one away.
 */
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import '../../../test/fake-host.js';
import { cleanup, mount } from '../../../test/mount.js';
import { PendingDocumentList, SentDocuments } from './document-chips.js';
import { useContextRefusal, type PendingDocument, type PendingDocuments } from '../model/use-pending-documents.js';

afterEach(cleanup);

const doc = (id: string, name: string, tokens: number, pages?: number): PendingDocument => ({ id, name, mime: 'text/plain', tokens, chars: tokens * 4, ...(pages ? { pages } : {}) });

function Composer({ start, model, text = '' }: { start: PendingDocument[]; model: string; text?: string }) {
  const [documents, setDocuments] = useState(start);
  const pending: PendingDocuments = { busy: 0, problem: null, addFiles: async () => undefined, remove: (id) => setDocuments((d) => d.filter((x) => x.id !== id)) };
  const refusal = useContextRefusal(documents, text, model);
  return (
    <>
      <PendingDocumentList documents={documents} pending={pending} model={model} />
      <p data-testid="refusal">{refusal ?? ''}</p>
    </>
  );
}

const items = (host: HTMLElement) => [...host.querySelectorAll('li')].map((li) => li.getAttribute('aria-label'));

describe('document chips', () => {
  it('show each size in tokens and mark the one too large for the model, with the numbers', async () => {
    const page = await mount(<Composer start={[doc('a', 'notes.md', 1_234), doc('b', 'book.pdf', 180_000, 300)]} model="modela-5" />);
    expect(items(page.host)).toEqual(['notes.md, about 1,234 tokens', 'book.pdf, about 180,000 tokens']);
    const [small, big] = page.host.querySelectorAll('li');
    expect(small.textContent).toContain('~1,234 tokens');
    expect(small.textContent).not.toContain('too large');
    expect(big.textContent).toContain('~180,000 tokens · 300 pages');
    expect(big.textContent).toContain('too large');
    expect(page.host.querySelector('[data-testid="refusal"]')!.textContent).toBe('This document is about 180,000 tokens; modela-5 takes about 128,000.');
    // Removing it (its button: Tab and Enter reach it) lifts the refusal.
    const remove = [...page.host.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === 'Remove book.pdf')!;
    await act(async () => remove.click());
    expect(items(page.host)).toEqual(['notes.md, about 1,234 tokens']);
    expect(page.host.querySelector('[data-testid="refusal"]')!.textContent).toBe('');
  });

  it('refuse documents that only together with the message exceed the context, and take a larger model', async () => {
    const both = [doc('a', 'a.txt', 70_000), doc('b', 'b.txt', 58_000)];
    const tight = await mount(<Composer start={both} model="modela-5" text="Compare" />);
    expect(tight.host.querySelector('[data-testid="refusal"]')!.textContent).toBe('These documents and your message are about 128,002 tokens; modela-5 takes about 128,000.');
    const roomy = await mount(<Composer start={both} model="modelc-2.5-pro" text="Compare" />);
    expect(roomy.host.querySelector('[data-testid="refusal"]')!.textContent).toBe('');
    expect(roomy.host.textContent).not.toContain('too large');
  });

  it('name a sent turn\'s documents', async () => {
    const page = await mount(<SentDocuments documents={[{ file: 'chat-documents/x.txt', name: 'plan.md', mime: 'text/markdown', tokens: 12, chars: 48 }]} />);
    expect(page.host.querySelector('ul')!.getAttribute('aria-label')).toBe('Documents');
    expect(items(page.host)).toEqual(['plan.md, about 12 tokens']);
  });
});
