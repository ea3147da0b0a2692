/**
 * An installed copy of an app telling the Store where it runs: a small report signed with the
 * app's own key, so only the app's key holder (its installs) can list an instance of it, and the
 * Store needs no account for the installer.
 *
 * Browser-safe.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { base64urlnopad } from '@scure/base';
import { z } from 'zod';
import { appKeyFromSecretKey, publicKeyFromDid } from './app-key.ts';
import { canonicalJson } from './canonical-json.ts';
import { appDidSchema, parseWith } from './manifest.ts';
import type { Ed25519Verify } from './manifest-signature.ts';

/** Keeps an instance report's signature from ever being taken for a manifest's, or the reverse. */
export const INSTANCE_REPORT_SIGNING_PREFIX = 'bazaar-instance-report-v1\n';

export const INSTANCE_STATUSES = ['active', 'inactive'] as const;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** What an install says of itself: where it runs (an http(s) origin, no path), who runs it, and when it said so. */
export const instanceReportSchema = z.strictObject({
  app: appDidSchema,
  url: z
    .string()
    .max(200)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
      } catch {
        return false;
      }
    }, 'Expected an http(s) origin such as https://apps.example.com'),
  owner: z
    .string()
    .min(1)
    .max(100)
    .refine((value) => value.trim() === value && !CONTROL_CHARACTERS.test(value), 'Expected a plain name'),
  status: z.enum(INSTANCE_STATUSES),
  /** Unix seconds: the Store takes a report only near its own clock, and only newer than the last. */
  issuedAt: z.number().int().nonnegative(),
});
export type InstanceReport = z.infer<typeof instanceReportSchema>;

export const signedInstanceReportSchema = instanceReportSchema.extend({
  /** Ed25519 by the key `app` names, base64url without padding. */
  signature: z.string().regex(/^[A-Za-z0-9_-]{86}$/, 'Expected a 64-byte signature in base64url'),
});
export type SignedInstanceReport = z.infer<typeof signedInstanceReportSchema>;

const encoder = new TextEncoder();

function reportBytes(report: InstanceReport): Uint8Array {
  const { app, url, owner, status, issuedAt } = report;
  return encoder.encode(
    INSTANCE_REPORT_SIGNING_PREFIX + canonicalJson({ app, url, owner, status, issuedAt }),
  );
}

/** Signs a report with the app's secret key, whose DID it must name. */
export function signInstanceReport(report: InstanceReport, secretKey: Uint8Array): SignedInstanceReport {
  const parsed = parseWith(instanceReportSchema, report, 'The instance report');
  if (appKeyFromSecretKey(secretKey).did !== parsed.app) {
    throw new TypeError(`The report names ${parsed.app}, but the key is another app's`);
  }
  return { ...parsed, signature: base64urlnopad.encode(ed25519.sign(reportBytes(parsed), secretKey)) };
}

const verifyInJs: Ed25519Verify = (signature, message, publicKey) =>
  ed25519.verify(signature, message, publicKey, { zip215: false });

/** Whether the report was signed by the key of the app it names. Never throws. */
export function verifyInstanceReport(
  report: SignedInstanceReport,
  verify: Ed25519Verify = verifyInJs,
): boolean {
  try {
    return verify(base64urlnopad.decode(report.signature), reportBytes(report), publicKeyFromDid(report.app));
  } catch {
    return false;
  }
}
