/**
 * The socket between the host and its sender (channel.ts) as another program on the machine
 * would try it: it may find the socket's path (it is in the sender's argv), connect first, send
 * garbage or a guessed nonce. Only the sender holding the nonce is ever handed requests, which
 * carry the key (docs/security.md).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { existsSync } from 'node:fs';
import { connectToHost, LineChannel, SenderListener, senderSocketArg, SENDER_FLAG } from './channel.js';

const listeners: SenderListener[] = [];
afterEach(() => {
  for (const l of listeners.splice(0)) l.close();
});

function listen(): SenderListener {
  const l = new SenderListener();
  l.open();
  listeners.push(l);
  return l;
}

/** Connects as an outsider, writes `lines`, and resolves with what came back once the host hung up (or after a while). */
function outsider(path: string, lines: string): Promise<{ heard: string; hungUp: boolean }> {
  return new Promise((resolve) => {
    const s = connect(path);
    let heard = '';
    s.on('data', (d) => (heard += d.toString()));
    s.on('error', () => undefined);
    s.on('connect', () => s.write(lines));
    const timer = setTimeout(() => {
      s.destroy();
      resolve({ heard, hungUp: false });
    }, 1_500);
    s.on('close', () => {
      clearTimeout(timer);
      resolve({ heard, hungUp: true });
    });
  });
}

describe('the sender socket', () => {
  it('hangs up on a connection with a wrong nonce, and hands the real sender its requests', async () => {
    const l = listen();
    const expected = l.expect();
    const intruder = await outsider(l.path, `${'0'.repeat(48)}\n{"type":"listening"}\n`);
    expect(intruder).toEqual({ heard: '', hungUp: true });

    const received: unknown[] = [];
    const sender = new LineChannel<unknown, unknown>(await connectToHost(l.path, expected.nonce), (m) => received.push(m));
    const host = new LineChannel<unknown, unknown>(await expected.connected, () => undefined);
    host.send({ type: 'send', jobId: 'j1' });
    await expect.poll(() => received).toEqual([{ type: 'send', jobId: 'j1' }]);
    sender.end();
  });

  it('hangs up on an endless first line instead of buffering it', async () => {
    const l = listen();
    l.expect();
    expect(await outsider(l.path, 'x'.repeat(64 * 1024))).toMatchObject({ hungUp: true, heard: '' });
  });

  it('accepts a nonce once: a second connection that replays it is dropped', async () => {
    const l = listen();
    const expected = l.expect();
    await connectToHost(l.path, expected.nonce);
    await expected.connected;
    expect(await outsider(l.path, `${expected.nonce}\n`)).toEqual({ heard: '', hungUp: true });
  });

  it('tells the sender its host is gone when the host is killed or closes', async () => {
    const l = listen();
    const expected = l.expect();
    const sender = new LineChannel(await connectToHost(l.path, expected.nonce), () => undefined);
    const closed = new Promise<void>((resolve) => sender.onClose(resolve));
    (await expected.connected).destroy();
    await closed;
    expect(sender.connected).toBe(false);
  });

  it('survives a connection reset by a killed host (bytes left unread): closed, not crashed', async () => {
    const l = listen();
    const expected = l.expect();
    const raw = await connectToHost(l.path, expected.nonce);
    const sender = new LineChannel(raw, () => undefined);
    await expected.connected;
    const closed = new Promise<void>((resolve) => sender.onClose(resolve));
    const crashed: unknown[] = [];
    const onCrash = (err: unknown) => crashed.push(err);
    process.on('uncaughtException', onCrash);
    try {
      // What the system reports to the sender when its host dies with bytes it never read.
      raw.destroy(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
      await closed;
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      process.off('uncaughtException', onCrash);
    }
    expect(crashed).toEqual([]);
    expect(sender.connected).toBe(false);
  });

  it('skips a line that is not JSON and goes on', async () => {
    const l = listen();
    const expected = l.expect();
    const received: unknown[] = [];
    const sender = await connectToHost(l.path, expected.nonce);
    const host = new LineChannel<unknown, unknown>(await expected.connected, (m) => received.push(m));
    sender.write('not json\n{"type":"listening"}\n');
    await expect.poll(() => received).toEqual([{ type: 'listening' }]);
    host.end();
  });

  it('removes its socket file when the host closes', () => {
    const l = new SenderListener();
    l.open();
    expect(existsSync(l.path)).toBe(true);
    l.close();
    expect(existsSync(l.path)).toBe(false);
  });

  it('is named in the sender\'s argv by one flag', () => {
    expect(senderSocketArg(['node', 'x.js', `${SENDER_FLAG}=/tmp/s.sock`])).toBe('/tmp/s.sock');
    expect(senderSocketArg(['node', 'x.js', SENDER_FLAG])).toBeUndefined();
    expect(senderSocketArg(['node', 'x.js'])).toBeUndefined();
  });
});
