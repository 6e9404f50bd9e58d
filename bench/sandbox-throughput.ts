/**
 * Sandbox speed (the sandbox must be fast enough never to be the bottleneck): chunks per second of an
 * unpaced stream, and download throughput of a large result file against a bare Node file
 * server on the same loopback in the same run. Prints figures and checks the budgets.
 *   npx tsx bench/sandbox-throughput.ts [--mb 256]
 */
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { startSandbox } from '@sandbox/server.js';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '256' } } });
const MB = Number(values.mb);

async function drain(url: string, init?: RequestInit): Promise<{ bytes: number; ms: number }> {
  const start = performance.now();
  const res = await fetch(url, init);
  const reader = res.body!.getReader();
  let bytes = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes += value.length;
  }
  return { bytes, ms: performance.now() - start };
}

const sandbox = await startSandbox({ streamPaceMs: 0 });
const rows: { figure: string; value: string; budget: string; ok: boolean }[] = [];
try {
  // Stream: 20,000 tokens, one SSE event each.
  const body = JSON.stringify({ model: 'modela-5', stream: true, messages: [{ role: 'user', content: '[tokens:20000]' }] });
  const init = { method: 'POST', headers: { Authorization: 'Bearer sk-sandbox', 'Content-Type': 'application/json' }, body };
  await drain(`${sandbox.url}/v1/chat/completions`, init); // warm the tokenizer
  const s = await drain(`${sandbox.url}/v1/chat/completions`, init);
  const chunksPerSecond = 20_000 / (s.ms / 1000);
  rows.push({ figure: 'stream chunks/s (unpaced, 20,000 tokens)', value: chunksPerSecond.toFixed(0), budget: '≥ 2,000', ok: chunksPerSecond >= 2000 });

  // Download: one big file through the sandbox's link vs a bare createReadStream server.
  const rec = sandbox.state.files.put(Buffer.alloc(MB * 1024 * 1024, 7), 'big.bin', 'application/octet-stream');
  const path = sandbox.state.files.pathOf(rec);
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Length': String(statSync(path).size) });
    createReadStream(path).pipe(res);
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  const link = sandbox.state.files.url(sandbox.url, rec);
  // Alternate runs so machine noise hits both sides alike.
  const times = { sandbox: [] as number[], bare: [] as number[] };
  for (let i = 0; i < 3; i++) {
    times.sandbox.push((await drain(link)).ms);
    times.bare.push((await drain(bareUrl)).ms);
  }
  const min = (a: number[]) => Math.min(...a);
  const mbps = (ms: number) => MB / (ms / 1000);
  const ratio = mbps(min(times.sandbox)) / mbps(min(times.bare));
  rows.push({ figure: `download MB/s (${MB} MB file)`, value: mbps(min(times.sandbox)).toFixed(0), budget: 'loopback', ok: true });
  rows.push({ figure: 'download MB/s, bare Node file server', value: mbps(min(times.bare)).toFixed(0), budget: '—', ok: true });
  rows.push({ figure: 'download throughput ratio sandbox / bare', value: ratio.toFixed(2), budget: '≥ 0.9', ok: ratio >= 0.9 });
  bare.close();
} finally {
  await sandbox.close();
}

console.log('| figure | value | budget | verdict |\n|---|---|---|---|');
for (const r of rows) console.log(`| ${r.figure} | ${r.value} | ${r.budget} | ${r.ok ? 'ok' : 'MISS'} |`);
process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
