/**
 * What a built page and the platform agree on for the page's content security policy. Vite
 * writes this marker as the nonce of every script, style and preload tag of a built
 * index.html (`html.cspNonce`) and into `<meta property="csp-nonce">`; the platform swaps it
 * for a fresh random nonce in each response and names that nonce in the policy.
 *
 *   export default defineConfig({ html: { cspNonce: CSP_NONCE_MARKER } });
 */
export const CSP_NONCE_MARKER = 'BAZAAR_CSP_NONCE_MARKER';
