/**
 * Where a generator's inputs came from (docs/library-files.md, "Lineage"): a Gallery item handed
 * to a tab as a reference or a starting image is remembered by the value it became in the form
 * (`attachment:<id>` or its link), and a Remix by the tab it prefilled. At submit the request's
 * own values are looked up, so only a source still in the request is recorded: a reference taken
 * off the form, or a link typed over, names nothing. UI-only state, like remix-store.ts: lost on
 * a reload, when the studio no longer knows, and so records nothing. A prompt handed over from a
 * chat reply names its message while the prompt still holds its words (prompt-source.ts).
 */
import { create } from 'zustand';
import type { LineageRef } from '@shared/contract/lineage-ref.js';
import { MAX_LINEAGE } from '@shared/contract/lineage-limits.js';
import type { JobRequest } from '@shared/contract/job-request.js';
import type { LibraryItemView } from '@shared/contract/library.js';
import { promptSourceOf } from './prompt-source.js';

type Source = { itemId: string; name?: string };
type Tab = 'image' | 'video';

interface LineageState {
  /** By the value the item became in a form: `attachment:<id>` or a link. */
  byValue: Record<string, Source>;
  remixOf: Partial<Record<Tab, Source>>;
}

const useLineageStore = create<LineageState>()(() => ({ byValue: {}, remixOf: {} }));

const sourceOf = (item: Pick<LibraryItemView, 'id' | 'prompt'>): Source => ({ itemId: item.id, ...(item.prompt ? { name: item.prompt.slice(0, 200) } : {}) });

/** A Gallery item became `value` in a form (an attachment's stand-in, or its link). */
export function rememberSource(value: string, item: Pick<LibraryItemView, 'id' | 'prompt'>): void {
  useLineageStore.setState((s) => ({ byValue: { ...s.byValue, [value]: sourceOf(item) } }));
}

/** A Remix prefilled `tab` from an item: its next submits remix it, until another remix (or none) replaces it. */
export function rememberRemix(tab: Tab, item: { id?: string; prompt: string } | undefined): void {
  useLineageStore.setState((s) => ({ remixOf: { ...s.remixOf, [tab]: item?.id ? sourceOf({ id: item.id, prompt: item.prompt }) : undefined } }));
}

/** The request's known sources, each once; undefined when none is known. */
export function lineageOf(request: JobRequest): LineageRef[] | undefined {
  const { byValue, remixOf } = useLineageStore.getState();
  const refs: LineageRef[] = [];
  const remix = remixOf[request.route === 'image' ? 'image' : 'video'];
  if (remix) refs.push({ kind: 'remixOf', ...remix });
  const r = request.request as Record<string, unknown>;
  if (typeof r.image_url === 'string' && byValue[r.image_url]) refs.push({ kind: 'startImage', ...byValue[r.image_url] });
  for (const v of Array.isArray(r.image_urls) ? r.image_urls : []) if (typeof v === 'string' && byValue[v]) refs.push({ kind: 'reference', ...byValue[v] });
  const chat = promptSourceOf(request.route === 'image' ? 'image' : 'video', r.prompt);
  if (chat) refs.push(chat);
  return refs.length ? refs.slice(0, MAX_LINEAGE) : undefined;
}

/** A native (generateContent) request's known sources: the tab's Remix, and its pictures by attachment id. */
export function withNativeLineage<R extends { model: string; prompt?: string; attachmentIds?: string[] }>(request: R): R & { lineage?: LineageRef[] } {
  const { byValue, remixOf } = useLineageStore.getState();
  const refs: LineageRef[] = [];
  if (remixOf.image) refs.push({ kind: 'remixOf', ...remixOf.image });
  for (const id of request.attachmentIds ?? []) if (byValue[`attachment:${id}`]) refs.push({ kind: 'reference', ...byValue[`attachment:${id}`] });
  const chat = promptSourceOf('image', request.prompt);
  if (chat) refs.push(chat);
  return refs.length ? { ...request, lineage: refs.slice(0, MAX_LINEAGE) } : request;
}

/** The request with its known sources. */
export function withLineage<R extends JobRequest>(request: R): R {
  const lineage = lineageOf(request);
  return lineage ? { ...request, lineage } : request;
}
