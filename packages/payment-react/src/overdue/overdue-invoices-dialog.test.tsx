import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { OverdueInvoicesResponse } from '@bazaar/schemas';
import { USD } from '../test-utils/checkout-builders.ts';
import { installFakeRelay } from '../test-utils/fake-relay.ts';
import { makeOverdueResponse, makeUncollectibleInvoice } from '../test-utils/invoice-builders.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { OverdueInvoicesDialog, type OverdueInvoicesDialogProps } from './overdue-invoices-dialog.tsx';

const SLOW = { timeout: 3_000 };
const EUR = { ...USD, id: 'pc_test_eur', symbol: '€', name: 'Euro' };
const usd = makeUncollectibleInvoice();
const eurA = makeUncollectibleInvoice({
  id: 'in_eur_a',
  currency_id: EUR.id,
  currency: EUR,
  amount_remaining: '899',
});
const eurB = makeUncollectibleInvoice({
  id: 'in_eur_b',
  currency_id: EUR.id,
  currency: EUR,
  amount_remaining: '100',
});
const REFERER = 'http://shop.test/payment-kit/checkout/pay/cs_1';

function renderDialog(
  answers: OverdueInvoicesResponse[],
  props: Partial<OverdueInvoicesDialogProps> = { customerId: 'cus_1' },
  locale = 'en',
) {
  const onPaid = vi.fn();
  const onClose = vi.fn();
  const view = renderWithPayment(
    <OverdueInvoicesDialog open referer={REFERER} onClose={onClose} onPaid={onPaid} {...props} />,
    {
      routes: [
        {
          method: 'GET',
          path: /\/payment-kit\/api\/(customers|subscriptions)\/[^/]+\/overdue\/invoices$/,
          respond: answers.map((body) => ({ body })),
        },
      ],
      locale,
      appId: 'app_test',
    },
  );
  return { ...view, onPaid, onClose };
}

