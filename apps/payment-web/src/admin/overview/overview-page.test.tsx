import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 3_000 };
const OVERVIEW = '/payment-kit/api/metrics/overview';
const TOP_PRODUCTS = '/payment-kit/api/metrics/top-products';
const api = createAdminApiStub();

const USD = { id: 'pc_usd', symbol: 'USD', name: 'US dollar', decimal: 2 };
const ABT = { id: 'pc_abt', symbol: 'ABT', name: 'ArcBlock token', decimal: 18 };
/** 9,007,199,254,740,993.5 ABT: its whole part is 2^53 + 1, which a JS number cannot hold. */
const BEYOND_2_53 = '9007199254740993500000000000000000';

const NO_MONEY = {
  gross_volume: '0',
  refunds: '0',
  net_revenue: '0',
  donations: '0',
  payment_count: 0,
  refund_count: 0,
  donation_count: 0,
};
const NO_MOVEMENT = { new: '0', expansion: '0', contraction: '0', churn: '0' };

function currencyMetrics(
  currency: typeof USD,
  totals: Partial<typeof NO_MONEY>,
  mrrNow: string,
  active: number,
) {
  const figures = { ...NO_MONEY, ...totals };
  return {
    currency,
    totals: figures,
    mrr: { ...NO_MOVEMENT, new: mrrNow, current: mrrNow },
    active_subscriptions: active,
    series: [
      {
        ...figures,
        ...NO_MOVEMENT,
        new: mrrNow,
        start: 1_800_000_000,
        mrr: mrrNow,
        active_subscriptions: active,
      },
    ],
  };
}

function overviewAnswer(currencies: ReturnType<typeof currencyMetrics>[]) {
  return {
    object: 'metrics_overview',
    livemode: false,
    from: 1_800_000_000,
    to: 1_800_086_400,
    interval: 'day',
    currencies,
    payment_attempts: {
      succeeded: 3,
      failed: 1,
      rate_bp: 7_500,
      series: [{ start: 1_800_000_000, succeeded: 3, failed: 1, rate_bp: 7_500 }],
    },
  };
}

const TWO_CURRENCIES = overviewAnswer([
  currencyMetrics(
    USD,
    { gross_volume: '123456', refunds: '2000', net_revenue: '121456', donations: '500', payment_count: 3 },
    '4999',
    2,
  ),
  currencyMetrics(ABT, { gross_volume: BEYOND_2_53, net_revenue: BEYOND_2_53, payment_count: 1 }, '0', 0),
]);

const TOP = {
  object: 'metrics_top_products',
  livemode: false,
  from: 1_800_000_000,
  to: 1_800_086_400,
  currencies: [
    { currency: USD, top_products: [{ product_id: 'prod_1', name: 'Field guide', revenue: '99900' }] },
    { currency: ABT, top_products: [{ product_id: 'prod_2', name: 'Node rental', revenue: BEYOND_2_53 }] },
  ],
};

/** Stands in for the relay: every socket the page opens hears what a test delivers. */
function installFakeRelay() {
  const sockets = new Set<EventTarget>();
  class FakeRelaySocket extends EventTarget {
    constructor() {
      super();
      sockets.add(this);
      queueMicrotask(() => this.dispatchEvent(new Event('open')));
    }
    send() {}
    close() {
      sockets.delete(this);
    }
  }
  vi.stubGlobal('WebSocket', FakeRelaySocket);
  return {
    deliver(type: string, data: Record<string, unknown>) {
      const frame = JSON.stringify({
        type: 'event',
        channel: 'relay:bazaar:events',
        event: { id: 'evt_1', type, livemode: false, created: 1_800_000_000, data },
      });
      for (const socket of sockets) socket.dispatchEvent(new MessageEvent('message', { data: frame }));
    },
  };
}

const card = (name: string) => within(screen.getByRole('region', { name }));

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', TOP_PRODUCTS, { body: TOP });
});
afterEach(() => vi.unstubAllGlobals());

