import { CSP_NONCE_PLACEHOLDER } from '@bazaar/csp-nonce';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/',
  plugins: [react()],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: { outDir: 'dist', emptyOutDir: true },
});
