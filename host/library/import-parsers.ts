/**
 * What other image tools (and the studio itself) write into a file about how it was made, read
 * back as a prompt, a model and settings (docs/library-files.md, "Bringing files in"). Every text
 * here came from a dropped file: it is bounded before it reaches these parsers (import-metadata.ts)
 * and each parser only picks fields it knows, never trusting a shape.
 */

export interface ReadMeta {
  /** The tool that wrote the metadata: 'Gateway Studio', 'AUTOMATIC1111', 'ComfyUI', 'InvokeAI'. */
  tool?: string;
  prompt?: string;
  model?: string;
  params: Record<string, unknown>;
  createdAt?: number;
}

/** Longest prompt kept: a prompt is a paragraph, not a book. */
export const MAX_PROMPT_CHARS = 20_000;
/** Longest setting value kept (a workflow kept raw is cut to this). */
export const MAX_VALUE_CHARS = 64 * 1024;
/** Most settings kept from one file. */
const MAX_PARAMS = 64;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A setting's value: numbers as numbers, strings cut, anything else (arrays, objects) dropped. */
function keepValue(v: unknown): unknown {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') return clip(v, MAX_VALUE_CHARS);
  return undefined;
}

function put(params: Record<string, unknown>, key: string, v: unknown): void {
  const kept = keepValue(v);
  if (kept === undefined || kept === '' || Object.keys(params).length >= MAX_PARAMS) return;
  params[key] = kept;
}

/** `CFG scale` → `cfg_scale`: the snake case the studio's settings use. */
const snake = (label: string) => label.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

/** One `Key: value` pair's value: quoted ones are JSON strings, numbers become numbers. */
function pairValue(raw: string): unknown {
  let text = raw.trim();
  if (text.startsWith('"')) {
    try {
      text = String(JSON.parse(text));
    } catch {
      // an unbalanced quote: the text as written
    }
  }
  return /^-?\d+(\.\d+)?$/.test(text) && text.length < 16 ? Number(text) : text;
}

/** AUTOMATIC1111's own pattern for its settings line (modules/infotext_utils.py). */
const PAIR = /\s*(\w[\w \-/]*):\s*("(?:\\.|[^\\"])*"|[^,]*)(?:,|$)/g;

/**
 * The `parameters` text AUTOMATIC1111 and Forge write, and the studio writes into its own JPEGs
 * and MP4s (file-metadata.ts): the prompt, "Negative prompt: …", then "Steps: 20, Sampler: …".
 */
export function parseParameters(text: string): ReadMeta {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  // The settings are the last line, never the only one (a one-line text is a prompt alone).
  const last = lines.at(-1) ?? '';
  const settings = lines.length > 1 && [...last.matchAll(PAIR)].filter((m) => m[0]).length >= 2 ? (lines.pop() ?? '') : '';
  const negAt = lines.findIndex((l) => l.startsWith('Negative prompt:'));
  const promptLines = negAt < 0 ? lines : lines.slice(0, negAt);
  const negative = negAt < 0 ? undefined : lines.slice(negAt).join('\n').slice('Negative prompt:'.length).trim();
  const params: Record<string, unknown> = {};
  if (negative) put(params, 'negative_prompt', negative);
  let model: string | undefined;
  let tool = 'AUTOMATIC1111';
  for (const m of settings.matchAll(PAIR)) {
    if (!m[0]) break;
    const key = snake(m[1]);
    const value = pairValue(m[2]);
    if (!key) continue;
    if (key === 'model' && typeof value === 'string') model = value;
    else if (key === 'software') tool = String(value);
    else put(params, key, value);
  }
  return { tool, prompt: clip(promptLines.join('\n').trim(), MAX_PROMPT_CHARS), model, params };
}

