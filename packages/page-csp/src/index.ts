/**
 * What a built page and the platform agree on for the page's content security policy. Vite
 * writes this marker as the nonce of every script, style and preload tag of a built
 * index.html (`html.cspNonce`) and into `<meta property="csp-nonce">`; the platform swaps it
 * for a fresh random nonce in each response and names that nonce in the policy.
 *
 *   export default defineConfig({ html: { cspNonce: CSP_NONCE_MARKER } });
 */
export const CSP_NONCE_MARKER = 'BAZAAR_CSP_NONCE_MARKER';

/**
 * Zod must be jitless before any schema is built (`zod-without-eval`). The chunk holding the
 * schemas is shared with lazy routes and would run before the entry's first import; in zod's own
 * chunk the setting runs before anything that imports zod. For Vite's
 * `build.rolldownOptions.output.codeSplitting.groups`.
 */
export const ZOD_CHUNK_GROUP = {
  name: 'zod',
  test: /node_modules[\\/]zod[\\/]|page-csp[\\/]src[\\/]zod-without-eval/,
};
