/**
 * The media worker (a worker_threads entry): renders images and video and synthesizes speech off
 * the sandbox's event loop, which is the studio's host loop when the sandbox is embedded. One job
 * at a time; media-pool.ts starts, times and replaces these workers.
 */
import { parentPort } from 'node:worker_threads';
import { editImage } from './image-edit.js';
import { renderPromptImage } from './image-render.js';
import { INPUT_BYTES, OUTPUT_BYTES, asBuffer, prepareTransfer, type JobMessage, type MediaJobs, type MediaKind, type WorkerMessage } from './media-jobs.js';
import { synthesizeSpeech } from './speech-synth.js';
import { renderPromptVideo } from './video-render.js';

type Runner<K extends MediaKind> = (input: MediaJobs[K]['input']) => MediaJobs[K]['output'] | Promise<MediaJobs[K]['output']>;

const RUN: { [K in MediaKind]: Runner<K> } = {
  image: (input) => ({ png: renderPromptImage(input) }),
  video: renderPromptVideo,
  edit: editImage,
  speech: synthesizeSpeech,
};

/** The time-limit and crash faults: only the pool's terminate() ends a hang. */
function injectFault(fault: NonNullable<JobMessage['fault']>): void {
  if (fault === 'crash') {
    setImmediate(() => {
      throw new Error('Simulated media worker crash (sandbox fault)');
    });
    return;
  }
  const forever = Number.POSITIVE_INFINITY;
  while (Date.now() < forever) {
    // Spin without yielding, like a runaway encoder.
  }
}

async function run(port: NonNullable<typeof parentPort>, msg: JobMessage): Promise<void> {
  if (msg.fault) return injectFault(msg.fault);
  try {
    const input = asBuffer(msg.input, INPUT_BYTES[msg.kind]);
    const output = await (RUN[msg.kind] as Runner<MediaKind>)(input as never);
    const { value, transfer } = prepareTransfer(output, OUTPUT_BYTES[msg.kind]);
    port.postMessage({ type: 'done', id: msg.id, output: value } satisfies WorkerMessage, transfer);
  } catch (err) {
    port.postMessage({ type: 'failed', id: msg.id, message: err instanceof Error ? err.message : String(err) } satisfies WorkerMessage);
  }
}

if (parentPort) {
  const port = parentPort;
  port.on('message', (msg: JobMessage) => void run(port, msg));
  // The pool starts a job's time limit only from here, so a cold start (tsx compiling the
  // sources in development) is not counted against the job.
  port.postMessage({ type: 'ready' } satisfies WorkerMessage);
}
