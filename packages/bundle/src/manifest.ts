/**
 * The bundle manifest: what an app says about itself, the list of its files with their sha256,
 * and the app key's signature over both.
 *
 * The schemas never transform (no trim, no defaults): what parses is exactly what was signed, so
 * a manifest read back from a bundle has the same canonical bytes as the one its key signed.
 * Defaults belong to {@link manifestInputSchema}, the developer's side, before signing.
 *
 * Browser-safe.
 */
import semver from 'semver';
import { z } from 'zod';
import { isAppDid } from './app-key.ts';
import { BundlePathSet, bundlePathProblem } from './bundle-path.ts';
import { compareCodeUnits } from './canonical-json.ts';
import { BundleError } from './errors.ts';

export const MANIFEST_VERSION = 1;
export const MANIFEST_LIMITS = {
  files: 20_000,
  screenshots: 10,
  keywords: 10,
  /** Per list: components, dependencies, extensions, resources. */
  references: 50,
} as const;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_BUT_LINE_FEED = /[\u0000-\u0009\u000b-\u001f\u007f]/;

/** Text a person reads: no control characters (but line feeds where `lines`), no blank ends (nothing to trim). */
const text = (min: number, max: number, lines = false) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((value) => value.trim() === value, 'No spaces at either end')
    .refine((value) => !(lines ? CONTROL_CHARACTERS_BUT_LINE_FEED : CONTROL_CHARACTERS).test(value), {
      message: 'No control characters',
    });

/** An app's DID: `did:key:z6Mk…` of its Ed25519 key. */
export const appDidSchema = z.string().refine(isAppDid, 'Expected an app DID: did:key:z6Mk…');

/** The spec: letters, hyphen and underscore only; 1–32 characters. */
export const appNameSchema = z
  .string()
  .regex(/^[A-Za-z_-]{1,32}$/, 'Letters, hyphen and underscore only, 1 to 32 characters');

// semver.org's own pattern: no leading "v", "=" or spaces, which `semver.valid` would forgive;
// `semver.valid` then refuses numbers past Number.MAX_SAFE_INTEGER.
const SEMVER_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** A strict semantic version: `1.2.3`, `1.0.0-beta.1`. */
export const appVersionSchema = z
  .string()
  .max(64)
  .refine((value) => SEMVER_PATTERN.test(value) && semver.valid(value) !== null, {
    message: 'Expected a semantic version such as 1.2.3',
  });

/** An npm-style version range: `^1.2.0`, `>=2 <3`, `*`. */
export const versionRangeSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((value) => /^[0-9A-Za-z.*^~<>=|+\- ]+$/.test(value) && semver.validRange(value) !== null, {
    message: 'Expected a version range such as ^1.2.0',
  });

/**
 * Another app this one names: by DID (exact), or by name (resolved by the Store), with the
 * versions it works with.
 */
export const appReferenceSchema = z.union([
  z.strictObject({ did: appDidSchema, version: versionRangeSchema }),
  z.strictObject({ name: appNameSchema, version: versionRangeSchema }),
]);
export type AppReference = z.infer<typeof appReferenceSchema>;

const references = z.array(appReferenceSchema).max(MANIFEST_LIMITS.references);

/** A path of a file in the bundle, relative to the app's folder. */
export const bundlePathSchema = z.string().superRefine((value, context) => {
  const problem = bundlePathProblem(value);
  if (problem !== undefined) context.addIssue({ code: 'custom', message: `Unsafe path: ${problem}` });
});

const assetPath = (extensions: RegExp, kind: string) =>
  bundlePathSchema.refine((value) => extensions.test(value), `Expected ${kind}`);
const IMAGE = /\.(png|jpe?g|webp|svg)$/i;
const imagePath = () => assetPath(IMAGE, 'a .png, .jpg, .webp or .svg image');
const markdownPath = () => assetPath(/\.md$/i, 'a .md file');

/**
 * A price in the currency's units as a person writes it (`"9.99"`, `"0.5"`): the Store turns it
 * into the smallest unit when it makes the payment link. `null` means free.
 */
export const priceSchema = z
  .strictObject({
    amount: z
      .string()
      .regex(/^\d{1,30}(\.\d{1,18})?$/, 'Expected an amount like 5 or 2.50')
      .refine((value) => /[1-9]/.test(value), 'A price is more than 0; use null for free'),
    currency: z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/, 'Letters, digits and _ . - only, at most 40'),
  })
  .nullable();

