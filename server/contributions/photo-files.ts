/**
 * Stores a contributed photo (rider-core §3 photo contribution; DESIGN.md "Uploads"): the bytes
 * must decode as a raster image whatever the part's name or type says (sharp reads the magic
 * bytes), and are re-encoded as JPEG so no EXIF, GPS or other metadata reaches the disk. A
 * thumbnail goes beside the photo. Files live under DATA_DIR/contributions; the database row
 * names them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

import { httpError } from '../http/errors';

/** Raster formats a phone camera or gallery produces. */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'gif', 'tiff']);
/** Decompression-bomb guard: a phone photo is well under this many pixels. */
const MAX_INPUT_PIXELS = 50_000_000;
/** The stored photo's longest side: enough to count cars, small enough to serve on one bar. */
const PHOTO_MAX_SIDE_PX = 1600;
const THUMBNAIL_SIDE_PX = 240;
const PHOTO_QUALITY = 80;
const THUMBNAIL_QUALITY = 70;

export interface StoredPhoto {
  sha256: string;
  photoFile: string;
  thumbnailFile: string;
}

export function photoDirectory(dataDir: string): string {
  return path.join(dataDir, 'contributions');
}

/** 415 unless `bytes` is a raster image; then the re-encoded photo and thumbnail on disk. */
export async function storePhoto(dataDir: string, bytes: Buffer): Promise<StoredPhoto> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !PHOTO_FORMATS.has(format)) {
    throw httpError(415, 'not_an_image', 'The photo is not an image; send a JPEG, PNG, WebP or HEIC photo');
  }
  let photo: Buffer;
  let thumbnail: Buffer;
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default).
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    photo = await image
      .clone()
      .resize({ width: PHOTO_MAX_SIDE_PX, height: PHOTO_MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: PHOTO_QUALITY })
      .toBuffer();
    thumbnail = await image
      .clone()
      .resize({ width: THUMBNAIL_SIDE_PX, height: THUMBNAIL_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: THUMBNAIL_QUALITY })
      .toBuffer();
  } catch {
    throw httpError(415, 'not_an_image', 'The photo could not be read as an image');
  }
  const dir = photoDirectory(dataDir);
  await mkdir(dir, { recursive: true });
  const name = randomUUID();
  const photoFile = `${name}.jpg`;
  const thumbnailFile = `${name}-thumb.jpg`;
  await writeFile(path.join(dir, photoFile), photo);
  await writeFile(path.join(dir, thumbnailFile), thumbnail);
  return { sha256: createHash('sha256').update(bytes).digest('hex'), photoFile, thumbnailFile };
}

export function readStoredFile(dataDir: string, file: string): Promise<Buffer> {
  return readFile(path.join(photoDirectory(dataDir), path.basename(file)));
}
