import { cleanup, screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StoreRoutes } from './store-routes.tsx';
import { PaymentKitOutlet } from './test-utils/payment-kit-outlet.tsx';
import { renderStoreRoute } from './test-utils/render-store-route.tsx';
import { createStoreApiStub } from './test-utils/store-api-stub.ts';

const api = createStoreApiStub();

beforeAll(() => {
  api.install();
  // Accepting analytics adds its script, which no server here answers: the page view is queued all the same.
  const { settings } = (
    window as unknown as {
      happyDOM: {
        settings: { disableJavaScriptFileLoading: boolean; handleDisabledFileLoadingAsSuccess: boolean };
      };
    }
  ).happyDOM;
  settings.disableJavaScriptFileLoading = true;
  settings.handleDisabledFileLoadingAsSuccess = true;
});
beforeEach(() => {
  api.reset(null);
  window.bazaarAnalytics = undefined;
});
afterEach(cleanup);

function openStore(path: string, options: { hasAcceptedAnalytics?: boolean } = {}) {
  renderStoreRoute(
    path,
    <Route element={<PaymentKitOutlet />}>
      <Route path="*" element={<StoreRoutes />} />
    </Route>,
    options,
  );
}

describe('StoreRoutes', () => {
  it('sends an unknown address home, replacing it in the history', async () => {
    openStore('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Store home (REPLACE)' })).toBeTruthy();
  });

  it("counts the page view of an app's page (the visitor accepted analytics)", async () => {
    openStore('/app/did:key:z6MkUnknownAppForTheRoutesTest', { hasAcceptedAnalytics: true });
    expect(await screen.findByText('Sorry, the page you visited does not exist.')).toBeTruthy();
    expect(window.bazaarAnalytics).toContainEqual([
      'pageview',
      '/app/did:key:z6MkUnknownAppForTheRoutesTest',
    ]);
  });
});