/** The fields the developer writes (from the app's own settings), before files and signature. */
export const manifestFieldsShape = {
  manifestVersion: z.literal(MANIFEST_VERSION),
  did: appDidSchema,
  name: appNameSchema,
  title: text(1, 80),
  version: appVersionSchema,
  description: text(1, 2_000, true),
  /** The app's icon. */
  logo: imagePath().optional(),
  screenshots: z.array(imagePath()).max(MANIFEST_LIMITS.screenshots),
  readme: z.strictObject({ en: markdownPath().optional(), zh: markdownPath().optional() }),
  changelog: markdownPath().optional(),
  /** An SPDX expression (`MIT`, `Apache-2.0 OR MIT`) or `UNLICENSED`. */
  license: text(1, 100).optional(),
  /** The developer's suggested Store category id; admins set the real one at review. */
  category: text(1, 64).optional(),
  keywords: z.array(text(1, 32)).max(MANIFEST_LIMITS.keywords),
  /** Apps this one embeds and mounts as parts of itself; installed with it. */
  components: references,
  /** Apps that must already be installed for this one to run. */
  dependencies: references,
  /** Apps this one plugs into as an extension. */
  extensions: references,
  /** Apps whose resources (data, templates, assets) this one brings or uses. */
  resources: references,
  price: priceSchema,
};

/** One file of the bundle: its path, its size in bytes and its sha256 in lowercase hex. */
export const manifestFileSchema = z.strictObject({
  path: bundlePathSchema,
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'Expected a sha256 in lowercase hex'),
});
export type ManifestFile = z.infer<typeof manifestFileSchema>;

/** Sorted by path (UTF-16 code units), each path once, no two that would clash when extracted. */
const filesSchema = z
  .array(manifestFileSchema)
  .max(MANIFEST_LIMITS.files)
  .superRefine((files, context) => {
    const paths = new BundlePathSet();
    files.forEach((file, index) => {
      if (bundlePathProblem(file.path) !== undefined) return; // already reported by the path's own schema
      const previous = files[index - 1];
      if (previous !== undefined && compareCodeUnits(previous.path, file.path) >= 0) {
        context.addIssue({
          code: 'custom',
          path: [index, 'path'],
          message: 'Files are sorted by path, each once',
        });
        return;
      }
      try {
        paths.add(file.path, 'file');
      } catch (error) {
        context.addIssue({ code: 'custom', path: [index, 'path'], message: (error as Error).message });
      }
    });
  });

export const manifestSignatureSchema = z.strictObject({
  alg: z.literal('Ed25519'),
  /** Always the manifest's own `did`: the key that signs is the app's. */
  signer: appDidSchema,
  /** The 64-byte signature in base64url without padding. */
  value: z.string().regex(/^[A-Za-z0-9_-]{86}$/, 'Expected a 64-byte signature in base64url'),
});
export type ManifestSignature = z.infer<typeof manifestSignatureSchema>;

/** The assets the manifest points at (logo, screenshots, readmes, changelog): each must be a listed file. */
export function manifestAssetPaths(
  manifest: Pick<UnsignedManifest, 'logo' | 'screenshots' | 'readme' | 'changelog'>,
): string[] {
  const paths = [
    manifest.logo,
    ...manifest.screenshots,
    manifest.readme.en,
    manifest.readme.zh,
    manifest.changelog,
  ];
  return [...new Set(paths.filter((path): path is string => path !== undefined))];
}

function checkAssetsListed(manifest: UnsignedManifest, context: z.RefinementCtx): void {
  const listed = new Set(manifest.files.map((file) => file.path));
  for (const path of manifestAssetPaths(manifest)) {
    if (!listed.has(path))
      context.addIssue({ code: 'custom', path: ['files'], message: `${path} is not in the bundle` });
  }
}

/** A manifest with its files, ready to sign. */
export const unsignedManifestSchema = z
  .strictObject({ ...manifestFieldsShape, files: filesSchema })
  .superRefine(checkAssetsListed);
export type UnsignedManifest = z.infer<typeof unsignedManifestSchema>;

/** The manifest as it is in a bundle's `manifest.json`. */
export const manifestSchema = z
  .strictObject({ ...manifestFieldsShape, files: filesSchema, signature: manifestSignatureSchema })
  .superRefine(checkAssetsListed);
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * What a developer gives `createBundle`: the fields, with `did` (taken from the key when left
 * out), `manifestVersion`, the lists, `readme` and `price` (free) optional.
 */
export const manifestInputSchema = z.strictObject({
  ...manifestFieldsShape,
  manifestVersion: manifestFieldsShape.manifestVersion.default(MANIFEST_VERSION),
  did: appDidSchema.optional(),
  screenshots: manifestFieldsShape.screenshots.default([]),
  readme: manifestFieldsShape.readme.default({}),
  keywords: manifestFieldsShape.keywords.default([]),
  components: references.default([]),
  dependencies: references.default([]),
  extensions: references.default([]),
  resources: references.default([]),
  price: priceSchema.default(null),
});
export type ManifestInput = z.input<typeof manifestInputSchema>;

/** Parses with `schema`, throwing `BUNDLE_MANIFEST_INVALID` with each problem in `details`. */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown, what = 'The manifest'): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  const summary = details
    .slice(0, 3)
    .map((detail) => `${detail.path || '(root)'}: ${detail.message}`)
    .join('; ');
  throw new BundleError('BUNDLE_MANIFEST_INVALID', `${what} is invalid: ${summary}`, { details });
}

/** A signed manifest from untrusted JSON (shape only: {@link verifyManifestSignature} checks the signature). */
export function parseManifest(value: unknown): Manifest {
  return parseWith(manifestSchema, value);
}
