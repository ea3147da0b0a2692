import {
  BUNDLE_HEADERS,
  integrityOfReprDigest,
  LICENCE_HEADER,
  parseBundleSignature,
  type BundleSignature,
} from '@bazaar/schemas';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { z } from 'zod';
import { CliError } from '../cli-error.ts';
import { apiUrl, readStoreAnswer } from './store-client.ts';
import { notAStore, storeUnreachable } from './store-errors.ts';

/** What the Store's headers say of the bundle it sends: the client checks the bytes against them. */
export interface AnnouncedBundle {
  /** `sha512-{base64}`; `Repr-Digest` and `X-Bazaar-Integrity` both carry it. */
  integrity: string;
  signature: BundleSignature;
  version: string;
}

export interface DownloadedBundle {
  /** A temporary file in the folder the bundle is for: the caller renames it into place or removes it. */
  file: string;
  size: number;
  /** `sha512-{base64}` of the bytes received. */
  integrity: string;
  announced: AnnouncedBundle;
}

/** `/apps/{did}/bundle` (the published version) or `/apps/{did}/versions/{version}/bundle`. */
function bundlePath(did: string, version: string | undefined): string {
  const app = `/apps/${encodeURIComponent(did)}`;
  return version === undefined ? `${app}/bundle` : `${app}/versions/${encodeURIComponent(version)}/bundle`;
}

function readAnnounced(store: string, headers: Headers): AnnouncedBundle {
  const integrity = headers.get(BUNDLE_HEADERS.integrity);
  const digest = integrityOfReprDigest(headers.get(BUNDLE_HEADERS.reprDigest));
  const signature = parseBundleSignature(headers.get(BUNDLE_HEADERS.signature));
  const version = headers.get(BUNDLE_HEADERS.version);
  if (!integrity || !digest || !signature || !version) {
    throw notAStore(store, 'sent a bundle without the digest and signature headers to check it by');
  }
  if (digest !== integrity) {
    throw new CliError(
      'DOWNLOAD_INTEGRITY_MISMATCH',
      `The store's Repr-Digest (${digest}) and X-Bazaar-Integrity (${integrity}) disagree; nothing was written`,
    );
  }
  return { integrity, signature, version };
}

/**
 * Streams an app's bundle from the Store into a temporary file in `folder`, hashing it on the
 * way (it is never held in memory), and answers the file with what the Store announced. A
 * refusal is the Store's error code (NOT_FOUND, APP_BLOCKED, …); nothing is left behind on any
 * failure.
 */
export async function downloadBundleFile(input: {
  store: string;
  token: string | null;
  /** A paid app's licence (the signed receipt of its purchase), sent as `X-Bazaar-Licence`. */
  licence: string | null;
  did: string;
  version: string | undefined;
  folder: string;
}): Promise<DownloadedBundle> {
  let response: Response;
  try {
    response = await fetch(apiUrl(input.store, bundlePath(input.did, input.version)), {
      headers: {
        ...(input.token ? { authorization: `Bearer ${input.token}` } : {}),
        ...(input.licence ? { [LICENCE_HEADER]: input.licence } : {}),
      },
      // A redirect is reported, not followed: the token goes only to the address the person gave.
      redirect: 'manual',
    });
  } catch (error) {
    throw storeUnreachable(input.store, error);
  }
  if (response.status !== 200 || !response.body) await readStoreAnswer(input.store, response, z.never());
  const announced = readAnnounced(input.store, response.headers);

  const file = join(input.folder, `.bazaar-download-${randomBytes(8).toString('hex')}.tgz`);
  const hash = createHash('sha512');
  let size = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as ReadableStream<Uint8Array>),
      hashing,
      createWriteStream(file, { flags: 'wx' }),
    );
  } catch (error) {
    await rm(file, { force: true });
    throw new CliError(
      'DOWNLOAD_INCOMPLETE',
      `The download stopped before its end: ${(error as Error).message}`,
      {
        cause: error,
        hint: 'Try again; nothing was written',
      },
    );
  }
  return { file, size, integrity: `sha512-${hash.digest('base64')}`, announced };
}
