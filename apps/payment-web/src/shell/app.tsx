import { useCallback, useMemo, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { PaymentProvider } from '@bazaar/payment-react';
import { currentAddress, SignedInRoutes, signInAddress, useLocale } from '@bazaar/platform-shell';
import type { PlatformConfig } from '../platform-config.ts';
import { pickAuthToken, pickLivemode, readStoredLivemode, storeLivemode } from '../preferences.ts';
import { AppContext } from './app-context.ts';
import { AppShell } from './app-shell.tsx';

function createRouter(mountPoint: string) {
  return createBrowserRouter(
    [
      {
        element: <AppShell />,
        children: [
          {
            path: 'checkout/pay/:id',
            lazy: () =>
              import('../pages/checkout-page.tsx').then((module) => ({ Component: module.CheckoutPage })),
          },
          {
            element: <SignedInRoutes />,
            children: [
              {
                path: 'customer',
                lazy: () =>
                  import('../pages/customer-page.tsx').then((module) => ({ Component: module.CustomerPage })),
              },
              {
                path: 'customer/invoice/past-due',
                lazy: () =>
                  import('../pages/past-due-page.tsx').then((module) => ({ Component: module.PastDuePage })),
              },
              {
                path: 'customer/invoice/:id',
                lazy: () =>
                  import('../pages/invoice-page.tsx').then((module) => ({ Component: module.InvoicePage })),
              },
              {
                path: 'customer/subscription/:id',
                lazy: () =>
                  import('../pages/subscription-page.tsx').then((module) => ({
                    Component: module.SubscriptionPage,
                  })),
              },
              {
                path: 'admin/*',
                lazy: () =>
                  import('../admin/admin-app.tsx').then((module) => ({ Component: module.AdminApp })),
              },
              {
                path: 'integrations/donations',
                lazy: () =>
                  import('../pages/integrations-donations-page.tsx').then((module) => ({
                    Component: module.IntegrationsDonationsPage,
                  })),
              },
            ],
          },
          {
            path: '*',
            lazy: () =>
              import('../pages/not-found-page.tsx').then((module) => ({ Component: module.NotFoundPage })),
          },
        ],
      },
    ],
    { basename: mountPoint === '/' ? undefined : mountPoint },
  );
}

/** The host of the Payment Kit's pages: hands the platform's language and the page's mode to the library. */
export function App({ platform }: { platform: PlatformConfig }) {
  const { locale } = useLocale();
  const [livemode, setLivemodeState] = useState(() =>
    pickLivemode(window.location.search, readStoredLivemode(window.localStorage), platform.livemode),
  );
  const [router] = useState(() => createRouter(platform.mountPoint));
  // Read once: the address may later be rewritten to the session, and the token stays valid for the page.
  const [authToken] = useState(() => pickAuthToken(window.location.search));

  const setLivemode = useCallback((next: boolean) => {
    storeLivemode(window.localStorage, next);
    setLivemodeState(next);
  }, []);
  const requestLogin = useCallback(() => window.location.assign(signInAddress(currentAddress())), []);
  const context = useMemo(() => ({ platform, setLivemode }), [platform, setLivemode]);

  return (
    <AppContext value={context}>
      <PaymentProvider
        apiBaseUrl={`${window.location.origin}${platform.mountPoint === '/' ? '' : platform.mountPoint}`}
        locale={locale}
        livemode={livemode}
        authToken={authToken}
        appId={platform.appId}
        onRequireLogin={requestLogin}
        theme="inherit"
      >
        <RouterProvider router={router} />
      </PaymentProvider>
    </AppContext>
  );
}
