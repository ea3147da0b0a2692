import type {} from '@fastify/multipart';
import { AppError } from '@bazaar/server-kit';
import type { FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The one field of the upload form: the bundle file. */
export const BUNDLE_FIELD = 'bundle';

const formInvalid = (message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path: BUNDLE_FIELD, message }]);

export const bundleTooLarge = (maxBytes: number) =>
  new AppError('BUNDLE_TOO_LARGE', `The bundle is over the Store's limit of ${maxBytes} bytes`);

const ONE_FILE = `Send one file field named "${BUNDLE_FIELD}" and nothing else`;

/** Counts the bytes on their way to the disk and stops at the first one past `maxBytes`. */
function byteLimit(maxBytes: number): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(size > maxBytes ? bundleTooLarge(maxBytes) : null, chunk);
    },
  });
}

/** The multipart plugin's and its parser's failures, as the API's codes. */
function asUploadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return bundleTooLarge(maxBytes);
  if (typeof code === 'string' && code.startsWith('FST_')) return formInvalid(ONE_FILE);
  // The form parser's own errors (a malformed or truncated form) carry no code; the disk's do.
  if (error instanceof Error && code === undefined)
    return formInvalid(`Not a readable form: ${error.message}`);
  return error;
}

/**
 * Streams the upload form's `bundle` file to `file`, refusing a request that is not
 * multipart/form-data, a form with any other part (a second file, a field), and a file over
 * `maxBytes` (BUNDLE_TOO_LARGE, as soon as it runs over: the rest is never read).
 */
export async function receiveBundleForm(
  request: FastifyRequest,
  file: string,
  maxBytes: number,
): Promise<void> {
  if (!request.isMultipart()) throw formInvalid(`Send the bundle as multipart/form-data. ${ONE_FILE}`);
  // One part at most: busboy stops at the second part (a field, another file) with an error.
  const parts = request.parts({ limits: { parts: 1, files: 1, fields: 0, fileSize: maxBytes + 1 } });
  let isReceived = false;
  try {
    for await (const part of parts) {
      if (part.type !== 'file' || part.fieldname !== BUNDLE_FIELD) throw formInvalid(ONE_FILE);
      await pipeline(part.file, byteLimit(maxBytes), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      isReceived = true;
    }
  } catch (error) {
    throw asUploadError(error, maxBytes);
  }
  if (!isReceived) throw formInvalid(`A bundle file is required. ${ONE_FILE}`);
}
