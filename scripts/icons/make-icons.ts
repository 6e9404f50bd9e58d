/**
 * Writes the app icons into build/ (electron-builder's build resources), from the one drawing in
 * studio-mark.ts: `npx tsx scripts/icons/make-icons.ts`. The output is committed; run this only
 * after changing the mark.
 *
 * - build/icon.png: the 1024 master. electron-builder makes the macOS .icns and the Windows .ico
 *   from it (it needs at least 512 for icns, 256 for ico).
 * - build/icons/NxN.png: the Linux set, which AppImage and deb install per size into hicolor.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { downscale } from './downscale.js';
import { drawStudioMark, type Rgba } from './studio-mark.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const MASTER_SIZE = 1024;
/** The hicolor sizes desktops look up, from the panel (16) to HiDPI launchers (512). */
export const LINUX_ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512] as const;

export const MASTER_ICON = 'build/icon.png';
export const linuxIconPath = (size: number) => `build/icons/${size}x${size}.png`;

export interface IconSet {
  master: Rgba;
  linux: Map<number, Rgba>;
}

export function renderIconSet(sizes: readonly number[] = LINUX_ICON_SIZES): IconSet {
  const master = drawStudioMark(MASTER_SIZE);
  return { master, linux: new Map(sizes.map((size) => [size, downscale(master, size)])) };
}

export function encodePng(image: Rgba): Buffer {
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data);
  return PNG.sync.write(png, { colorType: 6 });
}

function write(relative: string, image: Rgba): void {
  const file = join(ROOT, relative);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, encodePng(image));
  console.log(`${relative}  ${image.width}x${image.height}`);
}

const isEntryPoint = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (isEntryPoint) {
  const { master, linux } = renderIconSet();
  write(MASTER_ICON, master);
  for (const [size, image] of linux) write(linuxIconPath(size), image);
}
