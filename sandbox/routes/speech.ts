/** Spec 4.10: speech synthesis; the success body is the binary audio, not an envelope. */
import { check } from '@shared/gateway/index.js';
import { SPEECH, type SpeechFormat, type SpeechModel } from '../spec/tables.js';
import { SpeechRequest } from '../spec/requests.js';
import { invalid, readJson } from '../core/http.js';
import { speechCost } from '../core/prices.js';
import { chargeMedia } from '../core/billing.js';
import { countSpeech } from '../core/speech-count.js';
import type { Route } from '../core/context.js';
import { mediaFailure, renderMedia } from '../core/generate.js';

export const speechRoutes: Route[] = [{
  method: 'POST',
  pattern: /^\/v1\/audio\/speech$/,
  auth: true,
  async handler(s, call) {
    const checked = check(SpeechRequest, await readJson(call.req, s.maxBodyBytes));
    if (!checked.ok) throw invalid(checked.problems);
    const r = checked.value as typeof checked.value & { model: SpeechModel; response_format?: SpeechFormat };
    const cost = speechCost(r.model, r.input.length);
    s.accounts.requireCash(call.account, cost);
    const format = r.response_format ?? 'mp3';
    const out = await renderMedia(s, 'speech', { text: r.input, voice: r.voice, format, speed: r.speed ?? 1, model: r.model })
      .catch(mediaFailure('Speech synthesis'));
    chargeMedia(s, call, { model: r.model, units: { characters: r.input.length }, amount: cost });
    countSpeech(s, r.input);
    call.res.writeHead(200, { 'Content-Type': SPEECH.contentTypes[format], 'Content-Length': String(out.audio.length) });
    call.res.end(out.audio);
  },
}];
