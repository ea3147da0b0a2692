/**
 * Where the Store keeps bundles, read from the environment.
 *
 * | variable | meaning |
 * | --- | --- |
 * | `BUNDLE_STORAGE` | `filesystem` (default): files under the data folder's `bundles/`, for one node. `s3`: an S3-compatible bucket, which several nodes share. |
 * | `S3_BUCKET` | The bucket's name (required with `s3`). Set without `BUNDLE_STORAGE`, it is refused rather than ignored, so a forgotten `BUNDLE_STORAGE=s3` cannot leave each node with bundles of its own. |
 * | `S3_REGION` | The bucket's region; default `us-east-1` (R2 takes `auto`). |
 * | `S3_ENDPOINT` | Another S3-compatible service than AWS, as an http(s) URL: `http://minio:9000`, `https://<account>.r2.cloudflarestorage.com`. Unset: AWS. |
 * | `S3_ACCESS_KEY_ID` | The access key (required with `s3`). |
 * | `S3_SECRET_ACCESS_KEY` | Its secret (required with `s3`); never logged nor shown in an error. |
 * | `S3_FORCE_PATH_STYLE` | `on` for `https://host/bucket/key` addresses, as MinIO and most self-hosted servers need; `off` for `https://bucket.host/key`. Default: on with `S3_ENDPOINT`, off without. |
 * | `S3_PREFIX` | A folder inside the bucket (`bazaar/production`), so one bucket can serve several installs; default none. |
 * | `S3_CHECKSUMS` | `on` sends a SHA-256 of every uploaded part for the server to verify; some S3-compatible servers refuse those headers. Default: on without `S3_ENDPOINT` (AWS), off with one. |
 *
 * On and off values: `1`, `true`, `on`, `yes` / `0`, `false`, `off`, `no`.
 */
import { join, resolve } from 'node:path';
import { inspect } from 'node:util';
import { createFilesystemBundleStorage } from './filesystem-storage.ts';
import { createS3BundleStorage, type S3BundleStorageOptions } from './s3-storage.ts';
import { isBundleKey, type BundleStorage } from './storage.ts';

/** A storage setting that cannot be used; `variable` names the environment variable to fix. */
export class StorageConfigError extends Error {
  readonly variable: string;

  constructor(variable: string, message: string) {
    super(message);
    this.name = 'StorageConfigError';
    this.variable = variable;
  }
}

/** The checked settings, before anything is opened. */
export type BundleStorageConfig =
  { kind: 'filesystem'; root: string } | { kind: 's3'; s3: S3BundleStorageOptions };

/** The folder under the data folder that holds bundles with `BUNDLE_STORAGE=filesystem`. */
export const BUNDLES_FOLDER = 'bundles';

type Environment = Record<string, string | undefined>;

const ON_VALUES = ['1', 'true', 'on', 'yes'];
const OFF_VALUES = ['0', 'false', 'off', 'no'];
/** Today's bucket naming rule: 3 to 63 lowercase letters, digits, dots and hyphens, a letter or digit at each end. */
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION_PATTERN = /^[a-z0-9-]{1,64}$/;

