import sharp, { type SharpOptions } from 'sharp';

/** Uploaded avatars are kept as a square of this many pixels a side; sizes are drawn from it. */
export const AVATAR_STORED_SIZE = 256;

type AvatarFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/**
 * Past this many pixels a picture is refused before it is decoded: a 2 MB file can declare
 * a canvas of billions of pixels (a decompression bomb), and no avatar needs more than a photo's.
 */
const MAX_INPUT_PIXELS = 40_000_000;
/** `pages: 1`: an animated GIF or WebP keeps its first frame. */
const DECODE_OPTIONS: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 };

/**
 * The format the file's leading bytes announce, or null. Only these reach the decoder, so an
 * SVG, TIFF, HEIF or PDF labelled `image/png` never meets libvips' other parsers.
 */
function sniffFormat(bytes: Buffer): AvatarFormat | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'jpeg';
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * The uploaded picture as we keep it: turned upright by its EXIF orientation, cropped to its
 * centre square, AVATAR_STORED_SIZE a side, as WebP without metadata (sharp keeps none unless
 * asked, so a phone photo's GPS position never reaches the public address). Null when the
 * bytes do not decode as a PNG, JPEG, WebP or GIF, whatever they were labelled.
 */
export async function normaliseAvatarImage(bytes: Buffer): Promise<Buffer | null> {
  const sniffed = sniffFormat(bytes);
  if (!sniffed) return null;
  try {
    const { format } = await sharp(bytes, DECODE_OPTIONS).metadata();
    if (format !== sniffed) return null;
    return await sharp(bytes, DECODE_OPTIONS)
      .autoOrient()
      .resize(AVATAR_STORED_SIZE, AVATAR_STORED_SIZE, { fit: 'cover', position: 'centre' })
      .webp()
      .toBuffer();
  } catch {
    // libvips reports a truncated or corrupt file, or one past MAX_INPUT_PIXELS, by throwing.
    return null;
  }
}

/** Drawings kept in memory: at the sizes pages ask for (18–96 px) a few kB each. */
const DRAWN_CACHE_ENTRIES = 1_000;
const drawn = new Map<string, Buffer>();

/**
 * A stored avatar drawn `size` pixels a side, as WebP. A version is a digest of the stored bytes,
 * so a drawing keyed by it never goes stale: the same faces on a busy page (a supporters list)
 * are drawn once per process, not once per visitor. The least recently used drawing goes first.
 */
export async function resizeAvatarImage(
  picture: { image: Buffer; version: string },
  size: number,
): Promise<Buffer> {
  if (size === AVATAR_STORED_SIZE) return picture.image;
  const key = `${picture.version}-${size}`;
  const cached = drawn.get(key);
  if (cached) {
    drawn.delete(key);
    drawn.set(key, cached);
    return cached;
  }
  const image = await sharp(picture.image).resize(size, size).webp().toBuffer();
  drawn.set(key, image);
  if (drawn.size > DRAWN_CACHE_ENTRIES) drawn.delete(drawn.keys().next().value!);
  return image;
}
