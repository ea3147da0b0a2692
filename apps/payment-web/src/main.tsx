// First: zod must be jitless before any schema is built (no eval under the pages' policy).
import '@bazaar/page-csp/zod-without-eval';
import { NonceStyleProvider } from '@bazaar/page-csp/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRegistry } from '@bazaar/payment-react';
import { PlatformShell } from '@bazaar/platform-shell';
import { platformConfigFrom } from './platform-config.ts';
import { App } from './shell/app.tsx';

declare global {
  interface Window {
    __PLATFORM__?: unknown;
  }
}

const registry = await loadRegistry(window.__PLATFORM__, window.location.origin);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <NonceStyleProvider>
      <PlatformShell registry={registry}>
        <App platform={platformConfigFrom(registry)} />
      </PlatformShell>
    </NonceStyleProvider>
  </StrictMode>,
);
