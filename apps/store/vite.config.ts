import { CSP_NONCE_MARKER, ZOD_CHUNK_GROUP } from '@bazaar/page-csp';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/',
  plugins: [react()],
  html: { cspNonce: CSP_NONCE_MARKER },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: [ZOD_CHUNK_GROUP] } } },
  },
});
