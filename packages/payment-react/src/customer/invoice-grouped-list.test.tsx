import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { Invoice, Subscription } from '@bazaar/schemas';
import { installFakeRelay } from '../test-utils/fake-relay.ts';
import type { StubRoute } from '../test-utils/fetch-stub.ts';
import { makeInvoice, makeUncollectibleInvoice } from '../test-utils/invoice-builders.ts';
import { renderWithPayment, TEST_API_BASE } from '../test-utils/render-checkout.tsx';
import { makeSubscription, SUBSCRIBED_AT } from '../test-utils/subscription-builders.ts';
import { InvoiceGroupedList } from './invoice-grouped-list.tsx';

const SLOW = { timeout: 3_000 };
const LIST_PATH = '/payment-kit/api/invoices';
const HOUR = 3_600;
const DAY = 86_400;

// Midday and two hours either side of it, a day apart: each day reads the same in any time zone.
const today = [
  makeInvoice({ created_at: SUBSCRIBED_AT + 2 * HOUR }),
  makeUncollectibleInvoice({ created_at: SUBSCRIBED_AT }),
];
const yesterday = [
  makeUncollectibleInvoice({
    id: 'in_void',
    number: 'BZR-0004',
    status: 'void',
    created_at: SUBSCRIBED_AT - DAY,
  }),
  makeInvoice({
    id: 'in_stake',
    number: 'BZR-0005',
    billing_reason: 'stake',
    checkout_session_id: null,
    total: '5000',
    created_at: SUBSCRIBED_AT - DAY - 2 * HOUR,
  }),
];

function listRoute(invoices: Invoice[], subscription?: Subscription): StubRoute {
  return {
    method: 'GET',
    path: LIST_PATH,
    respond: ({ url }) => {
      const page = Number(url.searchParams.get('page') ?? '1');
      const size = Number(url.searchParams.get('pageSize') ?? '10');
      const list = invoices.slice((page - 1) * size, page * size);
      return { body: { list, count: invoices.length, ...(subscription && { subscription }) } };
    },
  };
}

const dayOf = (at: number) => dayjs.unix(at).format('YYYY-MM-DD');
const timeOf = (at: number) => dayjs.unix(at).format('HH:mm:ss');
const sectionOf = (heading: string) => screen.getByRole('heading', { name: heading }).closest('section')!;
const rowsOf = (section: HTMLElement) =>
  within(section)
    .getAllByRole('listitem')
    .filter((item) => item.textContent !== '')
    .map((item) => item.textContent);

describe('InvoiceGroupedList', () => {
  it('groups invoices under their day, each with time, number, type, amount and status or pay', async () => {
    renderWithPayment(<InvoiceGroupedList action="renew" />, {
      routes: [listRoute([...today, ...yesterday])],
    });
    await screen.findByText('BZR-0001', {}, SLOW);
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual([
      dayOf(SUBSCRIBED_AT),
      dayOf(SUBSCRIBED_AT - DAY),
    ]);
    expect(rowsOf(sectionOf(dayOf(SUBSCRIBED_AT)))).toEqual([
      `${timeOf(today[0]!.created_at)}BZR-0001Payment$39.98Paid`,
      `${timeOf(today[1]!.created_at)}BZR-0002Subscription renewal$9.99Pay now`,
    ]);
    expect(rowsOf(sectionOf(dayOf(SUBSCRIBED_AT - DAY)))).toEqual([
      `${timeOf(yesterday[0]!.created_at)}BZR-0004Subscription renewal$9.99Void`,
      `${timeOf(yesterday[1]!.created_at)}BZR-0005Stake$50.00Paid`,
    ]);
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      `${TEST_API_BASE}/customer/invoice/in_due?action=renew`,
    );
    expect(screen.getByText('Void').tagName).toBe('S');
    // Everything is shown: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it.each([
    ['en', 'Load more'],
    ['zh', '加载更多'],
  ])('reads the next page on "Load more" while some remain (%s)', async (locale, loadMore) => {
    const user = userEvent.setup();
    const { calls } = renderWithPayment(<InvoiceGroupedList pageSize={2} />, {
      routes: [listRoute([...today, ...yesterday])],
      locale,
    });
    await screen.findByText('BZR-0001', {}, SLOW);
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    expect(screen.queryByText('BZR-0004')).toBeNull();

    await user.click(screen.getByRole('button', { name: loadMore }));
    expect(await screen.findByText('BZR-0004', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('BZR-0005')).toBeTruthy();
    expect(screen.getAllByRole('heading')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: loadMore })).toBeNull();
    expect(
      calls
        .filter((call) => call.url.pathname === LIST_PATH)
        .map((call) => [call.url.searchParams.get('page'), call.url.searchParams.get('pageSize')]),
    ).toEqual([
      ['1', '2'],
      ['2', '2'],
    ]);
  });

  it.each([
    ['en', 'No invoices yet', 'Your next invoice is on {date}'],
    ['zh', '暂无账单', '下一张账单将于 {date} 生成'],
  ])(
    "says when there are none, and when the subscription's next one comes (%s)",
    async (locale, empty, next) => {
      const subscription = makeSubscription({ status: 'active' });
      renderWithPayment(<InvoiceGroupedList subscription={subscription} />, {
        routes: [listRoute([])],
        locale,
      });
      expect(await screen.findByText(empty, {}, SLOW)).toBeTruthy();
      expect(screen.getByText(next.replace('{date}', dayOf(subscription.current_period_end)))).toBeTruthy();
      expect(screen.queryByRole('heading')).toBeNull();
    },
  );

  it("takes the next invoice's date from the subscription the server answers", async () => {
    const subscription = makeSubscription();
    renderWithPayment(<InvoiceGroupedList subscriptionId="sub_1" />, {
      routes: [listRoute([], subscription)],
    });
    expect(
      await screen.findByText(`Your next invoice is on ${dayOf(subscription.current_period_end)}`, {}, SLOW),
    ).toBeTruthy();
  });

  describe('live refresh', () => {
    let relay: ReturnType<typeof installFakeRelay>;
    beforeEach(() => {
      relay = installFakeRelay();
    });
    afterEach(() => {
      vi.useRealTimers();
      relay.uninstall();
    });

    it("reads the list again once after its customer's invoice is paid, and not for another's", async () => {
      const { calls } = renderWithPayment(<InvoiceGroupedList />, {
        routes: [listRoute(today)],
        appId: 'app_test',
      });
      await screen.findByText('BZR-0002', {}, SLOW);
      await waitFor(() => expect(relay.openCount).toBe(1));
      const listCalls = () => calls.filter((call) => call.url.pathname === LIST_PATH);
      const paid = (customerId: string) =>
        ({
          type: 'invoice.paid',
          data: { id: 'in_due', customer_id: customerId, subscription_id: 'sub_1' },
        }) as const;

      vi.useFakeTimers({ shouldAdvanceTime: false });
      act(() => relay.deliver(paid('cus_2')));
      await act(() => vi.advanceTimersByTimeAsync(6_000));
      expect(listCalls()).toHaveLength(1);
      expect(screen.queryByText('Invoice paid')).toBeNull();

      act(() => relay.deliver(paid('cus_1')));
      expect(screen.getByText('Invoice paid')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(listCalls()).toHaveLength(2);
    });
  });
});
