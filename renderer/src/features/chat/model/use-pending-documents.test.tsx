// @vitest-environment happy-dom
/**
 * Several documents dropped on the composer at once (docs/chat-documents.md): the host reads each
 * in its own time, the page draws in between, and every one that was read ends up waiting to go,
 * whatever order the reads end in. A list kept beside the draft once lost the first of two.
 */
import { useEffect } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { type PreparedDocument } from '@shared/contract/chat-documents.js';
import { useDraft } from '../../../state/drafts.js';
import { fakeHost } from '../../../test/fake-host.js';
import { cleanup, mount, settle } from '../../../test/mount.js';
import { usePendingDocuments, type PendingDocuments } from './use-pending-documents.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

const handle: { current?: PendingDocuments } = {};

function Composer() {
  // As the conversation pane wires them: the draft holds the list.
  const [draft, update] = useDraft<{ documents?: PreparedDocument[] }>('chat:dropped', {});
  const docs = usePendingDocuments(draft.documents ?? [], (change) => update((d) => ({ documents: change(d.documents ?? []) })));
  useEffect(() => {
    handle.current = docs;
  });
  return <ul aria-label="Documents to send">{(draft.documents ?? []).map((d) => <li key={d.id}>{d.name}</li>)}</ul>;
}

const shown = (root: ParentNode) => [...root.querySelectorAll('li')].map((li) => li.textContent).sort();

it('keeps every document dropped together, the reads ending in reverse order with draws between', async () => {
  const reads = new Map<string, (doc: PreparedDocument) => void>();
  fakeHost({
    'chat.addDocument': ({ name }) => new Promise<PreparedDocument>((resolve) => reads.set(name, resolve)),
  });
  const { host } = await mount(<Composer />);
  const file = (name: string) => new File(['a,b\n1,2\n'], name, { type: 'text/csv' });
  const dropped = handle.current!.addFiles([file('a.csv'), file('b.csv'), file('c.csv')]);
  await settle();
  expect([...reads.keys()].sort()).toEqual(['a.csv', 'b.csv', 'c.csv']);
  for (const name of ['c.csv', 'a.csv', 'b.csv']) {
    reads.get(name)!({ id: `doc-${name}`, name, mime: 'text/csv', tokens: 3, chars: 8 });
    await settle();
  }
  await dropped;
  await settle();
  expect(shown(host)).toEqual(['a.csv', 'b.csv', 'c.csv']);

  handle.current!.remove('doc-a.csv');
  await settle();
  expect(shown(host)).toEqual(['b.csv', 'c.csv']);
});
