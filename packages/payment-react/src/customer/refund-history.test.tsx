import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ListedRefund } from '@bazaar/schemas';
import { TST } from '../test-utils/chain-builders.ts';
import { USD } from '../test-utils/checkout-builders.ts';
import type { StubRoute } from '../test-utils/fetch-stub.ts';
import { makeRefund } from '../test-utils/invoice-builders.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { RefundHistory } from './refund-history.tsx';

const SLOW = { timeout: 3_000 };
const REFUNDS = '/payment-kit/api/refunds';

const listed = (overrides: Partial<ListedRefund> = {}): ListedRefund => ({
  ...makeRefund(),
  currency: USD,
  ...overrides,
});

const refunds = (list: ListedRefund[]): StubRoute => ({
  method: 'GET',
  path: REFUNDS,
  respond: { body: { list, count: list.length } },
});

describe('RefundHistory', () => {
  it.each([
    ['en', 'Refund · Requested by you', 'Refunded', 'Processing', 'View invoice'],
    ['zh', '退款 · 应您的要求', '已退款', '处理中', '查看账单'],
  ])(
    'lists each refund with its amount, reason, status and invoice (%s)',
    async (locale, kindAndReason, succeeded, pending, viewInvoice) => {
      const { calls } = renderWithPayment(<RefundHistory />, {
        locale,
        routes: [
          refunds([
            listed(),
            listed({
              id: 're_2',
              status: 'pending',
              reason: 'duplicate',
              amount: '1500000000000000000',
              currency_id: TST.id,
              currency: TST,
              invoice_id: null,
              description: 'Charged twice',
            }),
          ]),
        ],
      });
      const list = await screen.findByRole('list', {}, SLOW);
      const [card, chain] = within(list).getAllByRole('listitem');
      expect(card!.textContent).toContain('$5.00');
      expect(card!.textContent).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
      expect(within(card!).getByText(kindAndReason)).toBeTruthy();
      expect(within(card!).getByText(succeeded)).toBeTruthy();
      expect(within(card!).getByRole('link', { name: viewInvoice }).getAttribute('href')).toBe(
        'http://shop.test/payment-kit/customer/invoice/in_1',
      );
      // An 18-decimal token amount is written from the string, never through a float.
      expect(chain!.textContent).toContain('1.5 TST');
      expect(within(chain!).getByText(pending)).toBeTruthy();
      expect(within(chain!).getByText('Charged twice')).toBeTruthy();
      expect(within(chain!).queryByRole('link')).toBeNull();
      // The customer area is the signed-in person's own account, an admin's too.
      const asked = calls.filter((call) => call.url.pathname === REFUNDS);
      expect(asked.map((call) => call.url.searchParams.get('own'))).toEqual(['true']);
    },
  );

  it('says so when there is nothing yet', async () => {
    renderWithPayment(<RefundHistory />, { routes: [refunds([])] });
    expect(await screen.findByText('No refunds yet.', {}, SLOW)).toBeTruthy();
  });
});
