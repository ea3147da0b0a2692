import { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach } from 'vitest';
import type { Locale } from '@bazaar/i18n';
import { PaymentProvider } from '@bazaar/payment-react';
import { inShell } from '@bazaar/platform-shell/testing';
import { AppContext } from '../../shell/app-context.ts';
import { AdminApp } from '../admin-app.tsx';

// The web project runs without vitest globals, so Testing Library cannot register this itself.
afterEach(cleanup);

const PLATFORM = { appId: 'bazaar', appName: 'Bazaar', livemode: false, mountPoint: '/payment-kit' };

/** Where the router is, for tests that read the address a page keeps its state in. */
function CurrentAddress() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{`${pathname}${search}`}</output>;
}

/**
 * The dashboard at `path` (`/admin/products?page=2`), as the kit's app holds it, in test mode.
 * `withRelay` names the app so live pages open a relay socket (stub `WebSocket` first).
 */
export function renderAdmin(
  path: string,
  { locale = 'en', withRelay = false }: { locale?: Locale; withRelay?: boolean } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    inShell(
      <AppContext value={{ platform: PLATFORM, setLivemode: () => {} }}>
        <PaymentProvider
          apiBaseUrl="http://localhost/payment-kit"
          locale={locale}
          livemode={false}
          appId={withRelay ? PLATFORM.appId : null}
          fetch={(input, init) => window.fetch(input, init)}
          queryClient={queryClient}
          theme="inherit"
        >
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/admin/*" element={<AdminApp />} />
            </Routes>
            <CurrentAddress />
          </MemoryRouter>
        </PaymentProvider>
      </AppContext>,
      { locale },
    ),
  );
}