describe('OverdueInvoicesDialog', () => {
  let relay: ReturnType<typeof installFakeRelay>;
  beforeEach(() => {
    relay = installFakeRelay();
  });
  afterEach(() => {
    relay.uninstall();
  });

  it.each([
    ['en', 'Past-due invoices', 'Card · 1 invoice past due', 'Card · 2 invoices past due', 'Pay'],
    ['zh', '逾期账单', 'Card · 1 张逾期账单', 'Card · 2 张逾期账单', '支付'],
  ])('lists what is owed per currency (%s)', async (locale, title, one, two, pay) => {
    renderDialog([makeOverdueResponse([usd, eurA, eurB])], { customerId: 'cus_1' }, locale);
    expect(await screen.findByRole('dialog', { name: title }, SLOW)).toBeTruthy();
    expect(await screen.findByText('$9.99')).toBeTruthy();
    expect(screen.getByText('€9.99')).toBeTruthy();
    expect(screen.getByText(one)).toBeTruthy();
    expect(screen.getByText(two)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: pay })).toHaveLength(2);
  });

  it('answers a card payment with the invoice page: the invoice itself, or the list of several', async () => {
    const user = userEvent.setup();
    const { calls } = renderDialog([makeOverdueResponse([usd, eurA, eurB])]);
    const [payUsd, payEur] = await screen.findAllByRole('button', { name: 'Pay' }, SLOW);
    await user.click(payUsd!);
    expect(
      screen.getByText('Card invoices are paid on the invoice page. It opens in a new tab.'),
    ).toBeTruthy();
    const viewUsd = screen.getByRole('link', { name: 'View now' });
    expect(viewUsd.getAttribute('href')).toBe('http://shop.test/payment-kit/customer/invoice/in_due');
    expect(viewUsd.getAttribute('target')).toBe('_blank');

    await user.click(payEur!);
    const [, viewEur] = screen.getAllByRole('link', { name: 'View now' });
    expect(viewEur!.getAttribute('href')).toBe(
      `http://shop.test/payment-kit/customer/invoice/past-due?referer=${encodeURIComponent(REFERER)}`,
    );
    expect(screen.getByRole('link', { name: 'View details' }).getAttribute('href')).toBe(
      `http://shop.test/payment-kit/customer/invoice/past-due?referer=${encodeURIComponent(REFERER)}`,
    );
    expect(calls[0]!.url.pathname).toBe('/payment-kit/api/customers/cus_1/overdue/invoices');
  });

  it("links a subscription's dialog to the subscription", async () => {
    const { calls } = renderDialog([makeOverdueResponse([usd])], { subscriptionId: 'sub_1' });
    expect((await screen.findByRole('link', { name: 'View details' }, SLOW)).getAttribute('href')).toBe(
      'http://shop.test/payment-kit/customer/subscription/sub_1',
    );
    expect(calls[0]!.url.pathname).toBe('/payment-kit/api/subscriptions/sub_1/overdue/invoices');
  });

  it.each([
    ['en', 'Either subscriptionId or customerId must be provided'],
    ['zh', '必须提供 subscriptionId 或 customerId'],
  ])('needs a subscription or a customer (%s)', async (locale, text) => {
    const { calls } = renderDialog([], {}, locale);
    expect(await screen.findByText(text, {}, SLOW)).toBeTruthy();
    expect(calls.filter((call) => call.url.pathname.includes('overdue'))).toEqual([]);
  });

  it('refetches a second after invoice.paid, then closes and reports paid when nothing remains', async () => {
    const { calls, onPaid, onClose } = renderDialog([makeOverdueResponse([usd]), makeOverdueResponse([])]);
    expect(await screen.findByText('$9.99', {}, SLOW)).toBeTruthy();
    const overdueCalls = () => calls.filter((call) => call.url.pathname.endsWith('/overdue/invoices')).length;

    // Someone else's payment is not this dialog's business.
    relay.deliver({
      type: 'invoice.paid',
      data: { id: 'in_x', customer_id: 'cus_2', subscription_id: null },
    });
    relay.deliver({
      type: 'invoice.paid',
      data: { id: 'in_due', customer_id: 'cus_1', subscription_id: 'sub_1' },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(overdueCalls()).toBe(1);

    await waitFor(() => expect(onPaid).toHaveBeenCalledWith({ kind: 'customer', id: 'cus_1' }), SLOW);
    expect(overdueCalls()).toBe(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('opens afresh after it closed itself: new overdue invoices show, and their payment is reported again', async () => {
    const onPaid = vi.fn();
    // A host that closes the dialog once it is paid, and opens it again on a later refusal.
    function Host() {
      const [isOpen, setIsOpen] = useState(true);
      return (
        <>
          <button onClick={() => setIsOpen(true)}>Pay again</button>
          <OverdueInvoicesDialog
            open={isOpen}
            customerId="cus_1"
            referer={REFERER}
            onClose={() => setIsOpen(false)}
            onPaid={(scope) => {
              onPaid(scope);
              setIsOpen(false);
            }}
          />
        </>
      );
    }
    const answers = [usd, null, eurA, null].map((invoice) => makeOverdueResponse(invoice ? [invoice] : []));
    renderWithPayment(<Host />, {
      routes: [
        {
          method: 'GET',
          path: /\/payment-kit\/api\/customers\/cus_1\/overdue\/invoices$/,
          respond: answers.map((body) => ({ body })),
        },
      ],
      appId: 'app_test',
    });
    const paid = {
      type: 'invoice.paid' as const,
      data: { id: 'in_due', customer_id: 'cus_1', subscription_id: null },
    };

    expect(await screen.findByText('$9.99', {}, SLOW)).toBeTruthy();
    relay.deliver(paid);
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1), SLOW);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Pay again' }));
    expect(await screen.findByText('€8.99', {}, SLOW)).toBeTruthy();
    relay.deliver(paid);
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(2), SLOW);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not report paid when nothing was overdue to begin with', async () => {
    const { onPaid } = renderDialog([makeOverdueResponse([])]);
    expect(await screen.findByText('Nothing is past due.', {}, SLOW)).toBeTruthy();
    expect(onPaid).not.toHaveBeenCalled();
  });
});
