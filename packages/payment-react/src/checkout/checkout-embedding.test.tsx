import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { createPaymentTheme } from '../theme/payment-theme.ts';
import { makeCheckout } from '../test-utils/checkout-builders.ts';
import type { StubRoute } from '../test-utils/fetch-stub.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { CheckoutForm } from './checkout-form.tsx';

const SLOW = { timeout: 4_000 };
const API = '/payment-kit/api/checkout-sessions';
const routes: StubRoute[] = [
  { method: 'GET', path: `${API}/retrieve/cs_test_1`, respond: { body: makeCheckout() } },
  { method: 'GET', path: `${API}/cs_test_1/cross-sell`, respond: { body: { error: 'none' } } },
  { method: 'GET', path: '/payment-kit/api/customers/me', respond: { body: null } },
];

/** Another app of the platform: its own green brand and serif type. */
const hostTheme = createTheme({
  palette: { primary: { main: '#0a7d32' } },
  typography: { fontFamily: 'Georgia, serif' },
});
function HostApp({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={hostTheme}>
      <main>{children}</main>
    </ThemeProvider>
  );
}

describe('CheckoutForm embedded in another app', () => {
  it.each([
    ['inherits the MUI theme around it', 'inherit' as const],
    ['takes the theme it is given', hostTheme],
  ])('inline-minimal: no summary, the host look (%s)', async (_, theme) => {
    renderWithPayment(<CheckoutForm id="cs_test_1" mode="inline-minimal" />, {
      routes,
      theme,
      host: HostApp,
    });
    const pay = await screen.findByRole('button', { name: 'Pay' }, SLOW);
    expect(screen.queryByLabelText('Order summary')).toBeNull();
    expect(screen.queryByTestId('total-due')).toBeNull();
    expect(screen.getByRole('radio', { name: /Card/ })).toBeTruthy();
    const style = getComputedStyle(pay);
    expect(style.backgroundColor).toBe('#0a7d32');
    expect(style.fontFamily).toContain('Georgia');
  });

  it("keeps the kit's own look unless the host asks otherwise, with the summary in inline mode", async () => {
    renderWithPayment(<CheckoutForm id="cs_test_1" mode="inline" />, { routes, host: HostApp });
    const pay = await screen.findByRole('button', { name: 'Pay' }, SLOW);
    expect(screen.getByLabelText('Order summary')).toBeTruthy();
    expect(getComputedStyle(pay).backgroundColor).toBe(createPaymentTheme().palette.primary.main);
  });
});