/** A trimmed value, or undefined when unset or blank. */
function readValue(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

function readSwitch(env: Environment, name: string, fallback: boolean): boolean {
  const value = readValue(env, name);
  if (value === undefined) return fallback;
  if (ON_VALUES.includes(value.toLowerCase())) return true;
  if (OFF_VALUES.includes(value.toLowerCase())) return false;
  throw new StorageConfigError(name, `${name} must be on or off (1/0, true/false, yes/no) (got "${value}")`);
}

function readRequired(env: Environment, name: string): string {
  const value = readValue(env, name);
  if (value === undefined) throw new StorageConfigError(name, `${name} must be set when BUNDLE_STORAGE=s3`);
  return value;
}

/** A credential: required, and shown in no message, so a typo cannot print a secret to the log. */
function readCredential(env: Environment, name: string): string {
  const value = readRequired(env, name);
  if (/\s/.test(value)) throw new StorageConfigError(name, `${name} must not contain spaces`);
  return value;
}

function readEndpoint(env: Environment): string | undefined {
  const name = 'S3_ENDPOINT';
  const value = readValue(env, name);
  if (value === undefined) return undefined;
  const url = URL.parse(value);
  const isEndpoint =
    url !== null &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    url.search === '' &&
    url.hash === '';
  if (!isEndpoint) {
    // Not echoed: a URL with user:password@ in it would put a secret in the log.
    throw new StorageConfigError(
      name,
      `${name} must be an http:// or https:// URL without credentials, such as http://minio:9000`,
    );
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function readS3Options(env: Environment): S3BundleStorageOptions {
  const bucket = readRequired(env, 'S3_BUCKET');
  if (!BUCKET_PATTERN.test(bucket) || bucket.includes('..')) {
    throw new StorageConfigError(
      'S3_BUCKET',
      `S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens (got "${bucket}")`,
    );
  }
  const region = readValue(env, 'S3_REGION') ?? 'us-east-1';
  if (!REGION_PATTERN.test(region)) {
    throw new StorageConfigError(
      'S3_REGION',
      `S3_REGION must be a region such as us-east-1 or auto (got "${region}")`,
    );
  }
  const endpoint = readEndpoint(env);
  const prefix = (readValue(env, 'S3_PREFIX') ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix !== '' && !isBundleKey(prefix)) {
    throw new StorageConfigError(
      'S3_PREFIX',
      `S3_PREFIX must be a folder path such as bazaar/production, of letters, digits and _ - . : + (got "${prefix}")`,
    );
  }
  const s3: S3BundleStorageOptions = {
    endpoint,
    region,
    bucket,
    accessKeyId: readCredential(env, 'S3_ACCESS_KEY_ID'),
    secretAccessKey: readCredential(env, 'S3_SECRET_ACCESS_KEY'),
    forcePathStyle: readSwitch(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
    prefix: prefix === '' ? undefined : prefix,
    checksums: readSwitch(env, 'S3_CHECKSUMS', endpoint === undefined),
  };
  // Should the settings be logged whole after all, the secret stays out of both JSON and inspect().
  const redacted = () => ({ ...s3, secretAccessKey: '[redacted]' });
  Object.defineProperty(s3, 'toJSON', { value: redacted, enumerable: false });
  Object.defineProperty(s3, inspect.custom, { value: redacted, enumerable: false });
  return s3;
}

/**
 * Reads and checks the bundle storage settings (see this file's header), so a typo stops the
 * start with a message naming the variable. Opens nothing.
 *
 * @example readBundleStorageConfig({ BUNDLE_STORAGE: 's3', S3_BUCKET: 'bundles', … }, '/var/lib/bazaar')
 */
export function readBundleStorageConfig(env: Environment, dataDir: string): BundleStorageConfig {
  const kind = readValue(env, 'BUNDLE_STORAGE')?.toLowerCase();
  if (kind === undefined && readValue(env, 'S3_BUCKET') !== undefined) {
    throw new StorageConfigError(
      'BUNDLE_STORAGE',
      'S3_BUCKET is set but BUNDLE_STORAGE is not: set BUNDLE_STORAGE=s3 to keep bundles in the bucket, or BUNDLE_STORAGE=filesystem to keep them in the data folder',
    );
  }
  if (kind === undefined || kind === 'filesystem') {
    return { kind: 'filesystem', root: join(resolve(dataDir), BUNDLES_FOLDER) };
  }
  if (kind === 's3') return { kind: 's3', s3: readS3Options(env) };
  throw new StorageConfigError(
    'BUNDLE_STORAGE',
    `BUNDLE_STORAGE must be filesystem or s3 (got "${env.BUNDLE_STORAGE}")`,
  );
}

/** Opens the storage `config` describes. */
export function createBundleStorage(config: BundleStorageConfig): BundleStorage {
  return config.kind === 'filesystem'
    ? createFilesystemBundleStorage({ root: config.root })
    : createS3BundleStorage(config.s3);
}

/** The storage the environment asks for: `readBundleStorageConfig`, then `createBundleStorage`. */
export function storageFromEnvironment(env: Environment, dataDir: string): BundleStorage {
  return createBundleStorage(readBundleStorageConfig(env, dataDir));
}

/** One line for the start-up log, without credentials: `bundles in s3://my-bucket/bazaar (http://minio:9000)`. */
export function describeBundleStorage(config: BundleStorageConfig): string {
  if (config.kind === 'filesystem') return `bundles in ${config.root}`;
  const { bucket, prefix, endpoint, region } = config.s3;
  const where = `s3://${bucket}${prefix ? `/${prefix}` : ''}`;
  return `bundles in ${where} (${endpoint ?? `AWS ${region}`})`;
}