/** The studio's own record (embed-metadata.ts, the `gateway-studio` chunk): read exactly. */
export function parseStudioJson(json: unknown): ReadMeta | undefined {
  if (!isRecord(json) || typeof json.prompt !== 'string') return undefined;
  const params: Record<string, unknown> = {};
  if (isRecord(json.params)) for (const [k, v] of Object.entries(json.params)) put(params, k, v);
  const created = typeof json.createdAt === 'string' ? Date.parse(json.createdAt) : NaN;
  return {
    tool: 'Gateway Studio',
    prompt: clip(json.prompt, MAX_PROMPT_CHARS),
    model: typeof json.model === 'string' ? clip(json.model, 200) : undefined,
    params,
    createdAt: Number.isFinite(created) ? created : undefined,
  };
}

/** The text a ComfyUI node's input names, when it is another text node: `[nodeId, slot]`. */
function linkedText(graph: Record<string, unknown>, link: unknown): string | undefined {
  if (!Array.isArray(link) || (typeof link[0] !== 'string' && typeof link[0] !== 'number')) return undefined;
  const node = graph[String(link[0])];
  const text = isRecord(node) && isRecord(node.inputs) ? node.inputs.text : undefined;
  return typeof text === 'string' ? text : undefined;
}

/**
 * ComfyUI's `prompt` chunk (the API graph: `{ id: { class_type, inputs } }`): the positive and
 * negative texts are the CLIPTextEncode nodes a sampler's `positive` and `negative` inputs name,
 * its seed, steps, cfg and sampler the sampler's own; the checkpoint's name is the model. A
 * graph read no other way is kept raw as the `comfyui_prompt` setting.
 */
export function parseComfy(graphText: string): ReadMeta {
  const params: Record<string, unknown> = {};
  let graph: unknown;
  try {
    graph = JSON.parse(graphText);
  } catch {
    graph = undefined;
  }
  if (!isRecord(graph)) return { tool: 'ComfyUI', params: { comfyui_prompt: clip(graphText, MAX_VALUE_CHARS) } };
  let prompt: string | undefined;
  let model: string | undefined;
  let firstText: string | undefined;
  for (const node of Object.values(graph)) {
    if (!isRecord(node) || !isRecord(node.inputs)) continue;
    const inputs = node.inputs;
    if (typeof inputs.ckpt_name === 'string') model ??= inputs.ckpt_name;
    if (String(node.class_type).startsWith('CLIPTextEncode') && typeof inputs.text === 'string') firstText ??= inputs.text;
    const positive = linkedText(graph, inputs.positive);
    if (positive === undefined || prompt !== undefined) continue;
    prompt = positive;
    const negative = linkedText(graph, inputs.negative);
    if (negative) put(params, 'negative_prompt', negative);
    for (const [from, to] of [['seed', 'seed'], ['noise_seed', 'seed'], ['steps', 'steps'], ['cfg', 'cfg_scale'], ['sampler_name', 'sampler'], ['scheduler', 'scheduler'], ['denoise', 'denoise']]) {
      if (!(to in params)) put(params, to, inputs[from]);
    }
  }
  prompt ??= firstText;
  if (prompt === undefined) put(params, 'comfyui_prompt', graphText);
  return { tool: 'ComfyUI', prompt: prompt === undefined ? undefined : clip(prompt, MAX_PROMPT_CHARS), model, params };
}

/** InvokeAI's `invokeai_metadata` chunk: a flat record of the generation's settings. */
export function parseInvoke(json: unknown): ReadMeta | undefined {
  if (!isRecord(json)) return undefined;
  const params: Record<string, unknown> = {};
  for (const [from, to] of [['negative_prompt', 'negative_prompt'], ['seed', 'seed'], ['steps', 'steps'], ['cfg_scale', 'cfg_scale'], ['scheduler', 'scheduler'], ['width', 'width'], ['height', 'height']]) {
    put(params, to, json[from]);
  }
  const model = isRecord(json.model) && typeof json.model.name === 'string' ? json.model.name : typeof json.model === 'string' ? json.model : undefined;
  const prompt = typeof json.positive_prompt === 'string' ? clip(json.positive_prompt, MAX_PROMPT_CHARS) : undefined;
  return { tool: 'InvokeAI', prompt, model: model && clip(model, 200), params };
}
