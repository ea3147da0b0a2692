import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The Payment Kit's pages. Built assets live under the default mount point; the router's
 * basename comes from the registry at run time, so pages still resolve if the kit moves.
 */
export default defineConfig({
  base: '/payment-kit/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    proxy: {
      '/payment-kit/api': 'http://localhost:3000',
      '/.well-known': { target: 'http://localhost:3000', ws: true },
    },
  },
});
