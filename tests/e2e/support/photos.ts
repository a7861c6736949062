import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/**
 * A small JPEG no other test sends: random pixels, so the server's duplicate-photo check (by the
 * bytes' hash) never withholds points. Solid colours are not enough: JPEG quantises neighbouring
 * shades to the same bytes.
 */
export async function uniquePhoto(): Promise<Buffer> {
  const pixels = randomBytes(48 * 32 * 3);
  return sharp(pixels, { raw: { width: 48, height: 32, channels: 3 } })
    .jpeg()
    .toBuffer();
}
