import { isBundleError, readBundle, type Manifest } from '@bazaar/bundle';
import { createReadStream } from 'node:fs';
import { CliError } from '../cli-error.ts';
import type { DownloadedBundle } from './download-bundle.ts';

/**
 * Deflate never expands data more than 1032 times, so this bounds nothing a real bundle needs; the
 * check keeps no file in memory, so a hostile stream costs time, never memory.
 */
const DEFLATE_MAX_RATIO = 1032;
const NOTHING_WRITTEN = 'nothing was written';

/**
 * Checks a downloaded bundle without trusting the Store: its sha512 is the one announced, its
 * manifest is signed by the key of the app's own DID (the one asked for), every file matches its
 * sha256 in the manifest, and the signature and version the headers announced are the manifest's.
 * Answers the verified manifest; throws with a code naming the first check that failed.
 */
export async function verifyDownloadedBundle(
  downloaded: DownloadedBundle,
  expected: { did: string; version: string | undefined },
): Promise<Manifest> {
  const { announced } = downloaded;
  if (downloaded.integrity !== announced.integrity) {
    throw new CliError(
      'DOWNLOAD_INTEGRITY_MISMATCH',
      `The bundle received hashes to ${downloaded.integrity}, not the ${announced.integrity} the store announced: it was altered in storage or on the way; ${NOTHING_WRITTEN}`,
    );
  }
  let manifest: Manifest;
  try {
    ({ manifest } = await readBundle(createReadStream(downloaded.file), {
      maxBytes: Math.max(downloaded.size, 1),
      maxUnpackedBytes: Math.max(downloaded.size, 1) * DEFLATE_MAX_RATIO,
      expectedIntegrity: announced.integrity,
      keepFiles: () => false,
    }));
  } catch (error) {
    if (!isBundleError(error)) throw error;
    throw new CliError(error.code, `The bundle fails verification: ${error.message}; ${NOTHING_WRITTEN}`, {
      details: error.details,
    });
  }
  if (manifest.did !== expected.did) {
    throw new CliError(
      'DOWNLOAD_APP_MISMATCH',
      `The bundle is ${manifest.did}'s, signed by its key, not ${expected.did}'s; ${NOTHING_WRITTEN}`,
    );
  }
  const version = expected.version ?? announced.version;
  if (manifest.version !== version || announced.version !== version) {
    throw new CliError(
      'DOWNLOAD_APP_MISMATCH',
      `The bundle is version ${manifest.version}, not ${version}; ${NOTHING_WRITTEN}`,
    );
  }
  const { alg, signer, value } = manifest.signature;
  const header = announced.signature;
  if (header.alg !== alg || header.signer !== signer || header.value !== value) {
    throw new CliError(
      'DOWNLOAD_SIGNATURE_MISMATCH',
      `X-Bazaar-Signature is not the signature in the bundle's manifest.json; ${NOTHING_WRITTEN}`,
    );
  }
  return manifest;
}
