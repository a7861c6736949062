/**
 * Regenerates the committed PWA icons from public/icons/icon.svg (run: `node scripts/make-icons.mjs`).
 *
 * - icon-192.png / icon-512.png ("any"): the SVG as drawn, rounded corners on transparency.
 * - icon-512-maskable.png ("maskable"): a full-bleed square in the icon's background colour with the
 *   SVG drawn at MASKABLE_SCALE in the centre, so the ferry mark stays inside the maskable safe zone
 *   (the centred circle of radius 40% of the size) whatever shape the launcher cuts.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const iconsDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const BACKGROUND = '#0b4f8a';
/** The mark lies within x 87..425, y 148..413 of the 512 viewBox; at 0.8 its farthest corner is ~185 px from the centre (< 204.8). */
const MASKABLE_SCALE = 0.8;

const svg = await readFile(`${iconsDir}icon.svg`);

async function renderAny(size) {
  await sharp(svg, { density: (72 * size) / 512 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${iconsDir}icon-${size}.png`);
}

async function renderMaskable(size) {
  const inner = Math.round(size * MASKABLE_SCALE);
  const mark = await sharp(svg, { density: (72 * inner) / 512 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  const offset = Math.round((size - inner) / 2);
  await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: mark, left: offset, top: offset }])
    .flatten({ background: BACKGROUND })
    .png({ compressionLevel: 9 })
    .toFile(`${iconsDir}icon-${size}-maskable.png`);
}

await Promise.all([renderAny(192), renderAny(512), renderMaskable(512)]);
console.log('icons written to', iconsDir);
