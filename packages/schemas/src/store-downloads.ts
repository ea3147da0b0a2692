import { z } from 'zod';

/**
 * Downloading an app's bundle from the Store, and its download counts.
 *
 * `GET /api/apps/{did}/bundle` (the published version) and
 * `GET /api/apps/{did}/versions/{version}/bundle` answer the tarball with headers that let a client
 * check what it got without trusting the Store:
 *
 * | header                | value                                                                  |
 * | --------------------- | ---------------------------------------------------------------------- |
 * | `Content-Type`        | `application/gzip`                                                     |
 * | `Content-Length`      | the tarball's size in bytes                                            |
 * | `Content-Disposition` | `attachment; filename="{name}-{version}.tgz"`                          |
 * | `Repr-Digest`         | `sha-512=:{base64}:` (RFC 9530), the tarball's sha512                  |
 * | `X-Bazaar-Integrity`  | `sha512-{base64}`, the same digest as the upload recorded it           |
 * | `X-Bazaar-Signature`  | `alg="Ed25519", signer="did:key:z6Mk…", value="{base64url}"`           |
 * | `X-Bazaar-Version`    | the version served (the published one when none was asked)             |
 * | `ETag`                | `"sha512-{base64}"`; `If-None-Match` with it answers 304               |
 * | `Cache-Control`       | `private`                                                              |
 *
 * `X-Bazaar-Signature` is the `signature` of the bundle's `manifest.json` as an RFC 8941
 * dictionary of strings (its `alg`, its `signer`, which is the app's DID, and its `value`, the
 * Ed25519 signature in base64url as the manifest holds it): a client checks it with
 * `verifyManifestSignature` of `@bazaar/bundle` against the manifest inside the tarball, under the
 * key the app's DID names, and that the header and the manifest carry the same signature.
 *
 * `HEAD` answers the same headers without the body. A download counts once its last byte has been
 * sent (a client that hangs up earlier is not counted), once per client per version per UTC day;
 * neither `HEAD`, a 304 nor a refusal counts.
 */

export const BUNDLE_CONTENT_TYPE = 'application/gzip';
/** Header names in lower case, as Node and `fetch` hand them back. */
export const BUNDLE_HEADERS = {
  reprDigest: 'repr-digest',
  integrity: 'x-bazaar-integrity',
  signature: 'x-bazaar-signature',
  version: 'x-bazaar-version',
} as const;

/** The manifest's `signature`, as `X-Bazaar-Signature` carries it. */
export interface BundleSignature {
  alg: string;
  signer: string;
  value: string;
}

/** Letters, digits and `: _ - .`: what an algorithm name, a `did:key` and base64url are made of. */
const SIGNATURE_PART = /^[A-Za-z0-9:_.-]+$/;
const SIGNATURE_KEYS = ['alg', 'signer', 'value'] as const;

/** `{ alg: 'Ed25519', signer: 'did:key:z6Mk…', value: '…' }` → `alg="Ed25519", signer="did:key:z6Mk…", value="…"`. */
export function formatBundleSignature(signature: BundleSignature): string {
  for (const key of SIGNATURE_KEYS) {
    if (!SIGNATURE_PART.test(signature[key])) throw new TypeError(`A bundle signature's ${key} is malformed`);
  }
  return SIGNATURE_KEYS.map((key) => `${key}="${signature[key]}"`).join(', ');
}

/** Reads `X-Bazaar-Signature`; null unless it holds exactly `alg`, `signer` and `value`, each once. */
export function parseBundleSignature(header: string | null | undefined): BundleSignature | null {
  if (!header) return null;
  const found = new Map<string, string>();
  for (const member of header.split(',')) {
    const match = /^\s*([a-z]+)="([^"]*)"\s*$/.exec(member);
    if (!match || found.has(match[1]!) || !SIGNATURE_PART.test(match[2]!)) return null;
    found.set(match[1]!, match[2]!);
  }
  if (found.size !== SIGNATURE_KEYS.length || !SIGNATURE_KEYS.every((key) => found.has(key))) return null;
  return { alg: found.get('alg')!, signer: found.get('signer')!, value: found.get('value')! };
}

const INTEGRITY_PATTERN = /^sha512-([A-Za-z0-9+/]{86}==)$/;

/** `sha512-{base64}` (the integrity an upload records) → `sha-512=:{base64}:` (RFC 9530's `Repr-Digest`). */
export function reprDigestOf(integrity: string): string {
  const match = INTEGRITY_PATTERN.exec(integrity);
  if (!match) throw new TypeError('Expected an integrity of the form sha512-{base64}');
  return `sha-512=:${match[1]}:`;
}

/** The sha512 of a `Repr-Digest` header as `sha512-{base64}`; null when it carries none (other algorithms are skipped). */
export function integrityOfReprDigest(header: string | null | undefined): string | null {
  for (const member of (header ?? '').split(',')) {
    const match = /^\s*sha-512=:([A-Za-z0-9+/]{86}==):\s*$/.exec(member);
    if (match) return `sha512-${match[1]}`;
  }
  return null;
}

/** "Monthly downloads cover 30 days" (the spec): the series' default window. */
export const DOWNLOAD_SERIES_DEFAULT_DAYS = 30;
export const DOWNLOAD_SERIES_MAX_DAYS = 365;

/** `GET /api/apps/{did}/downloads?days=30`: the last `days` UTC days, today included. */
export const downloadSeriesQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(DOWNLOAD_SERIES_MAX_DAYS).default(DOWNLOAD_SERIES_DEFAULT_DAYS),
});
export type DownloadSeriesQuery = z.infer<typeof downloadSeriesQuerySchema>;

/** One UTC day's counted downloads of every version of the app. */
export const downloadDaySchema = z.object({
  /** `2027-01-15` */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  count: z.number().int().nonnegative(),
});
export type DownloadDay = z.infer<typeof downloadDaySchema>;

/**
 * An app's counted downloads: a download counts once per client (the signed-in user, else the
 * network address and browser) per version per UTC day, and only of a published version.
 */
export const downloadSeriesSchema = z.object({
  /** Every counted download since the app was published. */
  total: z.number().int().nonnegative(),
  /** The sum of `days`. */
  lastDays: z.number().int().nonnegative(),
  /** Each day of the window, oldest first; days without a download count 0. */
  days: z.array(downloadDaySchema),
});
export type DownloadSeries = z.infer<typeof downloadSeriesSchema>;
