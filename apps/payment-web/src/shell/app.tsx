import { useCallback, useMemo, useState } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { Locale } from '@bazaar/i18n';
import { PaymentProvider } from '@bazaar/payment-react';
import { loginAddress } from '../addresses.ts';
import type { PlatformConfig } from '../platform-config.ts';
import {
  localeCookie,
  pickAuthToken,
  pickLivemode,
  pickLocale,
  readStoredLivemode,
  storeLivemode,
} from '../preferences.ts';
import { AppShell } from './app-shell.tsx';
import { ShellContext } from './shell-context.ts';

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
            path: 'integrations/donations',
            lazy: () =>
              import('../pages/integrations-donations-page.tsx').then((module) => ({
                Component: module.IntegrationsDonationsPage,
              })),
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

/** The host of the Payment Kit's pages: reads the page's preferences and hands them to the library. */
export function App({ platform }: { platform: PlatformConfig }) {
  const [locale, setLocaleState] = useState<Locale>(() => {
    const picked = pickLocale({
      search: window.location.search,
      cookie: document.cookie,
      navigatorLanguage: navigator.language,
    });
    // A `?locale=` link is a choice like the switch's: the pages it leads to keep the language.
    if (new URLSearchParams(window.location.search).has('locale')) document.cookie = localeCookie(picked);
    return picked;
  });
  const [livemode, setLivemodeState] = useState(() =>
    pickLivemode(window.location.search, readStoredLivemode(window.localStorage), platform.livemode),
  );
  const [router] = useState(() => createRouter(platform.mountPoint));
  // Read once: the address may later be rewritten to the session, and the token stays valid for the page.
  const [authToken] = useState(() => pickAuthToken(window.location.search));

  const setLocale = useCallback((next: Locale) => {
    document.cookie = localeCookie(next);
    const url = new URL(window.location.href);
    if (url.searchParams.has('locale')) {
      url.searchParams.set('locale', next);
      window.history.replaceState(window.history.state, '', url);
    }
    document.documentElement.lang = next === 'zh' ? 'zh-CN' : 'en';
    setLocaleState(next);
  }, []);
  const setLivemode = useCallback((next: boolean) => {
    storeLivemode(window.localStorage, next);
    setLivemodeState(next);
  }, []);
  const requestLogin = useCallback(() => window.location.assign(loginAddress(window.location.href)), []);
  const shell = useMemo(
    () => ({ platform, locale, setLocale, setLivemode }),
    [platform, locale, setLocale, setLivemode],
  );

  return (
    <ShellContext.Provider value={shell}>
      <PaymentProvider
        apiBaseUrl={`${window.location.origin}${platform.mountPoint === '/' ? '' : platform.mountPoint}`}
        locale={locale}
        livemode={livemode}
        authToken={authToken}
        appId={platform.appId}
        onRequireLogin={requestLogin}
      >
        <CssBaseline />
        <RouterProvider router={router} />
      </PaymentProvider>
    </ShellContext.Provider>
  );
}
