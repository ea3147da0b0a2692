// First: zod must be jitless before any schema is built (no eval under the pages' policy).
import '@bazaar/page-csp/zod-without-eval';
import { NonceStyleProvider } from '@bazaar/page-csp/react';
import { loadRegistry } from '@bazaar/payment-react/registry';
import { PlatformShell } from '@bazaar/platform-shell';
import { OWNER_SETUP_PAGE } from '@bazaar/schemas';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginPage } from './login-page.tsx';
import { safeRedirect } from './safe-redirect.ts';
import { SetupPage } from './setup-page.tsx';

declare global {
  interface Window {
    /** The component registry the platform inlines into every page. */
    __PLATFORM__?: unknown;
  }
}

const registry = await loadRegistry(window.__PLATFORM__, window.location.origin);
const redirect = safeRedirect(
  new URLSearchParams(window.location.search).get('redirect'),
  window.location.origin,
);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <NonceStyleProvider>
      <PlatformShell registry={registry}>
        {window.location.pathname === OWNER_SETUP_PAGE ? (
          <SetupPage />
        ) : (
          <LoginPage walletProvider={window.ethereum} onSignedIn={() => window.location.assign(redirect)} />
        )}
      </PlatformShell>
    </NonceStyleProvider>
  </StrictMode>,
);
