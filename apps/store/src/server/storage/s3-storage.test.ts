import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBundleStorageContract } from './bundle-storage-contract.ts';
import { startLocalS3Server, type LocalS3Server } from './local-s3-server.ts';
import { createS3BundleStorage } from './s3-storage.ts';
import { isBundleNotFound, type BundleStorage } from './storage.ts';

let server: LocalS3Server;
let storage: BundleStorage;
const opened: BundleStorage[] = [];
const open = (options: Partial<Parameters<typeof createS3BundleStorage>[0]> = {}) => {
  const opening = createS3BundleStorage({ ...server.options, ...options });
  opened.push(opening);
  return opening;
};

beforeAll(async () => {
  server = await startLocalS3Server();
  storage = open();
});

afterAll(async () => {
  await Promise.all(opened.map((each) => each.close()));
  await server?.close();
});

describe('S3 bundle storage', () => {
  testBundleStorageContract(() => storage);

  it('keeps objects under the prefix', async () => {
    const prefixed = open({ prefix: '/bazaar/test/' });

    await prefixed.put('apps/app/1.0.0/app-1.0.0.tgz', Buffer.from('prefixed'));

    expect(await storage.head('bazaar/test/apps/app/1.0.0/app-1.0.0.tgz')).toEqual({ size: 8 });
    expect(await storage.head('apps/app/1.0.0/app-1.0.0.tgz')).toBeNull();
  });

  it('uploads with SHA-256 part checksums when asked', async () => {
    const checksummed = open({ checksums: true });
    const data = randomBytes(6 * 1024 * 1024);

    await checksummed.put('apps/app/2.0.0/app-2.0.0.tgz', data);

    expect(await checksummed.head('apps/app/2.0.0/app-2.0.0.tgz')).toEqual({ size: data.length });
  });

  it('reports a missing bucket as an error of its own, not as a missing bundle', async () => {
    const misconfigured = open({ bucket: 'no-such-bucket' });

    const error = await misconfigured.get('apps/app/1.0.0/app-1.0.0.tgz').catch((caught: unknown) => caught);

    expect(isBundleNotFound(error)).toBe(false);
    expect(error).toMatchObject({ name: 'NoSuchBucket' });
  });

  it('refuses a prefix that is not a safe path', () => {
    expect(() => createS3BundleStorage({ ...server.options, prefix: 'a/../b' })).toThrow(TypeError);
  });
});
