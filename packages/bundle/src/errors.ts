/**
 * The closed list of codes this package throws, each with when it is thrown. The CLI prints them
 * and the Store's upload route answers with them (mapping them to HTTP statuses is the route's
 * job: `BUNDLE_TOO_LARGE` is a 413, the others a 400).
 *
 * Browser-safe: no `node:` imports.
 */
export const BUNDLE_ERROR_CODES = [
  /** A string is not a `did:key` of an Ed25519 public key in its one canonical spelling. */
  'APP_DID_INVALID',
  /** An app key file is not a well-formed version 1 key file, or its parts do not belong together. */
  'APP_KEY_FILE_INVALID',
  /** The tarball (compressed or unpacked) or its entry count is over the limit it is read with. */
  'BUNDLE_TOO_LARGE',
  /** Not a gzip stream in the bundle's format, truncated, failing its checksums, or not a tar archive. */
  'BUNDLE_CORRUPT',
  /**
   * An entry's path is absolute, climbs out (`..`), holds a backslash, colon, NUL or control
   * character, is empty, or is used twice (also when only letter case differs, or a file is
   * used as a folder).
   */
  'BUNDLE_PATH_UNSAFE',
  /** The tarball holds a symlink, hardlink, device, fifo or any other entry that is not a file or folder. */
  'BUNDLE_LINK',
  /** Bundling met a symlink in the app's folder. */
  'BUNDLE_SYMLINK',
  /** Bundling met a socket, fifo or device in the app's folder. */
  'BUNDLE_UNSUPPORTED_FILE',
  /** `manifest.json` is missing, not the first entry, not JSON, or does not match the manifest schema. */
  'BUNDLE_MANIFEST_INVALID',
  /** The manifest's signature is not the signature of `manifest.did`'s key over its canonical bytes. */
  'BUNDLE_SIGNATURE_INVALID',
  /**
   * A file's size or sha256 differs from the manifest's list, a listed file is missing, or an
   * unlisted file is present (also: a file changed while it was being bundled).
   */
  'BUNDLE_FILE_MISMATCH',
  /** The tarball's sha512 is not the integrity the caller expected. */
  'BUNDLE_INTEGRITY_MISMATCH',
] as const;

export type BundleErrorCode = (typeof BUNDLE_ERROR_CODES)[number];

/** The one error class of this package: switch on `code`; `message` is for logs and developers. */
export class BundleError extends Error {
  override readonly name = 'BundleError';
  readonly code: BundleErrorCode;
  /** For schema failures: each problem with its path in the manifest. */
  readonly details: { path: string; message: string }[] | undefined;

  constructor(
    code: BundleErrorCode,
    message: string,
    options?: { cause?: unknown; details?: { path: string; message: string }[] },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options?.details;
  }
}

/** `true` when `error` is a {@link BundleError}, optionally of one given code. */
export function isBundleError(error: unknown, code?: BundleErrorCode): error is BundleError {
  return error instanceof BundleError && (code === undefined || error.code === code);
}
