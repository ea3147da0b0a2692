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
import { InvoiceTable, type InvoiceTableProps } from './invoice-table.tsx';

const SLOW = { timeout: 3_000 };
const LIST_PATH = '/payment-kit/api/invoices';
const HOUR = 3_600;

const paid = makeInvoice({ created_at: SUBSCRIBED_AT, description: 'Bazaar Pro license' });
const owed = makeUncollectibleInvoice({ created_at: SUBSCRIBED_AT - HOUR });
const open = makeUncollectibleInvoice({
  id: 'in_open',
  number: 'BZR-0003',
  status: 'open',
  created_at: SUBSCRIBED_AT - 2 * HOUR,
});
const voided = makeUncollectibleInvoice({
  id: 'in_void',
  number: 'BZR-0004',
  status: 'void',
  created_at: SUBSCRIBED_AT - 3 * HOUR,
});
const overdraft = makeUncollectibleInvoice({
  id: 'in_overdraft',
  number: 'BZR-0006',
  billing_reason: 'overdraft_protection',
  created_at: SUBSCRIBED_AT - 4 * HOUR,
});

/** Answers the list as the server pages it (1-based `page`, `pageSize` 10 by default). */
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

function renderTable(invoices: Invoice[], props: InvoiceTableProps = {}, locale = 'en') {
  const view = renderWithPayment(<InvoiceTable {...props} />, { routes: [listRoute(invoices)], locale });
  const listCalls = () =>
    view.calls
      .filter((call) => call.url.pathname === LIST_PATH)
      .map((call) => Object.fromEntries(call.url.searchParams));
  return { ...view, listCalls };
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const rowOf = (number: string) => screen.getByText(number).closest('tr')!;
const seconds = (at: number) => dayjs.unix(at).format('YYYY-MM-DD HH:mm:ss');

function manyInvoices(count: number): Invoice[] {
  return Array.from({ length: count }, (_, index) =>
    makeInvoice({
      id: `in_${index + 1}`,
      number: `BZR-${String(index + 1).padStart(4, '0')}`,
      created_at: SUBSCRIBED_AT - index * HOUR,
    }),
  );
}

describe('InvoiceTable', () => {
  it.each([
    [
      'en',
      ['Amount', 'Type', 'Invoice number', 'Date', 'Description', 'Status'],
      ['Payment', 'Paid'],
      ['Subscription renewal', 'Pay now'],
    ],
    [
      'zh',
      ['金额', '类型', '账单编号', '日期', '描述', '状态'],
      ['付款', '已支付'],
      ['订阅续费', '立即支付'],
    ],
  ])(
    'lists amount, type, number, date, description and status (%s)',
    async (locale, headers, first, second) => {
      const { listCalls } = renderTable([paid, owed], {}, locale);
      await screen.findByText('BZR-0001', {}, SLOW);
      expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(headers);
      expect(bodyRows().map(cellsOf)).toEqual([
        ['$39.98', first[0], 'BZR-0001', seconds(paid.created_at), 'Bazaar Pro license', first[1]],
        ['$9.99', second[0], 'BZR-0002', seconds(owed.created_at), 'Bazaar Club membership', second[1]],
      ]);
      // Only what filters something is sent; invoices of nothing are left out unless asked for.
      expect(listCalls()).toEqual([
        { own: 'true', page: '1', pageSize: '10', ignore_zero: 'true', locale, livemode: 'false' },
      ]);
    },
  );

  it('sends the filters it is given, and none it is not', async () => {
    const { listCalls } = renderTable([paid], {
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      currencyId: 'usd',
      status: 'paid',
      includeStaking: true,
      includeReturnStaking: false,
      ignoreZero: false,
    });
    await screen.findByText('BZR-0001', {}, SLOW);
    expect(listCalls()).toEqual([
      {
        own: 'true',
        page: '1',
        pageSize: '10',
        customer_id: 'cus_1',
        subscription_id: 'sub_1',
        currency_id: 'usd',
        status: 'paid',
        include_staking: 'true',
        locale: 'en',
        livemode: 'false',
      },
    ]);
  });

  it('pages through the list and changes the page size', async () => {
    const user = userEvent.setup();
    const { listCalls } = renderTable(manyInvoices(23));
    await screen.findByText('BZR-0001', {}, SLOW);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('1–10 of 23')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('BZR-0011', {}, SLOW)).toBeTruthy();
    expect(listCalls().at(-1)).toMatchObject({ page: '2', pageSize: '10' });

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '5',
      '10',
      '20',
      '50',
      '100',
    ]);
    await user.click(screen.getByRole('option', { name: '20' }));
    // A new size starts again from the first page.
    expect(await screen.findByText('1–20 of 23', {}, SLOW)).toBeTruthy();
    expect(bodyRows()).toHaveLength(20);
    expect(listCalls().at(-1)).toMatchObject({ page: '1', pageSize: '20' });
  });

  describe('on a phone', () => {
    const happyDOM = (window as unknown as { happyDOM: { setWindowSize(size: object): void } }).happyDOM;
    beforeEach(() => happyDOM.setWindowSize({ width: 390, height: 844 }));
    afterEach(() => happyDOM.setWindowSize({ width: 1024, height: 768 }));

    it('shows 5 invoices a page', async () => {
      const { listCalls } = renderTable(manyInvoices(12));
      await screen.findByText('BZR-0001', {}, SLOW);
      expect(bodyRows()).toHaveLength(5);
      expect(screen.getByText('1–5 of 12')).toBeTruthy();
      expect(listCalls()).toEqual([expect.objectContaining({ page: '1', pageSize: '5' })]);
    });
  });

  it.each([
    ['en', 'Void', 'No payment required'],
    ['zh', '已作废', '无需支付'],
  ])('strikes a void invoice through and says nothing is owed (%s)', async (locale, status, tip) => {
    const user = userEvent.setup();
    renderTable([voided], {}, locale);
    const label = await screen.findByText(status, {}, SLOW);
    expect(label.tagName).toBe('S');
    // Nothing to pay on a void invoice.
    expect(within(rowOf('BZR-0004')).queryByRole('link', { name: /Pay|支付/ })).toBeNull();
    await user.hover(label);
    expect((await screen.findByRole('tooltip', {}, SLOW)).textContent).toBe(tip);
  });

  it('offers to pay open and uncollectible invoices on their page, with the action for an uncollectible one', async () => {
    renderTable([owed, open, overdraft, paid], { action: 'renew' });
    await screen.findByText('BZR-0002', {}, SLOW);
    const payLinks = screen.getAllByRole('link', { name: 'Pay now' });
    expect(payLinks.map((link) => link.closest('tr')?.querySelector('a')?.textContent)).toEqual([
      'BZR-0002',
      'BZR-0003',
    ]);
    expect(payLinks.map((link) => link.getAttribute('href'))).toEqual([
      `${TEST_API_BASE}/customer/invoice/in_due?action=renew`,
      `${TEST_API_BASE}/customer/invoice/in_open`,
    ]);
    // Overdraft protection is not paid from the list: the row shows its status.
    const overdraftRow = rowOf('BZR-0006');
    expect(within(overdraftRow).queryByRole('link', { name: 'Pay now' })).toBeNull();
    expect(cellsOf(overdraftRow)).toEqual([
      '$9.99',
      'Overdraft protection',
      'BZR-0006',
      seconds(overdraft.created_at),
      'Bazaar Club membership',
      'Uncollectible',
    ]);
  });

  it('pays an uncollectible invoice without an action when none is given', async () => {
    renderTable([owed]);
    const pay = await screen.findByRole('link', { name: 'Pay now' }, SLOW);
    expect(pay.getAttribute('href')).toBe(`${TEST_API_BASE}/customer/invoice/in_due`);
  });

  it('links each invoice to its subscription and shortens dates to the minute', async () => {
    renderTable([owed, paid], { showSubscription: true });
    await screen.findByText('BZR-0002', {}, SLOW);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Amount',
      'Type',
      'Invoice number',
      'Subscription',
      'Date',
      'Description',
      'Status',
    ]);
    const minutes = (at: number) => dayjs.unix(at).format('YYYY-MM-DD HH:mm');
    expect(bodyRows().map(cellsOf)).toEqual([
      [
        '$9.99',
        'Subscription renewal',
        'BZR-0002',
        'sub_1',
        minutes(owed.created_at),
        'Bazaar Club membership',
        'Pay now',
      ],
      ['$39.98', 'Payment', 'BZR-0001', '', minutes(paid.created_at), 'Bazaar Pro license', 'Paid'],
    ]);
    expect(screen.getByRole('link', { name: 'sub_1' }).getAttribute('href')).toBe(
      `${TEST_API_BASE}/customer/subscription/sub_1`,
    );
  });

  describe('a row click', () => {
    let assign: ReturnType<typeof vi.spyOn>;
    beforeEach(() => {
      assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    });
    afterEach(() => assign.mockRestore());

    const external = makeInvoice({ id: 'ext_1', number: 'EXT-0001', description: 'Paid elsewhere' });

    it("opens the kit's invoice page, with the action for an uncollectible one", async () => {
      const user = userEvent.setup();
      renderTable([paid, owed], { action: 'renew' });
      await user.click(await screen.findByText('Bazaar Pro license', {}, SLOW));
      await user.click(screen.getByText('Bazaar Club membership'));
      expect(assign.mock.calls).toEqual([
        [`${TEST_API_BASE}/customer/invoice/in_1`],
        [`${TEST_API_BASE}/customer/invoice/in_due?action=renew`],
      ]);
      // The number is a link to the same page, for a keyboard.
      expect(screen.getByRole('link', { name: 'BZR-0001' }).getAttribute('href')).toBe(
        `${TEST_API_BASE}/customer/invoice/in_1`,
      );
    });

    it("opens the host's payment details for anything else, and nothing without them", async () => {
      const user = userEvent.setup();
      const { unmount } = renderTable([external], { paymentDetailsUrl: 'https://shop.test/payments' });
      await user.click(await screen.findByText('Paid elsewhere', {}, SLOW));
      expect(assign.mock.calls).toEqual([['https://shop.test/payments']]);
      unmount();

      renderTable([external]);
      await user.click(await screen.findByText('Paid elsewhere', {}, SLOW));
      expect(assign).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('link', { name: 'EXT-0001' })).toBeNull();
    });
  });

  it.each([
    ['en', 'No invoices yet', 'Your next invoice is on'],
    ['zh', '暂无账单', '下一张账单将于'],
  ])(
    "says when there are none, and when the subscription's next one comes (%s)",
    async (locale, empty, next) => {
      const subscription = makeSubscription({ status: 'active' });
      renderWithPayment(<InvoiceTable subscriptionId="sub_1" />, {
        routes: [listRoute([], subscription)],
        locale,
      });
      expect(await screen.findByText(empty, {}, SLOW)).toBeTruthy();
      const date = dayjs.unix(subscription.current_period_end).format('YYYY-MM-DD');
      expect(screen.getByText(new RegExp(`^${next} ${date}`))).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    },
  );

  it('names no next invoice for a subscription that writes none, and takes the one it is given', async () => {
    const canceled = makeSubscription({ status: 'canceled' });
    const { unmount } = renderWithPayment(<InvoiceTable subscription={canceled} />, {
      routes: [listRoute([])],
    });
    expect(await screen.findByText('No invoices yet', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText(/Your next invoice/)).toBeNull();
    unmount();

    const trialing = makeSubscription();
    renderWithPayment(<InvoiceTable subscription={trialing} />, { routes: [listRoute([])] });
    const date = dayjs.unix(trialing.current_period_end).format('YYYY-MM-DD');
    expect(await screen.findByText(`Your next invoice is on ${date}`, {}, SLOW)).toBeTruthy();
  });
});

