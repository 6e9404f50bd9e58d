/**
 * What each stage of a shot sends (docs/storyboards.md, "The chain"): the picture as an image job,
 * the video as a generations video job started from the picture's public link (spec 4.7,
 * `image_url`), the narration as a speech call (spec 4.10). The same requests decide the
 * dependency rule: a stage is stale when the request it would send changes.
 */
import { GENERATIONS_VIDEO_MODELS, IMAGE_MODELS, LINK_TTL_SECONDS } from '@shared/gateway/catalog.js';
import type { SpeechInput } from '@shared/contract/media.js';
import type { LineageRef } from '@shared/contract/lineage-ref.js';
import type { Shot } from '@shared/contract/storyboard.js';
import { msg, type Message } from '@shared/messages/index.js';
import type { JobSpec } from '../tasks/job-spec.js';
import type { LibraryItem } from '../library/library-item.js';

export interface BoardFacts {
  id: string;
  title: string;
  aspectRatio: string;
}

/** Stands in for the picture's link while a board is checked before its picture exists. */
export const LINK_STAND_IN = 'https://example.com/storyboard-start.png';

const boardRef = (b: BoardFacts, shot: Shot): LineageRef => ({ kind: 'storyboardShot', boardId: b.id, shotId: shot.id, name: b.title.slice(0, 200) });

/** The image job of a generated picture: one picture, the board's ratio where the model has it as a size. */
export function pictureSpec(b: BoardFacts, shot: Shot): JobSpec | undefined {
  const p = shot.picture;
  if (p.source !== 'generate') return undefined;
  const sizes = IMAGE_MODELS[p.model]?.sizes ?? [];
  const size = p.size ?? (sizes.includes(b.aspectRatio) ? b.aspectRatio : undefined);
  const request = { model: p.model, prompt: p.prompt, n: 1, ...(size ? { size } : {}), ...(p.resolution ? { resolution: p.resolution } : {}) };
  return { route: 'image', request, lineage: [boardRef(b, shot)] } as JobSpec;
}

/** The words the video moves by: its own, else the picture's prompt, else the board's title. */
const videoPrompt = (b: BoardFacts, shot: Shot) => shot.video.prompt || (shot.picture.source === 'generate' ? shot.picture.prompt : '') || b.title;

export const videoRatio = (b: BoardFacts, shot: Shot) => shot.video.aspectRatio ?? b.aspectRatio;

/** A ratio the video model does not make, said with the ones it does; undefined when it makes it. */
export function ratioRefusal(b: BoardFacts, shot: Shot): Message | undefined {
  const ratios = GENERATIONS_VIDEO_MODELS[shot.video.model]?.aspectRatios ?? [];
  const ratio = videoRatio(b, shot);
  return ratios.includes(ratio) ? undefined : msg('storyboard.shot.ratio', { model: shot.video.model, ratio, ratios: ratios.join(', ') });
}

/** The video job, started from `link` (the picture's public link), its picture named as its source. */
export function videoSpec(b: BoardFacts, shot: Shot, picture: { itemId?: string; link: string; name?: string }): JobSpec {
  const request = { model: shot.video.model, prompt: videoPrompt(b, shot), duration: shot.video.durationSeconds, aspect_ratio: videoRatio(b, shot), image_url: picture.link };
  const lineage: LineageRef[] = picture.itemId ? [{ kind: 'startImage', itemId: picture.itemId, ...(picture.name ? { name: picture.name.slice(0, 200) } : {}) }] : [];
  return { route: 'video', request, lineage: [...lineage, boardRef(b, shot)] } as JobSpec;
}

/** The speech call of a narration (tts-1 unless the shot names a model), MP3. */
export function narrationInput(b: BoardFacts, shot: Shot): SpeechInput | undefined {
  const n = shot.narration;
  if (!n) return undefined;
  return { model: n.model ?? 'tts-1', input: n.text, voice: n.voice, speed: n.speed, response_format: 'mp3', lineage: [boardRef(b, shot)] };
}

/**
 * The public link the gateway fetches a picture by (spec 4.7 takes only a link): the one the
 * gateway gave when the picture was made, while it lives (24 hours from its save). A picture
 * imported or older has none: said, never guessed.
 */
export function pictureLink(item: LibraryItem | undefined, now: number): { link: string } | { error: Message } {
  if (!item) return { error: msg('storyboard.shot.pictureGone') };
  if (item.kind !== 'image') return { error: msg('storyboard.shot.notPicture') };
  const fresh = item.savedAt + LINK_TTL_SECONDS * 1000 > now;
  if (!item.sourceUrl || !/^https?:\/\//i.test(item.sourceUrl) || !fresh) return { error: msg('storyboard.shot.noLink') };
  return { link: item.sourceUrl };
}

const requestKey = (spec: JobSpec | SpeechInput | undefined, drop: string[] = []) => {
  if (!spec) return '';
  const request = { ...('request' in spec ? spec.request : spec) } as Record<string, unknown>;
  for (const k of [...drop, 'lineage']) delete request[k];
  return JSON.stringify(request);
};

/**
 * The dependency rule: which stages of a shot a change makes stale. A picture whose request
 * changed is stale, and so is the video made from it; a video whose request changed (its model,
 * words, length or ratio) is stale alone; a narration whose words, voice, speed or model changed
 * is stale alone. The board's title names the shot's files and changes none of them.
 */
export function staleStages(before: { board: BoardFacts; shot: Shot }, after: { board: BoardFacts; shot: Shot }): ('picture' | 'video' | 'narration')[] {
  const out: ('picture' | 'video' | 'narration')[] = [];
  const pictureOf = (x: { board: BoardFacts; shot: Shot }) => (x.shot.picture.source === 'library' ? `library:${x.shot.picture.itemId}` : requestKey(pictureSpec(x.board, x.shot)));
  const pictureStale = pictureOf(before) !== pictureOf(after);
  if (pictureStale) out.push('picture');
  if (pictureStale || requestKey(videoSpec(before.board, before.shot, { link: '' }), ['image_url']) !== requestKey(videoSpec(after.board, after.shot, { link: '' }), ['image_url'])) out.push('video');
  if (requestKey(narrationInput(before.board, before.shot)) !== requestKey(narrationInput(after.board, after.shot))) out.push('narration');
  return out;
}
