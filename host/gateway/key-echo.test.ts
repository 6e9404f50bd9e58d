/**
 * A hostile gateway quotes the key back, in the forms a log or a debug page would: as sent, in
 * another case, as base64 (a Basic header) or hex. None of them may reach a message the studio
 * shows, logs or saves (docs/security.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { GatewayClient } from './client.js';
import { maskKey } from './mask-key.js';

const KEY = 'sk-Live-0123456789abcdefXYZ';
const b64 = Buffer.from(KEY).toString('base64');
const echoes = [KEY, KEY.toUpperCase(), KEY.toLowerCase(), b64, b64.replace(/=+$/, ''), Buffer.from(KEY).toString('base64url'), Buffer.from(KEY).toString('hex'), Buffer.from(KEY).toString('hex').toUpperCase()];

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const which = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('form'));
    res.writeHead(401, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${echoes[which]} (Authorization: Basic ${b64})`, type: 'authentication_error' } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('a key quoted back by the gateway', () => {
  it('is masked in every form, on both transports, leaving only its last four characters', async () => {
    const client = new GatewayClient({ baseUrl: base, apiKey: KEY, retry: { retries: 0 } });
    for (const [form] of echoes.entries()) {
      for (const method of ['GET', 'POST'] as const) {
        const err = await client.json({ method, path: `/v1/x?form=${form}`, ...(method === 'POST' ? { json: {} } : {}) }, z.unknown()).then(() => undefined, (e: Error) => e);
        const message = err!.message;
        for (const echo of echoes) expect(message.toLowerCase()).not.toContain(echo.toLowerCase());
        expect(message).toContain(`…${KEY.slice(-4)}`);
      }
    }
  });

  it('leaves text without the key as it is', () => {
    expect(maskKey('The gateway had a problem (500).', KEY)).toBe('The gateway had a problem (500).');
  });
});
