/** Shots and sandbox counters for the storyboard's tests through the contract (docs/storyboards.md). */
import { randomUUID } from 'node:crypto';

export interface ShotOptions {
  narration?: string | null;
  pictureModel?: string;
  videoModel?: string;
  seconds?: number;
}

/** A shot whose picture and video prompts carry `name`, so the sandbox's counts name each stage. */
export function shot(name: string, o: ShotOptions = {}) {
  return {
    id: randomUUID(),
    picture: { source: 'generate', model: o.pictureModel ?? 'seedream-4-0', prompt: `picture ${name}`, resolution: '1K' },
    video: { model: o.videoModel ?? 'modelg3', prompt: `video ${name}`, durationSeconds: o.seconds ?? 5 },
    narration: o.narration === null ? null : { text: o.narration ?? `narration ${name}`, voice: 'alloy', speed: 1 },
  };
}

export const board = (shots: unknown[], title = 'Harbour at dawn') => ({ title, aspectRatio: '16:9', shots });

/** How many tasks the sandbox took per prompt (pictures and videos). */
export async function submissions(url: string): Promise<Record<string, number>> {
  return ((await (await fetch(`${url}/_sandbox/submissions`)).json()) as { prompts: Record<string, number> }).prompts;
}

/** How often the sandbox sold each shot's picture, video and narration (`<stage> <n>`), by shot. */
export async function boughtPerStage(url: string, shots: number): Promise<Record<'picture' | 'video' | 'narration', number[]>> {
  const { prompts, speech } = (await (await fetch(`${url}/_sandbox/submissions`)).json()) as { prompts: Record<string, number>; speech: Record<string, number> };
  const each = (stage: string, counts: Record<string, number>) => Array.from({ length: shots }, (_, n) => counts[`${stage} ${n}`] ?? 0);
  return { picture: each('picture', prompts), video: each('video', prompts), narration: each('narration', speech) };
}

/** How many speech calls the sandbox billed. */
export async function speechCalls(url: string): Promise<number> {
  const spend = (await (await fetch(`${url}/_sandbox/spend?key=sk-sandbox`)).json()) as { rows: { route: string; kind: string }[] };
  return spend.rows.filter((r) => r.kind === 'charge' && r.route.includes('/v1/audio/speech')).length;
}

/** Every stage of every shot in one of `states` (a narration-less shot's narration is idle). */
export function allStages(view: { shots: { narration: unknown; stages: Record<string, { state: string }> }[] }, state: string): boolean {
  return view.shots.every((s) => Object.entries(s.stages).every(([name, st]) => st.state === state || (name === 'narration' && s.narration === null && st.state === 'idle')));
}

/** No stage is waiting or running. */
export const settled = (view: { shots: { stages: Record<string, { state: string }> }[] }) =>
  view.shots.every((s) => Object.values(s.stages).every((st) => st.state !== 'waiting' && st.state !== 'running'));
