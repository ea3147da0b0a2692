import type {
  AdminInvoice,
  createInvoiceBodySchema,
  ManualInvoiceLine,
  updateInvoiceBodySchema,
} from '@bazaar/schemas';
import { sumAmounts } from '@bazaar/money';
import { AppError, notFound } from '@bazaar/server-kit';
import type { z } from 'zod';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import { validationFailed } from '../../http/validation-failed.ts';
import { lineAmount, priceForCurrency, toPricingPrice } from '../../pricing/index.ts';
import { getCustomerTestClockId, getCustomer } from '../customers/service.ts';
import { recordEvents } from '../events/service.ts';
import { checkActiveCurrency } from '../payment-methods/service.ts';
import { getPricesById } from '../prices/service.ts';
import { customerNow } from '../test-clocks/service.ts';
import {
  findInvoiceRow,
  lockInvoiceRow,
  replaceInvoiceLineRows,
  updateInvoiceRowFrom,
  type InvoiceRow,
} from './repository.ts';
import {
  buildInvoiceRows,
  createInvoice,
  getAdminInvoice,
  priceLine,
  type NewInvoiceLine,
} from './service.ts';

/** The largest amount the wire carries (`amountSchema`: 78 digits). */
const MAX_AMOUNT = 10n ** 78n - 1n;

/**
 * A manual invoice's lines in its currency: a catalogue price by the pricing rules (its product
 * names the line), a charge of its own as given. A price must be active, of the invoice's mode
 * and priced in its currency; pay-what-you-want and metered prices are refused, since nothing
 * here chooses an amount or measures usage.
 */
async function priceManualLines(
  db: PaymentDb,
  input: { lines: readonly ManualInvoiceLine[]; currencyId: string; livemode: boolean },
): Promise<NewInvoiceLine[]> {
  const { currencyId, livemode } = input;
  const prices = await getPricesById(
    db,
    input.lines.flatMap((line) => ('price_id' in line ? [line.price_id] : [])),
  );
  const lines = input.lines.map((line, index): NewInvoiceLine => {
    if (!('price_id' in line)) {
      const unitAmount = BigInt(line.unit_amount);
      return {
        description: line.description,
        priceId: null,
        quantity: line.quantity,
        unitAmount: unitAmount.toString(),
        amount: (unitAmount * BigInt(line.quantity)).toString(),
      };
    }
    const path = `lines.${index}.price_id`;
    const price = prices.get(line.price_id);
    if (!price || price.livemode !== livemode || !price.active) {
      throw validationFailed(path, `No active ${livemode ? 'live' : 'test'}-mode price ${line.price_id}`);
    }
    const pricing = toPricingPrice(price);
    const terms = priceForCurrency(pricing, currencyId);
    if (!terms) throw validationFailed(path, `Price ${price.id} has no amount in ${currencyId}`);
    if (terms.custom_unit_amount || price.recurring?.usage_type === 'metered') {
      throw validationFailed(path, `Price ${price.id} has no fixed amount; invoice a unit_amount instead`);
    }
    const quantity = BigInt(line.quantity);
    return priceLine({ price, quantity, amount: lineAmount(pricing, currencyId, line.quantity) }, null);
  });
  if (sumAmounts(lines.map((line) => BigInt(line.amount))) > MAX_AMOUNT) {
    throw validationFailed('lines', 'The invoice total is too large');
  }
  return lines;
}

/**
 * `POST /invoices`: a manual invoice for a customer, written as a draft in the customer's mode
 * and time. It owes nothing until it is finalized, and the payer does not see it until then.
 */
export async function createDraftInvoice(
  deps: PaymentDeps,
  body: z.output<typeof createInvoiceBodySchema>,
): Promise<AdminInvoice> {
  const customer = await getCustomer(deps.db, body.customer_id);
  await checkActiveCurrency(deps.db, { currencyId: body.currency_id, livemode: customer.livemode });
  const lines = await priceManualLines(deps.db, {
    lines: body.lines,
    currencyId: body.currency_id,
    livemode: customer.livemode,
  });
  const now = await customerNow(deps.db, deps.clock, customer.id);
  const testClockId = await getCustomerTestClockId(deps.db, customer.id);
  const id = await deps.db.transaction().execute(async (trx) => {
    const invoiceId = await createInvoice(trx, {
      status: 'draft',
      billingReason: 'manual',
      customerId: customer.id,
      currencyId: body.currency_id,
      livemode: customer.livemode,
      description: body.description,
      lines,
      daysUntilDue: body.days_until_due,
      testClockId,
      now,
    });
    await recordEvents(trx, {
      now,
      livemode: customer.livemode,
      payloads: [
        { type: 'invoice.created', data: { id: invoiceId, customer_id: customer.id, subscription_id: null } },
      ],
    });
    return invoiceId;
  });
  await deps.flushEvents();
  return getAdminInvoice(deps.db, id);
}

function notADraft(row: Pick<InvoiceRow, 'status'>): AppError {
  return new AppError(
    'INVOICE_UNEXPECTED_STATE',
    `Only a draft can be edited; this invoice is ${row.status}`,
  );
}

/**
 * `PUT /invoices/{id}`: replaces what the body names of a draft — its description, payment
 * terms, or all its lines (totals follow, by createInvoice's rules). A finalized invoice is
 * refused: what the payer was sent does not change.
 */
export async function updateDraftInvoice(
  deps: PaymentDeps,
  input: { id: string; body: z.output<typeof updateInvoiceBodySchema> },
): Promise<AdminInvoice> {
  const { id, body } = input;
  const found = await findInvoiceRow(deps.db, id);
  if (!found) throw notFound('invoice', id);
  if (found.status !== 'draft') throw notADraft(found);
  const livemode = found.livemode === 1;
  const lines =
    body.lines &&
    (await priceManualLines(deps.db, { lines: body.lines, currencyId: found.currency_id, livemode }));
  await deps.db.transaction().execute(async (trx) => {
    const row = (await lockInvoiceRow(trx, id))!;
    if (row.status !== 'draft') throw notADraft(row);
    const rebuilt =
      lines &&
      buildInvoiceRows(
        {
          id,
          status: 'draft',
          billingReason: 'manual',
          customerId: row.customer_id,
          currencyId: row.currency_id,
          livemode,
          description: row.description,
          lines,
          now: row.created_at,
        },
        row.number,
      );
    const changes = {
      ...(body.description !== undefined && { description: body.description }),
      ...(body.days_until_due !== undefined && { days_until_due: body.days_until_due }),
      ...(rebuilt && {
        subtotal: rebuilt.invoice.subtotal,
        total: rebuilt.invoice.total,
        amount_due: rebuilt.invoice.amount_due,
        amount_remaining: rebuilt.invoice.amount_remaining,
      }),
    };
    if (Object.keys(changes).length > 0) await updateInvoiceRowFrom(trx, { id, from: ['draft'], changes });
    if (rebuilt) await replaceInvoiceLineRows(trx, id, rebuilt.lines);
  });
  return getAdminInvoice(deps.db, id);
}
