/**
 * The schema worker (schema-checker.ts): compiles tool schemas and checks arguments off the host's
 * loop (docs/robust-host.md, "Tool schemas"). One job at a time; a job past its time limit gets
 * this worker terminated, so nothing here needs to watch the clock.
 */
import { parentPort } from 'node:worker_threads';
import { msg } from '@shared/messages/index.js';
import { checkArguments, schemaVerdict } from './schema-engine.js';
import type { SchemaAnswer, SchemaJob } from './schema-jobs.js';

const port = parentPort!;
port.on('message', (job: SchemaJob) => {
  let answer: SchemaAnswer;
  try {
    if (job.kind === 'verdict') {
      const reason = schemaVerdict(job.schemaText);
      answer = { id: job.id, problems: reason ? [reason] : [] };
    } else answer = { id: job.id, problems: checkArguments(job.schemaText, job.args) };
  } catch (err) {
    // Ajv or RE2 failing in a way not foreseen: the schema is unusable, the worker goes on.
    answer = { id: job.id, problems: [msg('chat.tools.schemaInvalid', { problem: String((err as Error)?.message ?? err).slice(0, 600) })] };
  }
  port.postMessage(answer);
});
port.postMessage({ ready: true });
