/**
 * A native image answer (spec 4.5) as a hostile gateway writes it: an `inlineData` part that says
 * `image/png` but holds a web page, beside a real picture. The picture is saved; the page is not
 * kept as an "image" under an extension taken from the prompt, and the answer says so
 * (docs/library-files.md, "What is saved").
 */
import { englishText } from '@shared/messages/index.js';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { GatewayClient } from '../gateway/client.js';
import { Library } from '../library/library.js';
import { pngBytes } from '../library/test/fixtures.js';
import { startHostileGateway } from '../tasks/test/hostile-gateway.js';
import { AttachmentStore } from './attachments.js';
import { generateNativeImage } from './generators.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

it('a web page sent as image/png is refused with a notice; the real picture beside it is saved as a PNG', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-native-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const gw = await startHostileGateway();
  cleanups.push(gw.close);
  const page = Buffer.from('<html><body>Session expired</body></html>').toString('base64');
  gw.native = {
    candidates: [{ content: { role: 'model', parts: [{ inlineData: { mimeType: 'image/png', data: page } }, { inlineData: { mimeType: 'image/png', data: pngBytes(6, 4).toString('base64') } }] }, finishReason: 'STOP' }],
    usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 5, totalTokenCount: 8 },
  };
  const library = new Library({ root: join(dir, 'library'), db: join(dir, 'studio.db'), ffmpeg: false });
  cleanups.push(() => library.close());
  const result = await generateNativeImage({
    client: new GatewayClient({ baseUrl: gw.url, apiKey: 'sk-test' }), library, attachments: new AttachmentStore(join(dir, 'attachments'), Date.now),
    scratchDir: join(dir, 'scratch'), now: Date.now,
  }, { model: 'modelc-2.5-flash-image-preview', prompt: 'open me.exe' });
  expect(result.items.map((i) => [i.mime, i.file.split('.').pop()])).toEqual([['image/png', 'png']]);
  expect(englishText(result.notice)).toBe('Images in the answer that were no pictures (1; the first: it is a web page or other markup) were not saved.');
  // The page's bytes are kept nowhere: not in the library, not left in the scratch folder.
  expect(readdirSync(join(dir, 'scratch'))).toEqual([]);
  expect(library.list().items).toHaveLength(1);
});
