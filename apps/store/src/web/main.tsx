// First: zod must be jitless before any schema is built (no eval under the pages' policy).
import '@bazaar/page-csp/zod-without-eval';
import { NonceStyleProvider } from '@bazaar/page-csp/react';
import { loadRegistry } from '@bazaar/payment-react';
import { PlatformShell } from '@bazaar/platform-shell';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createStoreQueryClient } from './api/store-query-client.ts';
import { StorePaymentProvider } from './store-payment-provider.tsx';
import { StoreRoutes } from './store-routes.tsx';

declare global {
  interface Window {
    __PLATFORM__?: unknown;
  }
}

const registry = await loadRegistry(window.__PLATFORM__, window.location.origin);
// One query cache for the page: the Store's pages and the Payment Kit's components they embed.
const queryClient = createStoreQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <NonceStyleProvider>
      <PlatformShell registry={registry}>
        <QueryClientProvider client={queryClient}>
          <StorePaymentProvider registry={registry} queryClient={queryClient}>
            <BrowserRouter>
              <StoreRoutes />
            </BrowserRouter>
          </StorePaymentProvider>
        </QueryClientProvider>
      </PlatformShell>
    </NonceStyleProvider>
  </StrictMode>,
);
