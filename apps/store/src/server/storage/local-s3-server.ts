import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3BundleStorageOptions } from './s3-storage.ts';

/** The part of s3rver's API the tests use (the package ships no types). */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;

/** The one key pair s3rver accepts. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3Server {
  /** Options for `createS3BundleStorage` that reach this server's bucket. */
  options: S3BundleStorageOptions;
  close(): Promise<void>;
}

/**
 * An S3-compatible server for tests: s3rver in this process, on 127.0.0.1 and a free port, keeping
 * its objects in a fresh temporary folder, with `bucket` created.
 */
export async function startLocalS3Server(bucket = 'bundles'): Promise<LocalS3Server> {
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverConstructor;
  const directory = await mkdtemp(join(tmpdir(), 'bazaar-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    options: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      forcePathStyle: true,
      ...S3RVER_CREDENTIALS,
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
