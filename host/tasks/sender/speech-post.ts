/**
 * A speech call as the sender process makes it (docs/robust-host.md, "Speech through the sender"):
 * spec 4.10 answers the audio itself, with no task to ask about later, so the answer is kept
 * whole on disk before the hand-off row says `answered`. The bytes go to `<file>.part`, are
 * flushed, then renamed to `<file>`: a file under its final name is always a whole answer, and a
 * `.part` one is never taken for audio.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { msg } from '@shared/messages/index.js';
import type { GatewayClient } from '../../gateway/client.js';
import { GatewayFailure } from '../../gateway/failure.js';
import type { SpeakRequest, SpokenAudio } from './protocol.js';

/** The temporary name of an answer being written. */
export const partOf = (file: string) => `${file}.part`;

export async function postSpeech(client: GatewayClient, jobId: string, speech: SpeakRequest['speech'], now = Date.now): Promise<SpokenAudio> {
  // The hand-off's id is the call's id: the ledger's row links the item saved from it (docs/ledger.md, "Rows").
  const res = await client.send({ method: 'POST', path: '/v1/audio/speech', json: speech.json, timeoutMs: 180_000, maxBytes: speech.maxBytes, billing: { callId: jobId } });
  const part = partOf(speech.file);
  try {
    mkdirSync(dirname(speech.file), { recursive: true });
    await pipeline(res.body, createWriteStream(part));
    const handle = await open(part, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (err) {
    await rm(part, { force: true });
    if (err instanceof GatewayFailure) throw err; // over the size limit
    throw new GatewayFailure('unreachable', msg('gateway.network.audioDropped'), true);
  }
  await rename(part, speech.file);
  return { file: speech.file, mime: res.header('content-type') ?? undefined, status: res.status, at: now() };
}
