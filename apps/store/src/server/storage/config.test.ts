import { join } from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  createBundleStorage,
  describeBundleStorage,
  readBundleStorageConfig,
  StorageConfigError,
  storageFromEnvironment,
} from './config.ts';

const DATA_DIR = '/var/lib/bazaar';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const S3_ENV = {
  BUNDLE_STORAGE: 's3',
  S3_BUCKET: 'bazaar-bundles',
  S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
  S3_SECRET_ACCESS_KEY: SECRET,
};

/** The error `env` is refused with. */
function refusal(env: Record<string, string | undefined>): StorageConfigError {
  try {
    readBundleStorageConfig(env, DATA_DIR);
  } catch (error) {
    if (error instanceof StorageConfigError) return error;
    throw error;
  }
  throw new Error('expected a StorageConfigError');
}

describe('readBundleStorageConfig', () => {
  it('keeps bundles in the data folder by default', () => {
    expect(readBundleStorageConfig({}, DATA_DIR)).toEqual({
      kind: 'filesystem',
      root: join(DATA_DIR, 'bundles'),
    });
    expect(readBundleStorageConfig({ BUNDLE_STORAGE: ' Filesystem ' }, DATA_DIR)).toEqual({
      kind: 'filesystem',
      root: join(DATA_DIR, 'bundles'),
    });
  });

  it('reads an AWS bucket: region us-east-1, virtual-hosted addresses and checksums on', () => {
    expect(readBundleStorageConfig(S3_ENV, DATA_DIR)).toEqual({
      kind: 's3',
      s3: {
        endpoint: undefined,
        region: 'us-east-1',
        bucket: 'bazaar-bundles',
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: SECRET,
        forcePathStyle: false,
        prefix: undefined,
        checksums: true,
      },
    });
  });

  it('reads another S3-compatible service: path-style addresses and checksums off unless told', () => {
    const config = readBundleStorageConfig(
      { ...S3_ENV, S3_ENDPOINT: 'http://minio:9000/', S3_REGION: 'auto', S3_PREFIX: '/bazaar/production/' },
      DATA_DIR,
    );
    expect(config).toMatchObject({
      kind: 's3',
      s3: {
        endpoint: 'http://minio:9000',
        region: 'auto',
        forcePathStyle: true,
        prefix: 'bazaar/production',
        checksums: false,
      },
    });

    const told = readBundleStorageConfig(
      { ...S3_ENV, S3_ENDPOINT: 'https://r2.example', S3_FORCE_PATH_STYLE: 'off', S3_CHECKSUMS: 'yes' },
      DATA_DIR,
    );
    expect(told).toMatchObject({ s3: { forcePathStyle: false, checksums: true } });
  });

  it.each([
    [{ BUNDLE_STORAGE: 'disk' }, 'BUNDLE_STORAGE', 'BUNDLE_STORAGE must be filesystem or s3 (got "disk")'],
    [{ S3_BUCKET: 'bazaar-bundles' }, 'BUNDLE_STORAGE', 'S3_BUCKET is set but BUNDLE_STORAGE is not'],
    [{ ...S3_ENV, S3_BUCKET: undefined }, 'S3_BUCKET', 'S3_BUCKET must be set when BUNDLE_STORAGE=s3'],
    [{ ...S3_ENV, S3_BUCKET: 'Bazaar_Bundles' }, 'S3_BUCKET', 'S3_BUCKET must be a bucket name'],
    [{ ...S3_ENV, S3_BUCKET: 'a..b' }, 'S3_BUCKET', 'S3_BUCKET must be a bucket name'],
    [{ ...S3_ENV, S3_REGION: 'US East' }, 'S3_REGION', 'S3_REGION must be a region'],
    [
      { ...S3_ENV, S3_ENDPOINT: 'minio:9000' },
      'S3_ENDPOINT',
      'S3_ENDPOINT must be an http:// or https:// URL',
    ],
    [
      { ...S3_ENV, S3_ENDPOINT: 'http://minio:9000?x=1' },
      'S3_ENDPOINT',
      'S3_ENDPOINT must be an http:// or https:// URL',
    ],
    [
      { ...S3_ENV, S3_ACCESS_KEY_ID: ' ' },
      'S3_ACCESS_KEY_ID',
      'S3_ACCESS_KEY_ID must be set when BUNDLE_STORAGE=s3',
    ],
    [
      { ...S3_ENV, S3_SECRET_ACCESS_KEY: undefined },
      'S3_SECRET_ACCESS_KEY',
      'S3_SECRET_ACCESS_KEY must be set',
    ],
    [
      { ...S3_ENV, S3_FORCE_PATH_STYLE: 'maybe' },
      'S3_FORCE_PATH_STYLE',
      'S3_FORCE_PATH_STYLE must be on or off',
    ],
    [{ ...S3_ENV, S3_CHECKSUMS: 'sha256' }, 'S3_CHECKSUMS', 'S3_CHECKSUMS must be on or off'],
    [{ ...S3_ENV, S3_PREFIX: 'bazaar/../other' }, 'S3_PREFIX', 'S3_PREFIX must be a folder path'],
  ])('refuses %j, naming %s', (env, variable, message) => {
    const error = refusal(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(message);
  });

  it('never repeats a secret in its messages', () => {
    const secretInUrl = refusal({ ...S3_ENV, S3_ENDPOINT: `https://user:${SECRET}@minio:9000` });
    const secretWithSpace = refusal({ ...S3_ENV, S3_SECRET_ACCESS_KEY: `${SECRET} x` });

    expect(secretInUrl.message).not.toContain(SECRET);
    expect(secretWithSpace).toMatchObject({ variable: 'S3_SECRET_ACCESS_KEY' });
    expect(secretWithSpace.message).not.toContain(SECRET);
  });

  it('keeps the secret out of the settings when they are logged whole', () => {
    const config = readBundleStorageConfig(S3_ENV, DATA_DIR);

    expect(JSON.stringify(config)).not.toContain(SECRET);
    expect(inspect(config, { depth: 5 })).not.toContain(SECRET);
    expect(describeBundleStorage(config)).toBe('bundles in s3://bazaar-bundles (AWS us-east-1)');
  });
});

describe('describeBundleStorage', () => {
  it('names the folder, or the bucket, prefix and endpoint', () => {
    expect(describeBundleStorage(readBundleStorageConfig({}, DATA_DIR))).toBe(
      `bundles in ${join(DATA_DIR, 'bundles')}`,
    );
    const minio = readBundleStorageConfig(
      { ...S3_ENV, S3_ENDPOINT: 'http://minio:9000', S3_PREFIX: 'bazaar' },
      DATA_DIR,
    );
    expect(describeBundleStorage(minio)).toBe('bundles in s3://bazaar-bundles/bazaar (http://minio:9000)');
  });
});

describe('storageFromEnvironment', () => {
  it('opens the storage the environment names', async () => {
    const filesystem = storageFromEnvironment({}, DATA_DIR);
    const s3 = createBundleStorage(readBundleStorageConfig(S3_ENV, DATA_DIR));

    // Nothing is read or written: a missing bundle under a folder that does not exist.
    expect(await filesystem.head('apps/app/1.0.0/app-1.0.0.tgz')).toBeNull();
    expect(typeof s3.put).toBe('function');
    await Promise.all([filesystem.close(), s3.close()]);
  });
});
