/**
 * The tarball's layout, shared by the writer and the reader: `manifest.json` is the first entry,
 * the app's files follow as `package/<path>` (so no file of the app can collide with the
 * manifest, a web app's own `manifest.json` included).
 *
 * Browser-safe.
 */
export const MANIFEST_ENTRY = 'manifest.json';
export const FILES_PREFIX = 'package/';
