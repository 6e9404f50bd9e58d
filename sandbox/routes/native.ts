/**
 * Spec 4.5: the native generateContent / streamGenerateContent interface. Text models answer in
 * the envelope; the image models answer with the bare 2.9 object (spec's exception).
 */
import { check, NativeRequest } from '@shared/gateway/index.js';
import { isNativeImageModel, isNativeTextModel, NATIVE_MODELS } from '../spec/tables.js';
import { GatewayError, invalid, readJson, sendEnvelope, sendJson } from '../core/http.js';
import { nativeImageCost } from '../core/prices.js';
import { chargeMedia, chargeText } from '../core/billing.js';
import type { Call, Route, SandboxState } from '../core/context.js';
import { composeReply, finishDirective } from '../text/reply.js';
import { applyLimits, countTokens, firstTokens, IMAGE_PROMPT_TOKENS, tokenDeltas } from '../text/tokens.js';
import { writeStream } from '../text/stream.js';
import { sniffImage } from '@media/sniff.js';
import { mediaFailure, renderMedia } from '../core/generate.js';

type Part = { text: string } | { inlineData: { mimeType: string; data: string } };

const SAFE = ['HARM_CATEGORY_HARASSMENT', 'HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_SEXUALLY_EXPLICIT', 'HARM_CATEGORY_DANGEROUS_CONTENT']
  .map((category) => ({ category, probability: 'NEGLIGIBLE' }));

function ratings(blocked: boolean) {
  return blocked ? SAFE.map((r) => (r.category === 'HARM_CATEGORY_DANGEROUS_CONTENT' ? { ...r, probability: 'HIGH' } : r)) : SAFE;
}

interface Answer {
  parts: Part[];
  finishReason: 'STOP' | 'MAX_TOKENS' | 'SAFETY' | 'RECITATION' | 'OTHER';
  promptTokens: number;
  imageTokens: number;
  candidateTokens: number;
  thoughtsTokens?: number;
}

async function answer(s: SandboxState, model: string, body: NativeRequest): Promise<Answer> {
  const parts = body.contents.flatMap((c) => c.parts) as Part[];
  const texts = parts.flatMap((p) => ('text' in p ? [p.text] : []));
  const images = parts.flatMap((p) => ('inlineData' in p ? [Buffer.from(p.inlineData.data, 'base64')] : []));
  const lastUser = [...body.contents].reverse().find((c) => c.role !== 'model');
  const prompt = (lastUser?.parts as Part[] | undefined)?.flatMap((p) => ('text' in p ? [p.text] : [])).join('\n') ?? '';
  const promptTokens = texts.reduce((n, t) => n + countTokens(t), 0);
  const imageTokens = images.length * IMAGE_PROMPT_TOKENS;
  const sniffed = await Promise.all(images.map((b) => sniffImage(b)));
  const labels = sniffed.map((f, i) => (f.format === 'unknown' ? `${images[i].length} bytes of unknown data` : `${f.format.toUpperCase()} ${f.width ?? '?'}×${f.height ?? '?'}`));

  const wantsImage = isNativeImageModel(model) && (body.generationConfig?.responseModalities ?? []).includes('IMAGE');
  if (wantsImage) {
    const source = images.find((_b, i) => ['png', 'jpeg'].includes(sniffed[i].format));
    // Decoding an untrusted upload and encoding a PNG both run in a media worker
    // (docs/robust-host.md, "Principles").
    const { png } = await (source
      ? renderMedia(s, 'edit', { input: source, instruction: prompt || 'edit' })
      : renderMedia(s, 'image', { prompt: prompt || 'untitled', width: 1024, height: 1024 })
    ).catch(mediaFailure('Image generation'));
    const note = source ? `Edited the ${labels[0]} image as asked: "${prompt}".` : `Generated a 1024×1024 image for: "${prompt}".`;
    const out: Part[] = [{ inlineData: { mimeType: 'image/png', data: png.toString('base64') } }, { text: note }];
    return { parts: out, finishReason: 'STOP', promptTokens, imageTokens, candidateTokens: countTokens(note) + 1290 };
  }

  const system = body.systemInstruction?.parts.map((p) => p.text).join(' ') || undefined;
  let text = composeReply({ api: 'native generateContent', model, prompt, turns: body.contents.length, system, images: labels, tools: [], choice: 0 });
  let finishReason: Answer['finishReason'] = finishDirective(prompt) ?? 'STOP';
  const max = body.generationConfig?.maxOutputTokens;
  const stop = body.generationConfig?.stopSequences;
  if (finishReason === 'STOP' && (max !== undefined || stop?.length)) {
    // A stop sequence ends the text normally (STOP); only the token limit is MAX_TOKENS.
    const limited = applyLimits(text, { maxTokens: max, stop });
    [text, finishReason] = [limited.text, limited.finish === 'length' ? 'MAX_TOKENS' : 'STOP'];
  } else if (finishReason === 'MAX_TOKENS') text = firstTokens(text, Math.min(max ?? 16, 16));
  else if (finishReason === 'SAFETY') text = '';
  else if (finishReason !== 'STOP') text = firstTokens(text, 12);
  const candidateTokens = countTokens(text);
  const thinking = (NATIVE_MODELS.thinking as readonly string[]).includes(model);
  return {
    parts: text ? [{ text }] : [],
    finishReason,
    promptTokens,
    imageTokens,
    candidateTokens,
    thoughtsTokens: thinking ? 24 + Math.ceil(candidateTokens / 2) : undefined,
  };
}

