import { fileURLToPath } from 'node:url';
import { CSP_NONCE_MARKER } from '@bazaar/page-csp';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The login page, served by the platform under the user service's path. */
export default defineConfig({
  root,
  base: '/.well-known/service/user/',
  plugins: [react()],
  html: { cspNonce: CSP_NONCE_MARKER },
  build: { outDir: `${root}dist`, emptyOutDir: true },
});
