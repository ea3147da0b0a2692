import { createContext, useContext } from 'react';
import type { Translate } from '@bazaar/i18n';
import type { Locale } from '@bazaar/schemas';
import type { ApiClient } from '../api/api-client.ts';
import type { PaymentEventBus } from '../events/payment-events.ts';
import type { ChainWallet } from './chain-wallet.ts';

export interface PaymentContextValue {
  api: ApiClient;
  /** The address of an API call carrying the page's locale, mode and token, for links (a PDF download). */
  apiUrl: (path: string, query?: Record<string, string>) => string;
  apiBaseUrl: string;
  /** Where the platform's well-known services live (user session, relay). */
  platformUrl: string;
  /** The app whose relay channel carries the Payment Kit's events; null disables realtime. */
  appId: string | null;
  locale: Locale;
  livemode: boolean;
  fetch: typeof fetch;
  /** Where small preferences (the payer's currency) are remembered; null keeps nothing. */
  storage: Storage | null;
  t: Translate;
  /** Where `error.{code}` is broadcast; the host may pass its own bus to listen. */
  events: PaymentEventBus;
  /** Sends a guest to sign in; the host decides how (redirect, popup, dialog). */
  requestLogin: () => void;
  /** The wallet calls of chain payments, loaded when first needed. */
  loadWallet: () => Promise<ChainWallet>;
}

export const PaymentContext = createContext<PaymentContextValue | null>(null);

export function usePaymentContext(): PaymentContextValue {
  const value = useContext(PaymentContext);
  if (!value) throw new Error('Payment Kit components must be rendered inside <PaymentProvider>');
  return value;
}

/** The translator for the provider's locale: `const t = useTranslate(); t('payment.checkout.error.title')`. */
export function useTranslate(): Translate {
  return usePaymentContext().t;
}
