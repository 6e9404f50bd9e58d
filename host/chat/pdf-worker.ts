/**
 * The PDF worker (pdf-text.ts): reads a PDF's text with PDF.js off the host's loop, page by page,
 * and posts it back whole. One job per worker; the host terminates it after the answer or at its
 * time limit, so nothing here watches the clock (docs/chat-documents.md).
 */
import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * PDF.js's character maps, which the text of CJK fonts (CID-keyed) needs, read from its package
 * folder: a path ending in a separator, as PDF.js asks. Absent, such text comes out empty.
 */
const packageDir = join(dirname(fileURLToPath(import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs'))), '..', '..');
const cmaps = join(packageDir, 'cmaps');
const cMapUrl = existsSync(cmaps) ? cmaps + sep : undefined;

export type PdfAnswer = { text: string; pages: number } | { error: string; kind: 'unreadable' };

async function extract(data: Uint8Array): Promise<PdfAnswer> {
  // No fonts, no eval, no network: only the text layer is wanted, from untrusted bytes.
  const doc = await getDocument({ data, cMapUrl, cMapPacked: true, disableFontFace: true, isEvalSupported: false, useSystemFonts: false, verbosity: 0, stopAtErrors: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
    }
    pages.push(text.trimEnd());
    page.cleanup();
  }
  await doc.destroy();
  return { text: pages.join('\n\n'), pages: doc.numPages };
}

const port = parentPort!;
extract(workerData as Uint8Array).then(
  (answer) => port.postMessage(answer),
  (err: unknown) => port.postMessage({ kind: 'unreadable', error: String((err as Error)?.message ?? err).slice(0, 300) } satisfies PdfAnswer),
);
