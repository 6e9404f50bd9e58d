/**
 * A chat reply used as a prompt (docs/library-files.md, "Lineage"): the Image or Video job sent
 * with it names the message while the prompt is still that text, edited or not; once the creator
 * clears it or puts other words in its place, the job names nothing. Driven as a creator does:
 * the text handed over, then each change the prompt box makes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { lineageOf, rememberRemix, withLineage, withNativeLineage } from './lineage-store.js';
import { followPrompt, forgetPromptSources, rememberPromptSource } from './prompt-source.js';
import { usePromptHandoffStore } from './prompt-handoff.js';

const REPLY = 'A lighthouse on a cliff at dusk, its beam sweeping over a stormy sea';
const source = { conversationId: 'conv-1', messageId: 'msg-9', name: 'Coast ideas' };
const ref = { kind: 'chatMessage', ...source };

const imageJob = (prompt: string) => ({ route: 'image' as const, request: { model: 'seedream-4-0', prompt } });
const videoJob = (prompt: string) => ({ route: 'video' as const, request: { model: 'modelg3', prompt } });

/** The prompt box's changes, one at a time, as typing makes them. */
function typeInto(tab: 'image' | 'video', from: string, to: string): string {
  let now = from;
  while (now !== to) {
    now = to.startsWith(now) ? to.slice(0, now.length + 1) : now.slice(0, -1);
    followPrompt(tab, now);
  }
  return now;
}

afterEach(() => {
  forgetPromptSources();
  usePromptHandoffStore.setState({ pending: null });
});

describe('a prompt that came from a chat reply', () => {
  it('names the message in the job sent with it, as it was handed over', () => {
    rememberPromptSource('image', REPLY, source);
    expect(lineageOf(imageJob(REPLY) as never)).toEqual([ref]);
    expect(withNativeLineage({ model: 'modelc-2.5-flash-image-preview', prompt: REPLY }).lineage).toEqual([ref]);
  });

  it('keeps naming it through edits: words added, words taken out, typed a key at a time', () => {
    rememberPromptSource('video', REPLY, source);
    let prompt = typeInto('video', REPLY, `${REPLY}, cinematic, slow dolly in`);
    expect(lineageOf(videoJob(prompt) as never)).toEqual([ref]);
    prompt = 'A lighthouse on a cliff at dusk, slow dolly in';
    followPrompt('video', prompt);
    expect(withLineage(videoJob(prompt) as never)).toMatchObject({ lineage: [ref] });
  });

  it('drops it when the prompt is replaced whole, and it stays dropped', () => {
    rememberPromptSource('image', REPLY, source);
    followPrompt('image', 'a bowl of ramen, studio light');
    expect(lineageOf(imageJob('a bowl of ramen, studio light') as never)).toBeUndefined();
    // Typing back towards the reply's words later is the creator's own prompt now.
    followPrompt('image', 'A lighthouse on a cliff');
    expect(lineageOf(imageJob('A lighthouse on a cliff') as never)).toBeUndefined();
  });

  it('drops it when the prompt is cleared, even by deleting a key at a time, before new words are typed', () => {
    rememberPromptSource('image', REPLY, source);
    typeInto('image', REPLY, '');
    const prompt = typeInto('image', '', `${REPLY.slice(0, 20)} in winter`);
    expect(lineageOf(imageJob(prompt) as never)).toBeUndefined();
  });

  it('is not sent with a prompt that does not hold it, even when no change was followed', () => {
    rememberPromptSource('image', REPLY, source);
    expect(lineageOf(imageJob('something else entirely') as never)).toBeUndefined();
  });

  it('belongs to its tab: the other tab\'s jobs do not name it, and a newer hand-off replaces it', () => {
    rememberPromptSource('image', REPLY, source);
    expect(lineageOf(videoJob(REPLY) as never)).toBeUndefined();
    const other = { conversationId: 'conv-2', messageId: 'msg-1', name: 'Other' };
    rememberPromptSource('image', REPLY, other);
    expect(lineageOf(imageJob(REPLY) as never)).toEqual([{ kind: 'chatMessage', ...other }]);
  });

  it('goes with a remix\'s own source when the remix kept the words', () => {
    rememberPromptSource('image', REPLY, source);
    rememberRemix('image', { id: 'img-0', prompt: REPLY });
    expect(lineageOf(imageJob(REPLY) as never)).toEqual([{ kind: 'remixOf', itemId: 'img-0', name: REPLY }, ref]);
    rememberRemix('image', undefined);
  });
});

describe('the hand-off to a tab\'s prompt', () => {
  it('is taken once, by the tab it was meant for only', () => {
    usePromptHandoffStore.getState().stash('video', REPLY, source);
    expect(usePromptHandoffStore.getState().take('image')).toBeUndefined();
    expect(usePromptHandoffStore.getState().take('video')).toEqual({ text: REPLY, source });
    expect(usePromptHandoffStore.getState().take('video')).toBeUndefined();
  });
});
