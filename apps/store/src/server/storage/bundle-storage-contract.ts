import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { isBundleNotFound, type BundleStorage } from './storage.ts';

const MIB = 1024 * 1024;
/** Just over lib-storage's 5 MiB part, so the S3 storage takes the multipart path. */
const LARGE_BUNDLE_BYTES = 5 * MIB + 123;
const CHUNK_BYTES = 64 * 1024;

const sha512 = (data: Buffer) => createHash('sha512').update(data).digest('hex');

/** A stream of `data` in chunks, with no length known up front (as from an upload request). */
function streamOf(data: Buffer, failAfterBytes?: number): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < data.length; offset += CHUNK_BYTES) {
        if (failAfterBytes !== undefined && offset >= failAfterBytes)
          throw new Error('upload connection reset');
        yield data.subarray(offset, offset + CHUNK_BYTES);
      }
    })(),
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A fresh key per test, so tests share one storage without seeing each other's bundles. */
const newKey = (name = 'app') =>
  `apps/did:key:z6Mk${randomUUID().replaceAll('-', '')}/1.0.0/${name}-1.0.0.tgz`;

async function expectNothingUnder(storage: BundleStorage, key: string) {
  expect(await storage.head(key)).toBeNull();
  await expect(storage.get(key)).rejects.toSatisfy(isBundleNotFound);
}

/**
 * What every `BundleStorage` must do, run against each implementation: call inside a `describe`
 * whose `beforeAll` opens the storage that `storage()` returns.
 */
export function testBundleStorageContract(storage: () => BundleStorage): void {
  it('streams a 5 MB body of unknown length in and out unchanged', async () => {
    const key = newKey();
    const data = randomBytes(LARGE_BUNDLE_BYTES);

    expect(await storage().put(key, streamOf(data))).toEqual({ key, size: LARGE_BUNDLE_BYTES });

    expect(await storage().head(key)).toEqual({ size: LARGE_BUNDLE_BYTES });
    expect(sha512(await readAll(await storage().get(key)))).toBe(sha512(data));
  });

  it('stores a buffer whose size, digest and type are given', async () => {
    const key = newKey();
    const data = Buffer.from('a small bundle');

    const stored = await storage().put(key, data, {
      size: data.length,
      sha512: sha512(data),
      contentType: 'application/gzip',
    });

    expect(stored).toEqual({ key, size: data.length });
    expect((await readAll(await storage().get(key))).toString()).toBe('a small bundle');
  });

  it('keeps keys made of a DID and a semver version with build metadata', async () => {
    const key =
      'apps/did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK/1.0.0-rc.1+build.7/my_app-1.0.0-rc.1+build.7.tgz';

    await storage().put(key, Buffer.from('rc'));

    expect((await readAll(await storage().get(key))).toString()).toBe('rc');
    await storage().delete(key);
  });

  it('answers head with null and get with a not-found error for a key never stored', async () => {
    const key = newKey();

    expect(await storage().head(key)).toBeNull();
    const error = await storage()
      .get(key)
      .catch((caught: unknown) => caught);
    expect(isBundleNotFound(error)).toBe(true);
    expect(error).toMatchObject({ code: 'BUNDLE_NOT_FOUND', key });
  });

  it('deletes a bundle, and deleting a missing one is not an error', async () => {
    const key = newKey();
    await storage().put(key, Buffer.from('to be removed'));

    await storage().delete(key);

    await expectNothingUnder(storage(), key);
    await expect(storage().delete(key)).resolves.toBeUndefined();
    await expect(storage().delete(newKey())).resolves.toBeUndefined();
  });

  it('replaces a bundle put again under the same key', async () => {
    const key = newKey();
    await storage().put(key, Buffer.from('first version, longer'));

    await storage().put(key, streamOf(Buffer.from('second')));

    expect(await storage().head(key)).toEqual({ size: 6 });
    expect((await readAll(await storage().get(key))).toString()).toBe('second');
  });

  it('refuses unsafe keys on every call, and destroys the body it will not read', async () => {
    const unsafeKeys = [
      '',
      '../outside.tgz',
      'apps/../../outside.tgz',
      'apps/./app.tgz',
      '/etc/passwd',
      'apps\\app.tgz',
      'apps//app.tgz',
      'apps/app.tgz/',
      'apps/.hidden.tgz',
      'apps/app name.tgz',
      'apps/app%2F..tgz',
      'apps/app\u0000.tgz',
      'apps/ápp.tgz',
    ];
    for (const key of unsafeKeys) {
      const body = streamOf(Buffer.from('x'));
      await expect(storage().put(key, body), key).rejects.toMatchObject({ code: 'BUNDLE_KEY_INVALID' });
      expect(body.destroyed, key).toBe(true);
      await expect(storage().get(key), key).rejects.toMatchObject({ code: 'BUNDLE_KEY_INVALID' });
      await expect(storage().head(key), key).rejects.toMatchObject({ code: 'BUNDLE_KEY_INVALID' });
      await expect(storage().delete(key), key).rejects.toMatchObject({ code: 'BUNDLE_KEY_INVALID' });
    }
  });

  it('stores different keys put at the same time, each with its own bytes', async () => {
    const bundles = Array.from({ length: 8 }, (_, index) => ({
      key: newKey(`app${index}`),
      data: randomBytes(200_000 + index * 1_000),
    }));

    await Promise.all(bundles.map(({ key, data }) => storage().put(key, streamOf(data))));

    for (const { key, data } of bundles) {
      expect(sha512(await readAll(await storage().get(key)))).toBe(sha512(data));
    }
  });

  it('leaves nothing readable when the body fails midway', async () => {
    const key = newKey();
    // Past the first 5 MiB part: the S3 storage has started a multipart upload when the body fails.
    const body = streamOf(randomBytes(8 * MIB), 6 * MIB);

    await expect(storage().put(key, body)).rejects.toThrow('upload connection reset');

    await expectNothingUnder(storage(), key);
  });

  it('keeps the stored bundle when a replacement fails midway', async () => {
    const key = newKey();
    await storage().put(key, Buffer.from('the good one'));

    await expect(storage().put(key, streamOf(randomBytes(MIB), MIB / 2))).rejects.toThrow(
      'upload connection reset',
    );

    expect((await readAll(await storage().get(key))).toString()).toBe('the good one');
  });

  it('stores nothing when the body differs from its announced size or digest', async () => {
    const data = randomBytes(300_000);
    const attempts = [
      { size: data.length + 1 },
      { size: data.length - 1 },
      { sha512: sha512(Buffer.from('something else')) },
    ];
    for (const options of attempts) {
      const key = newKey();
      await expect(storage().put(key, streamOf(data), options)).rejects.toMatchObject({
        code: 'BUNDLE_INTEGRITY_MISMATCH',
      });
      await expectNothingUnder(storage(), key);
    }
  });
}
