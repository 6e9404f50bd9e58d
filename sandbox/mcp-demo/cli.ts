/**
 * `npm run mcp:demo` (stdio, for a host to spawn) or `npm run mcp:demo -- --http [--port N] [--token T]`.
 * Under stdio, stdout belongs to the protocol: usage, errors and the address all go to stderr.
 */
import { parseArgs } from 'node:util';
import { runStdio } from './stdio.js';
import { startDemoHttp } from './http.js';

const USAGE = 'Usage: tsx sandbox/mcp-demo/cli.ts [--http [--port N] [--token T]]';

let values: { http?: boolean; port?: string; token?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      http: { type: 'boolean', default: false },
      port: { type: 'string' },
      token: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (err) {
  console.error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
  process.exit(2);
}

if (values.help) {
  console.error(USAGE);
  process.exit(0);
}

if (!values.http && (values.port !== undefined || values.token !== undefined)) {
  // Silently ignoring them would start a stdio server the user thinks is listening on a port.
  console.error(`--port and --token only apply with --http\n${USAGE}`);
  process.exit(2);
}

if (values.http) {
  const port = Number(values.port ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be an integer from 0 to 65535 (got '${values.port}')`);
    process.exit(2);
  }
  const demo = await startDemoHttp({
    port,
    token: values.token,
    log: (line) => process.stderr.write(`[mcp-demo] ${line}\n`),
  });
  console.error(`Demo MCP server: ${demo.url}`);
  const stop = () => void demo.close().finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} else {
  await runStdio();
}
