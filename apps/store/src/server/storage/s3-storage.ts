import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type ChecksumAlgorithm,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertBundleKey,
  bundleNotFound,
  isBundleKey,
  type BundleStorage,
  type PutBundleOptions,
} from './storage.ts';
import { assertPutOptions, createBodyVerifier, discardBody, toReadable } from './verify-body.ts';

export interface S3BundleStorageOptions {
  /** Another S3-compatible service (`https://<account>.r2.cloudflarestorage.com`, `http://minio:9000`); unset: AWS. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`: what MinIO and most self-hosted servers need. */
  forcePathStyle?: boolean;
  /** A folder inside the bucket (`bazaar/production`), so one bucket can hold several installs. */
  prefix?: string;
  /**
   * Sends a SHA-256 of every part for the server to check (and the SDK's own checksums on other
   * requests). AWS and MinIO verify them; some S3-compatible servers refuse the extra headers or
   * the chunked encoding they need, so it can be turned off. Off by default.
   */
  checksums?: boolean;
}

/** An error the SDK throws for a key with nothing under it (GetObject's NoSuchKey, HeadObject's bare 404). */
function isMissingObject(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  // A missing bucket is a misconfiguration to surface, not an absent bundle.
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/**
 * Bundles as objects in an S3-compatible bucket, which is how several nodes share them. Bodies
 * of unknown length stream through `@aws-sdk/lib-storage`'s multipart upload (5 MiB parts, a
 * single PutObject below that); the object appears only when the upload completes, and a body
 * that fails midway (or does not match its announced size or sha512) aborts the upload, so no
 * new object is left under the key.
 */
export function createS3BundleStorage(options: S3BundleStorageOptions): BundleStorage {
  const prefix = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix !== '' && !isBundleKey(prefix)) {
    throw new TypeError(`The S3 prefix "${prefix}" must be a relative path of letters, digits and _ - . : +`);
  }
  const isChecksummed = options.checksums ?? false;
  const checksum = isChecksummed ? 'WHEN_SUPPORTED' : 'WHEN_REQUIRED';
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: checksum,
    responseChecksumValidation: checksum,
  });
  const { bucket } = options;
  const objectKey = (key: string) => {
    assertBundleKey(key);
    return prefix === '' ? key : `${prefix}/${key}`;
  };

  async function put(key: string, body: Readable | Buffer, putOptions: PutBundleOptions = {}) {
    let Key: string;
    try {
      Key = objectKey(key);
      assertPutOptions(key, putOptions);
    } catch (error) {
      discardBody(body);
      throw error;
    }
    const verifier = createBodyVerifier(key, putOptions);
    // A failing body (or one that does not match its size or digest) destroys the verifier, which
    // fails the upload: the body's error is the one to report, whatever the abort request then met.
    let bodyError: unknown;
    pipeline(toReadable(body), verifier).catch((error: unknown) => {
      bodyError = error;
    });
    const upload = new Upload({
      client,
      params: {
        Bucket: bucket,
        Key,
        Body: verifier,
        ContentType: putOptions.contentType,
        ChecksumAlgorithm: isChecksummed ? ('SHA256' satisfies ChecksumAlgorithm) : undefined,
      },
    });
    try {
      await upload.done();
    } catch (error) {
      // A failed request leaves the body unread: release whoever is feeding it.
      verifier.destroy();
      throw bodyError ?? error;
    }
    return { key, size: verifier.size() };
  }

  async function get(key: string): Promise<Readable> {
    const Key = objectKey(key);
    let body: unknown;
    try {
      const output = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key, ChecksumMode: isChecksummed ? 'ENABLED' : undefined }),
      );
      body = output.Body;
    } catch (error) {
      if (isMissingObject(error)) throw bundleNotFound(key, error);
      throw error;
    }
    if (!(body instanceof Readable)) throw new Error(`S3 returned no readable body for "${key}"`);
    return body;
  }

  async function head(key: string) {
    const Key = objectKey(key);
    try {
      const output = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
      return { size: output.ContentLength ?? 0 };
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async function remove(key: string) {
    // S3 answers a delete of a missing key with success as well.
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
  }

  async function close() {
    client.destroy();
  }

  return { put, get, head, delete: remove, close };
}
