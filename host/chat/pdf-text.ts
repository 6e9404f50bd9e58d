/**
 * A PDF's text, read in a worker thread (pdf-worker.ts): PDF.js parses a big document for
 * seconds, which on the host's loop would hold every other call (docs/house-rules.md; the
 * documents bench measures the loop while a 300-page PDF is read). One worker per PDF, ended
 * after its answer or at the time limit.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { msg } from '@shared/messages/index.js';
import { coreError } from '../errors.js';
import type { PdfAnswer } from './pdf-worker.js';

/** A PDF whose text takes longer than this is refused: its reader is stopped. */
export const PDF_TIME_LIMIT_MS = 120_000;
const PDF_MEMORY_MB = 1024;

/** The bundle's .js beside us (electron.vite.config.ts), else the .ts sources through tsx (as schema-checker.ts). */
function workerEntry(): { script: string; evalCode: boolean } {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [here, dirname(here)]) {
    const built = join(dir, 'pdf-worker.js');
    if (existsSync(built)) return { script: built, evalCode: false };
  }
  const tsxApi = 'tsx/esm/api';
  const api = import.meta.resolve(tsxApi);
  const source = pathToFileURL(join(here, 'pdf-worker.ts')).href;
  return { script: `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(source)}); });`, evalCode: true };
}

export function pdfText(name: string, data: Uint8Array, timeLimitMs = PDF_TIME_LIMIT_MS): Promise<{ text: string; pages: number }> {
  const { script, evalCode } = workerEntry();
  // A copy the worker owns: the caller's bytes stay usable.
  // A hostile PDF can ask for any amount of memory: the worker dies at this cap, not the host.
  const worker = new Worker(script, { eval: evalCode, workerData: new Uint8Array(data), resourceLimits: { maxOldGenerationSizeMb: PDF_MEMORY_MB } });
  return new Promise((resolve, reject) => {
    const refuse = (reason: string) => reject(coreError('invalid_input', msg('documents.pdfUnreadable', { name, reason }), 'data'));
    const timer = setTimeout(() => refuse(`it took over ${timeLimitMs / 1000} s`), timeLimitMs);
    const end = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.once('message', (answer: PdfAnswer) => {
      end();
      if ('error' in answer) refuse(answer.error);
      else resolve(answer);
    });
    worker.once('error', (err) => {
      end();
      refuse(err.message);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      refuse(`its reader stopped (${code})`);
    });
  });
}
