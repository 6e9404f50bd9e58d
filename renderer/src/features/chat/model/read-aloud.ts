/**
 * "Read aloud" on a reply: its words, or the part selected, made into speech through the same
 * call the Speech tab uses (`speech.synthesize`, spec 4.10), saved to the library like any speech
 * with the message as its source (docs/library-files.md, "Lineage"), and played on the reply.
 * Each reply's reading is kept here by message id, outside React: a reply scrolled out of the
 * virtualized list and back still shows its player, and a reading under way is not lost with it.
 * The voice is the chat's own choice, remembered; until one is made, the Speech tab's last.
 */
import { create } from 'zustand';
import type { ErrorData } from '@shared/contract/error-data.js';
import { SPEECH_LIMITS, SPEECH_VOICES, type SpeechVoice } from '@shared/gateway/catalog.js';
import { call } from '../../../api/client.js';
import { readDraft, readStored, writeStored } from '../../../state/draft-storage.js';
import type { ChatSource } from '../../../state/prompt-source.js';

/** A reply's reading: under way, played, failed (its words kept for "Read again"), or refused before sending. */
export type Reading =
  | { state: 'making'; chars: number }
  | { state: 'done'; itemId: string; voice: SpeechVoice; text: string }
  | { state: 'failed'; error: ErrorData; text: string }
  | { state: 'refused'; reason: 'tooLong' | 'empty'; chars: number };

const VOICE_KEY = 'chat-voice';
const isVoice = (v: unknown): v is SpeechVoice => typeof v === 'string' && Object.hasOwn(SPEECH_VOICES, v);

/** The chat's remembered voice; else the Speech tab's draft's (its last choice); else the first. */
function firstVoice(): SpeechVoice {
  const own = readStored<{ voice?: unknown }>(VOICE_KEY, {}).voice;
  if (isVoice(own)) return own;
  const speech = readDraft<{ voice?: unknown }>('speech', {}).voice;
  return isVoice(speech) ? speech : 'alloy';
}

interface ReadAloudState {
  byMessage: Record<string, Reading>;
  voice: SpeechVoice;
}

export const useReadAloudStore = create<ReadAloudState>()(() => ({ byMessage: {}, voice: firstVoice() }));

const setReading = (messageId: string, reading: Reading | undefined) =>
  useReadAloudStore.setState((s) => {
    const byMessage = { ...s.byMessage };
    if (reading) byMessage[messageId] = reading;
    else delete byMessage[messageId];
    return { byMessage };
  });

export function chooseVoice(voice: SpeechVoice): void {
  useReadAloudStore.setState({ voice });
  writeStored(VOICE_KEY, { voice });
}

/** Whether the words fit one speech request (the host refuses more: shared/contract/media.ts). */
export const tooLongToRead = (text: string) => text.length > SPEECH_LIMITS.maxInputChars;

/**
 * Makes speech of `text` for the reply `source` names; one reading per reply at a time. Words the
 * speech endpoint would refuse (none, or more than it takes) are refused here, saying why.
 */
export async function readAloud(source: ChatSource, text: string): Promise<void> {
  const id = source.messageId;
  if (useReadAloudStore.getState().byMessage[id]?.state === 'making') return;
  if (!text.trim() || tooLongToRead(text)) return setReading(id, { state: 'refused', reason: text.trim() ? 'tooLong' : 'empty', chars: text.length });
  const { voice } = useReadAloudStore.getState();
  setReading(id, { state: 'making', chars: text.length });
  try {
    const { item } = await call('speech.synthesize', {
      model: 'tts-1', input: text, voice, response_format: 'mp3', speed: 1,
      lineage: [{ kind: 'chatMessage', conversationId: source.conversationId, messageId: id, name: source.name.slice(0, 200) }],
    });
    setReading(id, { state: 'done', itemId: item.id, voice, text });
  } catch (e) {
    setReading(id, { state: 'failed', error: e as ErrorData, text });
  }
}

/** The player closed: the speech stays in the library. */
export const dismissReading = (messageId: string) => setReading(messageId, undefined);
