import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AVATAR_STORED_SIZE, normaliseAvatarImage, resizeAvatarImage } from './avatar-image.ts';

const RED = [255, 0, 0];
const BLUE = [0, 0, 255];

/** A picture whose left half is red and right half blue, as raw pixels. */
function redThenBlue(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < width * height; index += 1) {
    pixels.set(index % width < width / 2 ? RED : BLUE, index * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** The colour at (x, y) of an encoded picture, each channel rounded to 0 or 255. */
async function colourAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)].map((channel) => (channel > 127 ? 255 : 0));
}

describe('normaliseAvatarImage', () => {
  it(`keeps the centre square, ${AVATAR_STORED_SIZE} pixels a side, as WebP`, async () => {
    // 400×200 with a 100-pixel band of each colour at the edges: the centre square is half and half.
    const image = await normaliseAvatarImage(await redThenBlue(400, 200).png().toBuffer());
    expect(await sharp(image!).metadata()).toMatchObject({
      format: 'webp',
      width: AVATAR_STORED_SIZE,
      height: AVATAR_STORED_SIZE,
    });
    expect(await colourAt(image!, 10, 128)).toEqual(RED);
    expect(await colourAt(image!, 245, 128)).toEqual(BLUE);
  });

  it('turns a photo upright by its EXIF orientation, then drops the metadata', async () => {
    // Stored 200×100 red|blue, to be shown turned a quarter clockwise: red on top, blue below.
    const photo = await redThenBlue(200, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const image = await normaliseAvatarImage(photo);
    expect(await colourAt(image!, 128, 20)).toEqual(RED);
    expect(await colourAt(image!, 128, 235)).toEqual(BLUE);
    const metadata = await sharp(image!).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('keeps the first frame of an animated GIF', async () => {
    // Two 32×32 frames stacked in one raw strip: red, then blue.
    const strip = Buffer.alloc(32 * 64 * 3);
    for (let index = 0; index < 32 * 64; index += 1) strip.set(index < 32 * 32 ? RED : BLUE, index * 3);
    const animated = await sharp(strip, { raw: { width: 32, height: 64, channels: 3, pageHeight: 32 } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const image = await normaliseAvatarImage(animated);
    const metadata = await sharp(image!).metadata();
    expect(metadata).toMatchObject({ width: AVATAR_STORED_SIZE, height: AVATAR_STORED_SIZE });
    expect(metadata.pages ?? 1).toBe(1);
    expect(await colourAt(image!, 128, 250)).toEqual(RED);
  });

  it('refuses a picture whose canvas is too large to decode safely', async () => {
    const bomb = await sharp({ create: { width: 7_000, height: 7_000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(await normaliseAvatarImage(bomb)).toBeNull();
  });

  it('refuses bytes whose format is not the one their header announces', async () => {
    const png = await redThenBlue(10, 10).png().toBuffer();
    expect(await normaliseAvatarImage(Buffer.concat([Buffer.from('GIF89a'), png.subarray(6)]))).toBeNull();
    expect(await normaliseAvatarImage(Buffer.alloc(0))).toBeNull();
  });
});

describe('resizeAvatarImage', () => {
  it('draws the stored picture at any size', async () => {
    const stored = (await normaliseAvatarImage(await redThenBlue(300, 300).png().toBuffer()))!;
    for (const size of [16, 96, AVATAR_STORED_SIZE, 512]) {
      expect(
        await sharp(await resizeAvatarImage({ image: stored, version: 'v1' }, size)).metadata(),
      ).toMatchObject({
        format: 'webp',
        width: size,
        height: size,
      });
    }
  });

  it('draws a version at a size once, and another version afresh', async () => {
    const red = (await normaliseAvatarImage(await redThenBlue(300, 300).png().toBuffer()))!;
    const blue = (await normaliseAvatarImage(await redThenBlue(2, 300).png().toBuffer()))!;
    const first = await resizeAvatarImage({ image: red, version: 'red' }, 48);
    expect(await resizeAvatarImage({ image: red, version: 'red' }, 48)).toBe(first);
    const other = await resizeAvatarImage({ image: blue, version: 'blue' }, 48);
    expect(other).not.toBe(first);
    expect(other.equals(first)).toBe(false);
  });
});
