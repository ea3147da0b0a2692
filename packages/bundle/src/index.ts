/**
 * `@bazaar/bundle`: app identity and bundles, for the `bazaar` CLI and the Store server.
 * The browser-safe part is also published alone as `@bazaar/bundle/browser`.
 */
export * from './browser.ts';
export { createBundle, type CreateBundleOptions, type CreatedBundle } from './bundle.ts';
export { GZIP_LEVEL } from './gzip.ts';
export {
  ALWAYS_EXCLUDED_NAMES,
  IGNORE_FILE_NAME,
  listBundleFiles,
  type FolderFile,
  type ListFilesOptions,
} from './list-files.ts';
export {
  DEFAULT_UNPACKED_RATIO,
  MANIFEST_MAX_BYTES,
  readBundle,
  type BundleSource,
  type ReadBundleOptions,
  type VerifiedBundle,
} from './verify.ts';
