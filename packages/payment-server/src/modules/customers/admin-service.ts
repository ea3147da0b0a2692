import {
  DEFAULT_CUSTOMER_SORT_DIRECTIONS,
  type AdminCustomer,
  type AdminCustomerDetails,
  type exportCustomersQuerySchema,
  type listCustomersQuerySchema,
  type SessionUser,
} from '@bazaar/schemas';
import { mapBatches, notFound, type ListExport } from '@bazaar/server-kit';
import type { z } from 'zod';
import { fromFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import { listCustomerCredits } from '../customer-balance/service.ts';
import { listVisibleInvoices } from '../invoices/service.ts';
import { listVisiblePaymentIntents } from '../payment-intents/service.ts';
import { getCurrenciesById } from '../payment-methods/service.ts';
import { listVisibleRefunds } from '../refunds/service.ts';
import { listVisibleSubscriptions } from '../subscriptions/service.ts';
import { getTestClock } from '../test-clocks/service.ts';
import { exportCustomerRows, findCustomerRow, listCustomerRows, type CustomerRow } from './repository.ts';
import { toCustomer } from './service.ts';

/** How many of each thing a customer owns their admin page shows before linking to the full list. */
export const CUSTOMER_PAGE_LIST_SIZE = 10;

function toAdminCustomer(row: CustomerRow): AdminCustomer {
  return {
    ...toCustomer(row),
    object: 'customer',
    test_clock_id: row.test_clock_id ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** `GET /customers`: a page of one mode's customers, searched and sorted as the admin asks. */
export async function listCustomers(
  db: PaymentDb,
  query: z.output<typeof listCustomersQuerySchema> & { livemode: boolean },
): Promise<{ list: AdminCustomer[]; count: number }> {
  const sortBy = query.sortBy ?? 'created';
  const { rows, count } = await listCustomerRows(
    db,
    { livemode: query.livemode, q: query.q },
    {
      page: query.page,
      pageSize: query.pageSize,
      sortBy,
      sortDirection: query.sortDirection ?? DEFAULT_CUSTOMER_SORT_DIRECTIONS[sortBy],
    },
  );
  return { list: rows.map(toAdminCustomer), count };
}

/** `GET /customers/export.csv`: every customer the same search lists, newest first, a batch at a time. */
export async function exportCustomers(
  db: PaymentDb,
  query: z.output<typeof exportCustomersQuerySchema> & { livemode: boolean },
): Promise<ListExport<AdminCustomer>> {
  const rows = await exportCustomerRows(db, { livemode: query.livemode, q: query.q });
  return {
    total: rows.total,
    records: mapBatches(rows.records, async (batch) => batch.map(toAdminCustomer)),
  };
}

/**
 * `GET /customers/{id}`: the customer of this mode (another mode's is NOT_FOUND, as test and live
 * data never mix) with the first page of what they own, read through each owner module's own list
 * as the `admin` asking would read it, their credit and their test clock.
 */
export async function getCustomerDetails(
  db: PaymentDb,
  input: { id: string; livemode: boolean; admin: SessionUser },
): Promise<AdminCustomerDetails> {
  const row = await findCustomerRow(db, input.id);
  if (!row || fromFlag(row.livemode) !== input.livemode) throw notFound('customer', input.id);
  const { admin, livemode } = input;
  const page = { page: 1, pageSize: CUSTOMER_PAGE_LIST_SIZE, customer_id: row.id, livemode };
  const [subscriptions, invoices, payments, refunds, credits, testClock] = await Promise.all([
    listVisibleSubscriptions(db, { user: admin, query: page }),
    listVisibleInvoices(db, {
      user: admin,
      // Everything the customer was billed, the bookkeeping of staking and recovery too.
      query: { ...page, include_staking: true, include_return_staking: true, include_recovered_from: true },
    }),
    listVisiblePaymentIntents(db, { user: admin, query: page }),
    listVisibleRefunds(db, { user: admin, query: page }),
    listCustomerCredits(db, row.id),
    row.test_clock_id ? getTestClock(db, row.test_clock_id) : null,
  ]);
  const currencies = await getCurrenciesById(
    db,
    credits.map((credit) => credit.currencyId),
  );
  return {
    ...toAdminCustomer(row),
    subscriptions,
    invoices,
    payments,
    refunds,
    credit: credits.map((credit) => ({
      currency_id: credit.currencyId,
      amount: credit.amount.toString(),
      currency: currencies.get(credit.currencyId)!,
    })),
    test_clock: testClock,
  };
}
