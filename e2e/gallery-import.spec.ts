/**
 * Files brought into the library from the system (docs/library-files.md, "Bringing files in"):
 * two pictures with AUTOMATIC1111's parameters and a text file dropped onto the Gallery; the two
 * appear with their prompts (searchable, and remixable into the Image form), the text file is
 * named with why it was refused, and the same picture chosen again with "Add files…" is not added
 * twice.
 */
import { addPngText } from '@host/library/png-text.js';
import { test, expect } from './fixtures.js';
import { GalleryPage } from './pages/gallery-page.js';
import { ImagePage, pngFile } from './pages/image-page.js';

interface DropData {
  items: { add(file: unknown): void };
}

const parameters = (prompt: string, seed: number) =>
  `${prompt}\nNegative prompt: blurry\nSteps: 20, Sampler: Euler a, CFG scale: 7, Seed: ${seed}, Size: 64x48, Model: sd_xl_base_1.0`;

test('a drop adds the pictures with their prompts, refuses a text file with its reason, and Remix fills the Image form', async ({ page, studio }) => {
  test.setTimeout(90_000);
  const lighthouse = await addPngText(pngFile('x', 64, 48).buffer, [{ keyword: 'parameters', text: parameters('a lighthouse at dusk, oil painting', 11) }]);
  const meadow = await addPngText(pngFile('y', 48, 64).buffer, [{ keyword: 'parameters', text: parameters('a meadow of poppies at noon', 22) }]);
  const files = [
    { name: 'lighthouse.png', type: 'image/png', bytes: [...lighthouse] },
    { name: 'meadow.png', type: 'image/png', bytes: [...meadow] },
    { name: 'notes.png', type: 'image/png', bytes: [...Buffer.from('just some notes, not a picture\n')] },
  ];
  const gallery = new GalleryPage(page);
  await gallery.studio.open(studio.url);
  await gallery.open();
  await gallery.expectCount(0);
  const adding = gallery.panel.getByRole('region', { name: 'Add files to the library' });

  // The files as the system hands them over in a drag: a DataTransfer made in the page.
  const dataTransfer = await page.evaluateHandle((list) => {
    // The e2e project compiles without the DOM lib: the page's two constructors, typed here.
    const dom = globalThis as unknown as { DataTransfer: new () => DropData; File: new (parts: Uint8Array[], name: string, o: { type: string }) => unknown };
    const dt = new dom.DataTransfer();
    for (const f of list) dt.items.add(new dom.File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
    return dt;
  }, files);
  // Held over the gallery's count line: the events reach the tab's drop zone as they bubble.
  const target = gallery.count;
  await target.dispatchEvent('dragenter', { dataTransfer });
  await expect(gallery.panel.getByText('Drop to add to the library')).toBeVisible();
  await target.dispatchEvent('drop', { dataTransfer });
  await expect(gallery.panel.getByText('Drop to add to the library')).toHaveCount(0);

  await expect(adding.getByRole('status')).toHaveText('Added 2, skipped 1.', { timeout: 30_000 });
  await expect(adding.getByRole('list', { name: 'Files skipped' })).toHaveText('notes.png is not a picture, video or sound file (it is plain text).');
  await gallery.expectCount(2);
  await expect(gallery.cell(/^Image: a lighthouse at dusk/)).toBeVisible();
  await expect(gallery.cell(/^Image: a meadow of poppies/)).toBeVisible();

  // The same picture again, by the keyboard's way in: nothing is added twice.
  await adding.getByTestId('gallery-import-input').setInputFiles({ name: 'lighthouse again.png', mimeType: 'image/png', buffer: lighthouse });
  await expect(adding.getByRole('status')).toHaveText('Added 0, skipped 1.');
  await expect(adding.getByRole('list', { name: 'Files skipped' })).toHaveText('lighthouse again.png is already in the library.');
  await gallery.expectCount(2);

  await gallery.search('poppies');
  await gallery.expectCount(1);
  await gallery.openDetail(gallery.cell(/^Image: a meadow of poppies at noon/));
  await gallery.detail.getByRole('button', { name: 'Remix in Image' }).click();
  const image = new ImagePage(page);
  await expect(image.studio.tab('Image')).toHaveAttribute('aria-selected', 'true');
  await expect(image.prompt).toHaveValue('a meadow of poppies at noon');
});
