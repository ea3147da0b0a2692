import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Benefit } from '@bazaar/schemas';
import { makeDonationCheckout } from '../test-utils/checkout-builders.ts';
import type { StubRoute } from '../test-utils/fetch-stub.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { CheckoutForm } from './checkout-form.tsx';

const SLOW = { timeout: 4_000 };
const API = '/payment-kit/api';
const LINK = 'plink_demo_donation';
const donation = (amount: string) => makeDonationCheckout(amount, { payment_link_id: LINK });

const ada = {
  name: 'Ada',
  avatar: 'https://ada.example/me.png',
  url: 'https://ada.example',
  address: 'did:bazaar:ada',
};
const bob = {
  name: 'Bob',
  avatar: '/.well-known/service/user/avatar/did%3Abazaar%3Abob',
  url: null,
  address: 'did:bazaar:bob',
};
/** The server's answer: each share's part of `?amount` (the stub splits 70 / 30 like it would). */
function benefitsRoute(people: Array<Omit<Benefit, 'amount' | 'percent'>>): StubRoute {
  const percents = people.length === 1 ? [100] : [70, 30];
  return {
    method: 'GET',
    path: `${API}/payment-links/${LINK}/benefits`,
    respond: (request) => {
      const amount = request.url.searchParams.get('amount');
      return {
        body: people.map((person, index) => ({
          ...person,
          percent: percents[index],
          amount: amount === null ? null : ((BigInt(amount) * BigInt(percents[index]!)) / 100n).toString(),
        })),
      };
    },
  };
}

function routes(benefits: StubRoute): StubRoute[] {
  return [
    {
      method: 'GET',
      path: `${API}/checkout-sessions/retrieve/cs_test_1`,
      respond: { body: donation('500') },
    },
    {
      method: 'GET',
      path: `${API}/checkout-sessions/cs_test_1/cross-sell`,
      respond: { body: { error: 'none' } },
    },
    {
      method: 'PUT',
      path: `${API}/checkout-sessions/cs_test_1/amount`,
      respond: (request) => {
        const { amount } = request.body as { amount: string };
        return { body: { checkoutSession: donation(amount).checkoutSession, savings_percent: null } };
      },
    },
    benefits,
  ];
}

describe('donation beneficiaries', () => {
  it.each([
    ['en', 'Beneficiaries', 'Tips are distributed to 2 beneficiaries', 'Close', 'Donate'],
    ['zh', '受益人', '打赏将分配给 2 位受益人', '关闭', '打赏'],
  ])(
    'lists each share of the chosen tip instead of the form, and Close returns to it (%s)',
    async (locale, title, headline, close, donate) => {
      const user = userEvent.setup();
      const { calls } = renderWithPayment(<CheckoutForm id="cs_test_1" />, {
        routes: routes(benefitsRoute([ada, bob])),
        locale,
        user: null,
        storage: null,
      });
      const toggle = await screen.findByRole('button', { name: title }, SLOW);
      await user.click(toggle);

      const view = screen.getByRole('region', { name: title });
      expect(document.activeElement?.textContent).toBe(title);
      expect(within(view).getByText(headline)).toBeTruthy();
      const [first, second] = within(view).getAllByRole('listitem');
      expect(within(first!).getByRole('link', { name: 'Ada' }).getAttribute('href')).toBe(
        'https://ada.example',
      );
      expect(first!.textContent).toContain('$3.50');
      expect(first!.textContent).toContain('70%');
      expect(second!.textContent).toContain('Bob');
      expect(second!.textContent).toContain('$1.50');
      expect(second!.textContent).toContain('30%');
      expect(screen.queryByRole('button', { name: donate })).toBeNull();
      const asked = calls.filter((call) => call.url.pathname.endsWith('/benefits'));
      expect(asked.map((call) => call.url.searchParams.get('amount'))).toEqual(['500']);

      await user.click(within(view).getByRole('button', { name: close }));
      expect(screen.queryByRole('region', { name: title })).toBeNull();
      expect(screen.getByRole('button', { name: donate })).toBeTruthy();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: title }));
    },
  );

  it('names the only beneficiary, shows platform avatars from the platform, and follows the tip', async () => {
    const user = userEvent.setup();
    renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: routes(benefitsRoute([bob])),
      user: null,
      storage: null,
    });
    await user.click(await screen.findByRole('radio', { name: '$10.00' }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Beneficiaries' }));
    const view = screen.getByRole('region', { name: 'Beneficiaries' });
    expect(within(view).getByText('Bob will receive all tips')).toBeTruthy();
    await waitFor(() => expect(within(view).getByRole('listitem').textContent).toContain('$10.00'));
    expect(within(view).getByRole('img', { name: 'Bob' }).getAttribute('src')).toBe(
      'http://shop.test/.well-known/service/user/avatar/did%3Abazaar%3Abob',
    );
  });

  it('offers no toggle when the link names no beneficiary', async () => {
    renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: routes(benefitsRoute([])),
      user: null,
      storage: null,
    });
    await screen.findByRole('radio', { name: '$5.00' }, SLOW);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Donate' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Beneficiaries' })).toBeNull();
  });

  it.each([
    ['en', 'Cancel'],
    ['zh', '取消'],
  ])('Cancel hands control back to the host, only when it can take it (%s)', async (locale, cancel) => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const { unmount } = renderWithPayment(<CheckoutForm id="cs_test_1" onCancel={onCancel} />, {
      routes: routes(benefitsRoute([ada])),
      locale,
      user: null,
      storage: null,
    });
    await user.click(await screen.findByRole('button', { name: cancel }, SLOW));
    expect(onCancel).toHaveBeenCalledTimes(1);
    unmount();

    renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: routes(benefitsRoute([ada])),
      locale,
      user: null,
      storage: null,
    });
    await screen.findByRole('radio', { name: '$5.00' }, SLOW);
    expect(screen.queryByRole('button', { name: cancel })).toBeNull();
  });
});