describe('OverviewPage', () => {
  it('shows the range totals of the first currency exactly, and another currency when chosen', async () => {
    api.on('GET', OVERVIEW, { body: TWO_CURRENCIES });
    renderAdmin('/admin/overview');
    await screen.findByRole('region', { name: 'Gross volume' }, SLOW);
    expect(card('Gross volume').getByText('$1,234.56')).toBeTruthy();
    expect(card('Net revenue').getByText('$1,214.56')).toBeTruthy();
    expect(card('Refunds').getByText('$20.00')).toBeTruthy();
    expect(card('Donations').getByText('$5.00')).toBeTruthy();
    expect(card('MRR now').getByText('$49.99')).toBeTruthy();
    expect(card('Active subscriptions').getByText('2')).toBeTruthy();
    expect(card('Payment success rate').getByText('75.0%')).toBeTruthy();
    expect(await card('Top products').findByText('$999.00')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Currency' }));
    await userEvent.click(screen.getByRole('option', { name: 'ABT' }));
    expect(card('Gross volume').getByText('9,007,199,254,740,993.5 ABT')).toBeTruthy();
    expect(card('Top products').getByText('Node rental')).toBeTruthy();
    expect(card('Top products').getByText('9,007,199,254,740,993.5 ABT')).toBeTruthy();
  });

  it('asks for the chosen range cut by its interval', async () => {
    api.on('GET', OVERVIEW, { body: TWO_CURRENCIES });
    renderAdmin('/admin/overview');
    await screen.findByRole('region', { name: 'Gross volume' }, SLOW);
    const first = api.sent('GET', OVERVIEW)[0]!.query;
    expect(first.get('interval')).toBe('day');
    expect(Number(first.get('to')) - Number(first.get('from'))).toBe(30 * 86_400);
    expect(first.get('livemode')).toBe('false');

    await userEvent.click(screen.getByRole('button', { name: 'Last 12 months' }));
    await waitFor(() => expect(api.sent('GET', OVERVIEW).at(-1)!.query.get('interval')).toBe('month'));
    const months = api.sent('GET', OVERVIEW).at(-1)!.query;
    expect(new Date(Number(months.get('from')) * 1000).getUTCDate()).toBe(1);
    expect(api.sent('GET', TOP_PRODUCTS).at(-1)!.query.get('from')).toBe(months.get('from'));

    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => {
      const days = api.sent('GET', OVERVIEW).at(-1)!.query;
      expect(Number(days.get('to')) - Number(days.get('from'))).toBe(7 * 86_400);
    });
  });

  it('says so when nothing happened in the range, in Chinese too', async () => {
    api.on('GET', OVERVIEW, { body: overviewAnswer([]) });
    renderAdmin('/admin/overview', { locale: 'zh' });
    expect(await screen.findByRole('heading', { name: '此范围内暂无数据' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('region', { name: '总交易额' })).toBeNull();
  });

  it('reads the figures again once the relay tells of a payment', async () => {
    const relay = installFakeRelay();
    api.on('GET', OVERVIEW, { body: TWO_CURRENCIES });
    renderAdmin('/admin/overview', { withRelay: true });
    await screen.findByRole('region', { name: 'Gross volume' }, SLOW);
    expect(api.sent('GET', OVERVIEW)).toHaveLength(1);

    api.on('GET', OVERVIEW, {
      body: overviewAnswer([currencyMetrics(USD, { gross_volume: '223456', payment_count: 4 }, '4999', 2)]),
    });
    relay.deliver('customer.created', { id: 'cus_1' });
    relay.deliver('payment_intent.succeeded', { id: 'pi_1', customer_id: 'cus_1', invoice_id: null });
    expect(await card('Gross volume').findByText('$2,234.56', undefined, SLOW)).toBeTruthy();
    expect(api.sent('GET', OVERVIEW)).toHaveLength(2);
  });
});
