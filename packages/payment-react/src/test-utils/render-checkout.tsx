import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { Theme } from '@mui/material/styles';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { SessionUser } from '@bazaar/schemas';
import type { PaymentEventBus } from '../events/payment-events.ts';
import type { ChainWallet } from '../provider/chain-wallet.ts';
import { PaymentProvider } from '../provider/payment-provider.tsx';
import { createFetchStub, type StubRoute } from './fetch-stub.ts';

// The web project runs without vitest globals, so Testing Library cannot register this itself.
afterEach(cleanup);

export const TEST_ORIGIN = 'http://shop.test';
export const TEST_API_BASE = `${TEST_ORIGIN}/payment-kit`;

export const SIGNED_IN_USER: SessionUser = {
  did: 'did:pkh:eip155:1:0xabc',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  walletAddress: null,
  avatar: '',
  role: 'member',
  passports: [],
};

export interface RenderOptions {
  routes: StubRoute[];
  locale?: string;
  user?: SessionUser | null;
  onRequireLogin?: () => void;
  events?: PaymentEventBus;
  storage?: Storage | null;
  theme?: Theme | 'inherit';
  /** The host app around the provider (its own theme, layout). */
  host?: ComponentType<{ children: ReactNode }>;
  /** Turns realtime on (with a fake relay installed, see `installFakeRelay`). */
  appId?: string | null;
  /** The payer's browser wallet (see `createFakeWallet`). */
  wallet?: ChainWallet;
}

/** Renders inside a real PaymentProvider whose only fake is the network. */
export function renderWithPayment(
  ui: ReactElement,
  {
    routes,
    locale = 'en',
    user = SIGNED_IN_USER,
    onRequireLogin,
    events,
    storage,
    theme,
    host,
    appId = null,
    wallet,
  }: RenderOptions,
) {
  const sessionRoute: StubRoute = {
    method: 'GET',
    path: '/.well-known/service/user/session',
    respond: { body: { user } },
  };
  const network = createFetchStub([...routes, sessionRoute]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <PaymentProvider
      apiBaseUrl={TEST_API_BASE}
      locale={locale}
      livemode={false}
      fetch={network.fetch}
      queryClient={queryClient}
      onRequireLogin={onRequireLogin}
      events={events}
      storage={storage}
      theme={theme}
      appId={appId}
      wallet={wallet}
    >
      {ui}
    </PaymentProvider>,
    { wrapper: host },
  );
  return { ...view, calls: network.calls };
}
