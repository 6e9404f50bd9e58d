/** `npm run sandbox -- --port N [--speed N] [--data-dir DIR] [--link-ttl SECONDS] [--pace MS]` */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { startSandbox } from './server.js';
import { BROKE_KEY, FUNDED_KEY } from './core/accounts.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    speed: { type: 'string', default: '1' },
    'data-dir': { type: 'string' },
    'link-ttl': { type: 'string', default: '86400' },
    pace: { type: 'string', default: '20' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log('Usage: npm run sandbox -- [--port N] [--speed N] [--data-dir DIR] [--link-ttl SECONDS] [--pace MS]');
  process.exit(0);
}

const num = (name: string, v: string, min: number) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) {
    console.error(`--${name} must be a number ≥ ${min} (got '${v}')`);
    process.exit(2);
  }
  return n;
};

const sandbox = await startSandbox({
  port: num('port', values.port, 0),
  speed: num('speed', values.speed, 0.001),
  dataDir: values['data-dir'] ? resolve(values['data-dir']) : undefined,
  linkTtlSeconds: num('link-ttl', values['link-ttl'], 1),
  streamPaceMs: num('pace', values.pace, 0),
});
console.log(`Sandbox gateway listening on ${sandbox.url}`);
console.log(`Keys: ${FUNDED_KEY} (funded: tokens and CNY cash), ${BROKE_KEY} (no balance left: billed calls fail with 402)`);
console.log(`Admin routes for faults and balances: ${sandbox.url}/_sandbox/`);

const stop = async () => {
  await sandbox.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
