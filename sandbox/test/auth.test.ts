import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { ErrorBody } from '@shared/gateway/index.js';
import { call, errorOf, useSandbox } from './harness.js';

const sandbox = useSandbox();
const url = () => sandbox().url;

describe('starting the sandbox', () => {
  it('prints its address and keys from `npm run sandbox -- --port 0`', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', '--speed', '5'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const line = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('sk-sandbox-broke')) resolve(out);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    const m = /^Sandbox gateway listening on (http:\/\/127\.0\.0\.1:(\d+))$/m.exec(line);
    expect(m).not.toBeNull();
    const res = await fetch(`${m![1]}/v1/account/balance`, { headers: { Authorization: 'Bearer sk-sandbox' } });
    expect(res.status).toBe(200);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  });

  it('answers 404 for unknown endpoints and 405 for a wrong method, with the error body', async () => {
    const missing = await call(url(), '/v1/nothing-here');
    expect(await errorOf(missing)).toMatchObject({ status: 404, code: 404, type: 'not_found' });
    const wrong = await call(url(), '/v1/chat/completions');
    expect(wrong.status).toBe(405);
  });
});

describe('authentication (spec §5; docs/gateway-rules.md, Error bodies)', () => {
  it('refuses a missing key with 401 authentication_error', async () => {
    const res = await call(url(), '/v1/account/token-balance', { key: null });
    const body = await res.json();
    expect(res.status).toBe(401);
    expect(ErrorBody.parse(body).error).toMatchObject({ code: 401, type: 'authentication_error' });
    expect(body.error.message).toMatch(/Authorization: Bearer/);
  });

  it('refuses an unknown key with 401', async () => {
    const e = await errorOf(await call(url(), '/v1/account/balance', { key: 'sk-not-a-key' }));
    expect(e).toMatchObject({ status: 401, type: 'authentication_error' });
    expect(e.message).toMatch(/Invalid API key/);
  });

  it('takes x-goog-api-key on the native image models only', async () => {
    const body = { contents: [{ parts: [{ text: 'a red kite' }] }], generationConfig: { responseModalities: ['TEXT'] } };
    const image = await call(url(), '/v1beta/models/modelc-2.5-flash-image-preview:generateContent', { key: null, headers: { 'x-goog-api-key': 'sk-sandbox' }, body });
    expect(image.status).toBe(200);
    const text = await call(url(), '/v1beta/models/modelc-2.5-flash:generateContent', { key: null, headers: { 'x-goog-api-key': 'sk-sandbox' }, body });
    expect(text.status).toBe(401);
    const bearer = await call(url(), '/v1beta/models/modelc-2.5-flash:generateContent', { body });
    expect(bearer.status).toBe(200);
  });

  it('requires the key on every gateway endpoint', async () => {
    const paths: [string, unknown][] = [
      ['/v1/account/token-balance', undefined], ['/v1/account/balance', undefined], ['/v1/chat/completions', {}], ['/v1/responses', {}],
      ['/v1beta/models/modelc-2.5-pro:generateContent', {}], ['/v1beta/models/modelc-2.5-pro:streamGenerateContent', {}],
      ['/v1/images/generations', {}], ['/v1/videos/generations', {}], ['/v1/videos', {}], ['/v1/videos/vid_x', undefined],
      ['/v1/tasks/img_x', undefined], ['/v1/audio/speech', {}],
    ];
    for (const [path, body] of paths) {
      const res = await call(url(), path, { key: null, body });
      expect(res.status, path).toBe(401);
    }
  });
});
