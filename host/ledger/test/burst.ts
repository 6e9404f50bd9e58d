/**
 * The kill test's burst of 50 billed calls of every kind (ledger-kill.test.ts): 20 jobs queued in
 * one batch (image jobs, both video routes) and 30 synchronous calls (streamed chat, native
 * images, native text, speech), made one after another.
 */
export const BURST_JOBS = [
  ...Array.from({ length: 14 }, (_, n) => ({ route: 'image' as const, request: { model: 'seedream-4-0', prompt: `burst image ${n}`, resolution: '1K', n: 1 + (n % 2) } })),
  ...Array.from({ length: 3 }, (_, n) => ({ route: 'video' as const, request: { model: 'modelg3', prompt: `burst wave ${n}`, duration: 5 } })),
  ...Array.from({ length: 3 }, (_, n) => ({ route: 'video-multipart' as const, request: { model: 'wan2.5-t2v-preview', prompt: `burst fox ${n}`, seconds: '5', size: '1280*720' } })),
];

export type BurstCall = { kind: 'chat' | 'native-image' | 'native-text' | 'speech'; model: string; text: string };

const KINDS: readonly Omit<BurstCall, 'text'>[] = [
  { kind: 'chat', model: 'modela-5' },
  { kind: 'native-image', model: 'modelc-2.5-flash-image-preview' },
  { kind: 'speech', model: 'tts-1' },
  { kind: 'native-text', model: 'modelc-2.5-flash-image-preview' },
];

export const BURST_CALLS: readonly BurstCall[] = Array.from({ length: 30 }, (_, n) => ({ ...KINDS[n % KINDS.length]!, text: `burst call ${n}, said in ${n + 3} words or so` }));