function usageMetadata(a: Answer, candidateTokens = a.candidateTokens) {
  const prompt = a.promptTokens + a.imageTokens;
  return {
    promptTokenCount: prompt,
    candidatesTokenCount: candidateTokens,
    totalTokenCount: prompt + candidateTokens + (a.thoughtsTokens ?? 0),
    ...(a.thoughtsTokens !== undefined ? { thoughtsTokenCount: a.thoughtsTokens } : {}),
    promptTokensDetails: [
      { modality: 'TEXT', tokenCount: a.promptTokens },
      ...(a.imageTokens ? [{ modality: 'IMAGE', tokenCount: a.imageTokens }] : []),
    ],
  };
}

function responseObject(model: string, a: Answer, parts: Part[], finishReason: string | undefined, candidateTokens: number) {
  const text = isNativeTextModel(model);
  return {
    candidates: [{
      content: { role: 'model', parts },
      ...(finishReason ? { finishReason } : {}),
      ...(text ? { index: 0 } : {}),
      safetyRatings: ratings(a.finishReason === 'SAFETY'),
    }],
    ...(text ? { promptFeedback: { safetyRatings: ratings(false) } } : {}),
    usageMetadata: usageMetadata(a, candidateTokens),
  };
}

async function handle(s: SandboxState, call: Call): Promise<void> {
  const [model, method] = call.params;
  if (!isNativeTextModel(model) && !isNativeImageModel(model)) {
    throw new GatewayError(404, `Model '${model}' is not available on the native interface; text: modelc-2.5-flash, modelc-2.5-pro, modelc-2.5-flash-lite, modelc-2.5-pro-thinking; image: modelc-2.5-flash-image-preview, modelc-3-pro-image-preview`, 'model');
  }
  const checked = check(NativeRequest, await readJson(call.req, s.maxBodyBytes));
  if (!checked.ok) throw invalid(checked.problems);
  const wantsImage = isNativeImageModel(model) && (checked.value.generationConfig?.responseModalities ?? []).includes('IMAGE');
  if (wantsImage) s.accounts.requireCash(call.account, nativeImageCost(model, 1));
  else s.accounts.requireTokens(call.account, 1);

  const a = await answer(s, model, checked.value);
  if (wantsImage) {
    // Billed per image part; its tokens are still counted in the token balance.
    const images = a.parts.filter((p) => 'inlineData' in p).length;
    chargeMedia(s, call, { model, units: { images }, amount: nativeImageCost(model, images) });
    s.accounts.chargeTokens(call.account, usageMetadata(a).totalTokenCount);
  } else {
    chargeText(s, call, model, { prompt: a.promptTokens + a.imageTokens, completion: a.candidateTokens, thinking: a.thoughtsTokens ?? 0 });
  }

  if (method === 'generateContent') {
    const obj = responseObject(model, a, a.parts, a.finishReason, a.candidateTokens);
    if (isNativeTextModel(model)) sendEnvelope(call.res, obj);
    else sendJson(call.res, 200, obj);
    return;
  }
  // streamGenerateContent: text in token-sized pieces; the last event carries finishReason.
  const pieces: Part[][] = a.parts.flatMap((p): Part[][] => ('text' in p ? tokenDeltas(p.text).map((t) => [{ text: t }]) : [[p]]));
  if (pieces.length === 0) pieces.push([]);
  function* payloads() {
    let sent = 0;
    for (let i = 0; i < pieces.length; i++) {
      const last = i === pieces.length - 1;
      sent += pieces[i].reduce((n, p) => n + ('text' in p ? countTokens(p.text) : 0), 0);
      yield JSON.stringify(responseObject(model, a, pieces[i], last ? a.finishReason : undefined, last ? a.candidateTokens : sent));
    }
  }
  await writeStream(call.res, payloads(), {
    format: call.url.searchParams.get('alt') === 'sse' ? 'sse' : 'json-array',
    paceMs: s.clock.realMs(s.streamPaceMs),
    doneMarker: false,
    fault: s.faults.nextStreamFault(),
  });
}

export const nativeRoutes: Route[] = [{
  method: 'POST',
  pattern: /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/,
  auth: true,
  googKey: (c) => isNativeImageModel(c.params[0]),
  handler: handle,
}];
