import { useCallback, type ReactNode } from 'react';
import { PaymentProvider, paymentKitBaseUrl } from '@bazaar/payment-react';
import { currentAddress, signInAddress, useLocale } from '@bazaar/platform-shell';
import type { Registry } from '@bazaar/schemas';
import type { QueryClient } from '@tanstack/react-query';

interface StorePaymentProviderProps {
  registry: Registry;
  /** The page's one query cache, shared with the Store's own pages. */
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * The Payment Kit's components inside the Store: the kit where the registry says it is mounted,
 * in the platform's mode and the Store's language, and in the platform's look.
 */
export function StorePaymentProvider({ registry, queryClient, children }: StorePaymentProviderProps) {
  const { locale } = useLocale();
  const requestLogin = useCallback(() => window.location.assign(signInAddress(currentAddress())), []);
  return (
    <PaymentProvider
      apiBaseUrl={paymentKitBaseUrl(registry, window.location.origin)}
      locale={locale}
      livemode={registry.livemode}
      appId={registry.appId}
      onRequireLogin={requestLogin}
      queryClient={queryClient}
      theme="inherit"
    >
      {children}
    </PaymentProvider>
  );
}
