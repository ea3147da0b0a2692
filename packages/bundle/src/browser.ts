/**
 * `@bazaar/bundle/browser`: what a web page may use (the /gen-key-pair page, forms that check a
 * manifest). Nothing here imports `node:`; the secret key never leaves the page that made it.
 */
export * from './app-key.ts';
export * from './bundle-path.ts';
export * from './canonical-json.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './manifest.ts';
export * from './manifest-signature.ts';
export * from './instance-report.ts';
