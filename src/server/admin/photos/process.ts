/**
 * A staff upload becomes the poster's renditions (decision 023): decoded by sharp (which is the
 * proof it is an image), turned upright from its EXIF orientation, cropped to each variant's
 * shape, and encoded afresh at a phone's widths. Nothing of the upload's own bytes survives:
 * no EXIF, no GPS, no trailing payload of a polyglot.
 */
import { createHash } from 'node:crypto';
import type { Metadata, OutputInfo } from 'sharp';
import type Sharp from 'sharp';
import { MAX_PHOTO_PIXELS } from '../../../shared/contract/photos';
import type { PosterVariantName, StoredRendition } from '../../db/schema';

/** Why an upload is refused; the route words it in the uploader's language. */
export type PhotoRefusal = 'empty' | 'notImage' | 'format' | 'tooManyPixels';

export class PhotoRefused extends Error {
  constructor(readonly reason: PhotoRefusal) {
    super(`photo refused: ${reason}`);
  }
}

/** One encoded file, addressed by the hash of its bytes. */
export interface EncodedFile {
  hash: string;
  contentType: string;
  bytes: Buffer;
  width: number;
  height: number;
  url: string;
}

export interface ProcessedPhoto {
  files: EncodedFile[];
  /** The main URL (the wide JPEG) and one URL per variant, for readers that know no srcset. */
  url: string;
  variants: Record<PosterVariantName, string>;
  renditions: Record<PosterVariantName, StoredRendition[]>;
}

/**
 * Camera and screenshot formats. SVG is refused (a document that can carry script, and nothing a
 * camera makes), as are PDF and the other formats libvips happens to read.
 */
