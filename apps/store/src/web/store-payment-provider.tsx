import { useCallback, type ReactNode } from 'react';
import { PaymentProvider, paymentKitBaseUrl } from '@bazaar/payment-react';
import type { Registry } from '@bazaar/schemas';
import { signInAddress } from './sign-in-address.ts';
import { useLocale } from './use-locale.tsx';

/**
 * The Payment Kit's components inside the Store: the kit where the registry says it is mounted,
 * in the platform's mode and the Store's language, and in the Store's own look.
 */
export function StorePaymentProvider({ registry, children }: { registry: Registry; children: ReactNode }) {
  const { locale } = useLocale();
  const requestLogin = useCallback(() => window.location.assign(signInAddress(window.location.pathname)), []);
  return (
    <PaymentProvider
      apiBaseUrl={paymentKitBaseUrl(registry, window.location.origin)}
      locale={locale}
      livemode={registry.livemode}
      appId={registry.appId}
      onRequireLogin={requestLogin}
      theme="inherit"
    >
      {children}
    </PaymentProvider>
  );
}