describe('InvoiceTable live refresh', () => {
  let relay: ReturnType<typeof installFakeRelay>;
  beforeEach(() => {
    relay = installFakeRelay();
  });
  afterEach(() => {
    vi.useRealTimers();
    relay.uninstall();
  });

  const paidEvent = (customerId: string) =>
    ({
      type: 'invoice.paid',
      data: { id: 'in_due', customer_id: customerId, subscription_id: 'sub_1' },
    }) as const;

  async function renderListening(props: InvoiceTableProps = {}) {
    const view = renderWithPayment(<InvoiceTable {...props} />, {
      routes: [
        {
          method: 'GET',
          path: LIST_PATH,
          respond: [
            { body: { list: [owed], count: 1 } },
            { body: { list: [{ ...owed, status: 'paid' }], count: 1 } },
          ],
        },
      ],
      appId: 'app_test',
    });
    await screen.findByText('BZR-0002', {}, SLOW);
    await waitFor(() => expect(relay.openCount).toBe(1));
    const listCalls = () => view.calls.filter((call) => call.url.pathname === LIST_PATH);
    return { listCalls };
  }

  it("reads the list again a second after its customer's invoice is paid, once for a burst", async () => {
    const { listCalls } = await renderListening();
    vi.useFakeTimers({ shouldAdvanceTime: false });
    act(() => {
      relay.deliver(paidEvent('cus_1'));
      relay.deliver(paidEvent('cus_1'));
    });
    expect(screen.getByText('Invoice paid')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(listCalls()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(listCalls()).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(listCalls()).toHaveLength(2);
    vi.useRealTimers();
    expect(await screen.findByText('Paid', {}, SLOW)).toBeTruthy();
  });

  it('reads at the latest five seconds after the first of a steady stream', async () => {
    const { listCalls } = await renderListening();
    vi.useFakeTimers({ shouldAdvanceTime: false });
    for (let second = 0; second < 5; second += 1) {
      act(() => relay.deliver(paidEvent('cus_1')));
      await act(() => vi.advanceTimersByTimeAsync(900));
    }
    expect(listCalls()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(listCalls()).toHaveLength(2);
  });

  it("ignores another customer's payments", async () => {
    const { listCalls } = await renderListening();
    vi.useFakeTimers({ shouldAdvanceTime: false });
    act(() => relay.deliver(paidEvent('cus_2')));
    act(() => relay.deliver({ ...paidEvent('cus_1'), type: 'invoice.created' }));
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(listCalls()).toHaveLength(1);
    expect(screen.queryByText('Invoice paid')).toBeNull();
  });

  it('listens for the customer it is given', async () => {
    const { listCalls } = await renderListening({ customerId: 'cus_2' });
    vi.useFakeTimers({ shouldAdvanceTime: false });
    act(() => relay.deliver(paidEvent('cus_1')));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(listCalls()).toHaveLength(1);
    act(() => relay.deliver(paidEvent('cus_2')));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(listCalls()).toHaveLength(2);
  });

  it('without a customer yet, hears the first purchase of the signed-in user', async () => {
    const view = renderWithPayment(<InvoiceTable />, {
      routes: [
        {
          method: 'GET',
          path: LIST_PATH,
          respond: [{ body: { list: [], count: 0 } }, { body: { list: [makeInvoice()], count: 1 } }],
        },
      ],
      appId: 'app_test',
    });
    await waitFor(() => expect(relay.openCount).toBe(1), SLOW);
    act(() => relay.deliver(paidEvent('cus_new')));
    expect(await screen.findByText('BZR-0001', {}, SLOW)).toBeTruthy();
    expect(view.calls.filter((call) => call.url.pathname === LIST_PATH)).toHaveLength(2);
  });
});