let loaded: Promise<typeof Sharp> | undefined;
/** sharp (libvips) takes longer to import than the rest of the server: a start pays for it only at the first upload. */
function loadSharp(): Promise<typeof Sharp> {
  return (loaded ??= import('sharp').then(({ default: sharp }) => {
    // One libvips thread per image and no operation cache: with one job at a time (queue.ts) a photo
    // takes at most one core and no memory once it is done, whatever the machine's size.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  }));
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif', 'tiff']);

interface VariantShape {
  name: PosterVariantName;
  /** Width over height. */
  ratio: number;
  widths: readonly number[];
  /** The one width also encoded as JPEG, for browsers without WebP (Safari before 14). */
  jpegWidth: number;
}

/**
 * `wide` follows the storefront's cards (16:10, `.product-card__img`); `square` the cart and
 * slot thumbnails; `circle` is a square crop the client rounds, only ever shown small.
 */
export const VARIANT_SHAPES: readonly VariantShape[] = [
  { name: 'wide', ratio: 16 / 10, widths: [320, 640, 960], jpegWidth: 640 },
  { name: 'square', ratio: 1, widths: [320, 640, 960], jpegWidth: 640 },
  { name: 'circle', ratio: 1, widths: [160, 320], jpegWidth: 320 },
];

/** Every variant's largest width fits in this: the decoded photo is scaled down to it once. */
const WORKING_SIZE = 1280;

const FORMATS = {
  avif: { contentType: 'image/avif', ext: 'avif' },
  webp: { contentType: 'image/webp', ext: 'webp' },
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
} as const;

/** 128 bits of SHA-256: the file's name, so a URL always means the same bytes. */
export function contentHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

const mediaUrl = (hash: string, format: keyof typeof FORMATS) => `/media/${hash}.${FORMATS[format].ext}`;

/** The widths a variant gets from a source of this size: never wider than the source allows. */
export function widthsFor(shape: Pick<VariantShape, 'ratio' | 'widths'>, sourceWidth: number, sourceHeight: number): number[] {
  const widest = Math.min(sourceWidth, Math.floor(sourceHeight * shape.ratio));
  if (widest < 1) return [];
  const fitting = shape.widths.filter((w) => w <= widest);
  return fitting.length ? fitting : [widest];
}

/** Header only: what the bytes claim to be, refused before anything is decoded in full. */
async function inspect(input: Buffer): Promise<void> {
  const sharp = await loadSharp();
  if (!input.length) throw new PhotoRefused('empty');
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefused('notImage');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new PhotoRefused('format');
  if (!meta.width || !meta.height) throw new PhotoRefused('notImage');
  if (meta.width * meta.height > MAX_PHOTO_PIXELS) throw new PhotoRefused('tooManyPixels');
}

/** The whole photo decoded (a truncated or corrupt file fails here), upright, at working size. */
async function decode(input: Buffer): Promise<{ data: Buffer; info: OutputInfo }> {
  const sharp = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize({ width: WORKING_SIZE, height: WORKING_SIZE, fit: 'outside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new PhotoRefused('notImage');
  }
}

async function encode(
  source: { data: Buffer; info: OutputInfo },
  width: number,
  height: number,
  format: keyof typeof FORMATS,
): Promise<EncodedFile> {
  const sharp = await loadSharp();
  const { data, info } = source;
  let pipeline = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).resize(width, height, {
    fit: 'cover',
    // The middle: staff frame the dish there, and a crop that wanders to the "interesting" edge surprises them.
    position: 'centre',
  });
  if (format === 'avif') pipeline = pipeline.avif({ quality: 50, effort: 2 });
  else if (format === 'webp') pipeline = pipeline.webp({ quality: 75, effort: 3 });
  else pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true });
  const bytes = await pipeline.toBuffer();
  const hash = contentHash(bytes);
  return { hash, contentType: FORMATS[format].contentType, bytes, width, height, url: mediaUrl(hash, format) };
}

export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  await inspect(input);
  const source = await decode(input);
  const files: EncodedFile[] = [];
  const renditions = {} as Record<PosterVariantName, StoredRendition[]>;
  const variants = {} as Record<PosterVariantName, string>;
  for (const shape of VARIANT_SHAPES) {
    const widths = widthsFor(shape, source.info.width, source.info.height);
    if (!widths.length) throw new PhotoRefused('notImage');
    const list: StoredRendition[] = [];
    for (const width of widths) {
      const height = Math.max(1, Math.round(width / shape.ratio));
      for (const format of ['avif', 'webp'] as const) {
        const file = await encode(source, width, height, format);
        files.push(file);
        list.push({ format, width, height, url: file.url });
      }
    }
    const jpegWidth = widths.includes(shape.jpegWidth) ? shape.jpegWidth : (widths[widths.length - 1] ?? shape.jpegWidth);
    const jpeg = await encode(source, jpegWidth, Math.max(1, Math.round(jpegWidth / shape.ratio)), 'jpeg');
    files.push(jpeg);
    list.push({ format: 'jpeg', width: jpeg.width, height: jpeg.height, url: jpeg.url });
    renditions[shape.name] = list;
    variants[shape.name] = jpeg.url;
  }
  return { files, url: variants.wide, variants, renditions };
}

/** A logo's longest side: twice the header's 40 px on a dense screen many times over, and a home-screen icon's 512. */
export const LOGO_SIZE = 512;

/** Above this, an opaque logo (a photo of a sign, say) is cheaper as a JPEG on every diner's first page. */
const OPAQUE_PNG_BUDGET = 64 * 1024;

/**
 * The restaurant's logo (decision 026): the same checks as a photo, but never cropped. It fits
 * inside LOGO_SIZE keeping its aspect ratio and its transparency, as one PNG: lossless edges for
 * lettering, alpha everywhere (header, splash, a favicon or manifest icon), read by every browser.
 * Only a logo with nothing see-through whose PNG would be large becomes a JPEG instead.
 */
export async function processLogo(input: Buffer): Promise<EncodedFile> {
  const sharp = await loadSharp();
  await inspect(input);
  let png: { data: Buffer; info: OutputInfo };
  try {
    png = await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize({ width: LOGO_SIZE, height: LOGO_SIZE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .png({ compressionLevel: 9, adaptiveFiltering: true })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new PhotoRefused('notImage');
  }
  let bytes = png.data;
  let format: 'png' | 'jpeg' = 'png';
  if (bytes.length > OPAQUE_PNG_BUDGET && (await sharp(bytes).stats()).isOpaque) {
    const jpeg = await sharp(bytes).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    if (jpeg.length < bytes.length) [bytes, format] = [jpeg, 'jpeg'];
  }
  const hash = contentHash(bytes);
  const type = format === 'png' ? { contentType: 'image/png', ext: 'png' } : FORMATS.jpeg;
  return { hash, contentType: type.contentType, bytes, width: png.info.width, height: png.info.height, url: `/media/${hash}.${type.ext}` };
}
