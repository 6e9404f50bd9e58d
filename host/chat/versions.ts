/**
 * Versions and branches of a conversation (docs/chat-versions.md). A conversation keeps the
 * branch it shows as its `messages`, so sending, streaming, search, export and the page work on
 * one plain list as they always have. A turn with several versions carries `versions` (which is
 * shown, of how many) and `otherVersions`: each hidden version with the rest of its branch below
 * it, nested the same way. A conversation written before versions existed is simply one branch.
 */
import type { ChatMessageView } from '@shared/contract/chat.js';

/** A turn as the conversation's file keeps it. */
export type StoredMessage = ChatMessageView & { otherVersions?: StoredMessage[][] };

/** Every message of every branch, the shown ones first in each list (files, search, recovery). */
export function* everyMessage(messages: readonly StoredMessage[]): Generator<StoredMessage> {
  for (const m of messages) {
    yield m;
    for (const branch of m.otherVersions ?? []) yield* everyMessage(branch);
  }
}

/**
 * The turn without what belongs to its slot (which version is shown, and the others). Turns are
 * changed in place, never copied: a reply being written is the very object its stream writes into.
 */
function bare(m: StoredMessage): StoredMessage {
  delete m.versions;
  delete m.otherVersions;
  return m;
}

/** All versions of the slot at `at`, each with its branch, in the order they were made. */
function branchesAt(messages: readonly StoredMessage[], at: number): StoredMessage[][] {
  const head = messages[at];
  const others = head.otherVersions ?? [];
  const index = Math.min(head.versions?.shown ?? 0, others.length);
  const shown = [bare(head), ...messages.slice(at + 1)];
  return [...others.slice(0, index), shown, ...others.slice(index)];
}

/** The branch `branches[to]` shown at `at`, the others kept behind its first turn. */
function show(messages: readonly StoredMessage[], at: number, branches: StoredMessage[][], to: number): StoredMessage[] {
  const [first, ...rest] = branches[to];
  const others = branches.filter((_, i) => i !== to);
  if (others.length) Object.assign(first, { versions: { shown: to, count: branches.length }, otherVersions: others });
  return [...messages.slice(0, at), first, ...rest];
}

/**
 * The conversation with `turn` as the newest version of the slot at `at` (a regenerated reply, an
 * edited turn): what was there, with everything below it, is kept as the version before. At the
 * end of the list it is simply appended.
 */
export function withNewVersion(messages: readonly StoredMessage[], at: number, turn: StoredMessage): StoredMessage[] {
  if (at >= messages.length) return [...messages, turn];
  const branches = [...branchesAt(messages, at), [turn]];
  return show(messages, at, branches, branches.length - 1);
}

/** The conversation showing version `to` of the slot at `at`; undefined when there is no such version. */
export function switchVersion(messages: readonly StoredMessage[], at: number, to: number): StoredMessage[] | undefined {
  const head = messages[at];
  if (to === (head.versions?.shown ?? 0)) return [...messages];
  if (to > (head.otherVersions?.length ?? 0)) return undefined;
  return show(messages, at, branchesAt(messages, at), to);
}

/**
 * The conversation showing the branch that holds message `id`, each slot on its way switched to
 * the version that leads there (a search hit in a hidden version); `from`: the first slot
 * switched. Undefined when no branch holds it.
 */
export function reveal(messages: readonly StoredMessage[], id: string, offset = 0): { messages: StoredMessage[]; from: number } | undefined {
  if (messages.some((m) => m.id === id)) return { messages: [...messages], from: offset + messages.length };
  for (let at = 0; at < messages.length; at++) {
    const others = messages[at].otherVersions ?? [];
    const k = others.findIndex((branch) => [...everyMessage(branch)].some((m) => m.id === id));
    if (k < 0) continue;
    const shown = messages[at].versions?.shown ?? 0;
    const switched = switchVersion(messages, at, k < shown ? k : k + 1)!;
    // The rest may hide it deeper: a version of a later turn of this branch.
    const rest = reveal(switched.slice(at), id, offset + at)!;
    return { messages: [...switched.slice(0, at), ...rest.messages], from: offset + at };
  }
  return undefined;
}

/** A turn as the page is sent it: which version it is, never the hidden branches themselves. */
export function viewOf(m: StoredMessage): ChatMessageView {
  if (!m.otherVersions) return m;
  const { otherVersions: _others, ...rest } = m;
  return rest;
}

/** The hidden branches of every slot of the shown one, depth first (an export of all branches). */
export function* hiddenBranches(messages: readonly StoredMessage[]): Generator<{ at: number; version: number; count: number; branch: StoredMessage[] }> {
  for (let at = 0; at < messages.length; at++) {
    const m = messages[at];
    if (!m.otherVersions?.length) continue;
    const count = m.otherVersions.length + 1;
    const shown = m.versions?.shown ?? 0;
    for (const [i, branch] of m.otherVersions.entries()) yield { at, version: i < shown ? i : i + 1, count, branch };
  }
}

/** The branch shown alone, as copies without any turn's other versions (an export of the branch shown). */
export function shownOnly(messages: readonly StoredMessage[]): ChatMessageView[] {
  return messages.map(({ versions: _versions, otherVersions: _others, ...m }) => m);
}

/** What the page is answered after a switch: the branch from the switched turn on. */
export interface Switched {
  from: number;
  messages: ChatMessageView[];
  messageCount: number;
}
