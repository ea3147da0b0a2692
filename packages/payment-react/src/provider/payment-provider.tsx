import { useMemo, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { createTranslator, resolveLocale } from '@bazaar/i18n';
import { buildApiUrl, createApiClient } from '../api/api-client.ts';
import { createPaymentEventBus, type PaymentEventBus } from '../events/payment-events.ts';
import { createPaymentTheme } from '../theme/payment-theme.ts';
import { loadBrowserWallet, type ChainWallet } from './chain-wallet.ts';
import { PaymentContext, type PaymentContextValue } from './payment-context.ts';

export interface PaymentProviderProps {
  /** Origin plus the Payment Kit's mount point, resolved by the host from the registry. */
  apiBaseUrl: string;
  locale: string;
  livemode: boolean;
  authToken?: string | null;
  /** Origin of the platform's well-known services; defaults to the origin of `apiBaseUrl`. */
  platformUrl?: string;
  appId?: string | null;
  onRequireLogin?: () => void;
  fetch?: typeof fetch;
  /** Defaults to the page's local storage when there is one. */
  storage?: Storage | null;
  queryClient?: QueryClient;
  /** Hear every `error.{code}` the kit broadcasts: `events.on((event) => …)`. */
  events?: PaymentEventBus;
  /** How chain payments reach the payer's wallet: the browser's wallet (`@bazaar/wallet`) by default. */
  wallet?: ChainWallet;
  /** The kit's own calm theme by default; a host's theme object; or `'inherit'`: the MUI theme around it. */
  theme?: Theme | 'inherit';
  children: ReactNode;
}

/** A sandboxed frame may refuse local storage altogether; the kit then remembers nothing. */
function pageLocalStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Everything the Payment Kit's components read from their host, in one place:
 * `<PaymentProvider apiBaseUrl="https://shop.example/payment-kit" locale="en" livemode={false}>`.
 */
export function PaymentProvider(props: PaymentProviderProps) {
  const { apiBaseUrl, locale, livemode, authToken = null, appId = null, children } = props;
  const [queryClient] = useState(() => props.queryClient ?? new QueryClient());
  const [defaultTheme] = useState(() => createPaymentTheme());
  const doFetch = props.fetch ?? globalThis.fetch.bind(globalThis);
  const platformUrl = props.platformUrl ?? new URL(apiBaseUrl).origin;
  const onRequireLogin = props.onRequireLogin;
  const [events] = useState(() => props.events ?? createPaymentEventBus());
  const [storage] = useState(() => (props.storage === undefined ? pageLocalStorage() : props.storage));
  const wallet = props.wallet;

  const value = useMemo<PaymentContextValue>(() => {
    const resolved = resolveLocale(locale);
    const apiOptions = { apiBaseUrl, locale: resolved, livemode, authToken, fetch: doFetch };
    return {
      api: createApiClient(apiOptions),
      apiUrl: (path, query) => buildApiUrl(apiOptions, path, query),
      apiBaseUrl,
      platformUrl,
      appId,
      locale: resolved,
      livemode,
      fetch: doFetch,
      storage,
      t: createTranslator(resolved),
      events,
      requestLogin: () => onRequireLogin?.(),
      loadWallet: wallet ? () => Promise.resolve(wallet) : loadBrowserWallet,
    };
  }, [
    apiBaseUrl,
    locale,
    livemode,
    authToken,
    doFetch,
    platformUrl,
    appId,
    onRequireLogin,
    storage,
    events,
    wallet,
  ]);

  const content = <PaymentContext.Provider value={value}>{children}</PaymentContext.Provider>;
  return (
    <QueryClientProvider client={queryClient}>
      {props.theme === 'inherit' ? (
        content
      ) : (
        <ThemeProvider theme={props.theme ?? defaultTheme}>{content}</ThemeProvider>
      )}
    </QueryClientProvider>
  );
}
