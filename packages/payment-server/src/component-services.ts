import { AmountError, parseAmount } from '@bazaar/money';
import {
  createPaymentLinkBodySchema,
  createPriceBodySchema,
  createProductBodySchema,
  createSettingBodySchema,
  donateSettingsSchema,
  updateSettingBodySchema,
  type PaymentServices,
} from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import { fromFlag } from './db/json.ts';
import type { PaymentDeps } from './deps.ts';
import { createRefund } from './flows/refund-payment.ts';
import { updateDonationSetting } from './flows/update-donation-setting.ts';
import { getSessionRow } from './modules/checkout-sessions/service.ts';
import { getRefund } from './modules/refunds/service.ts';
import { createOrReturnSetting } from './modules/settings/service.ts';
import { findCustomerRow } from './modules/customers/repository.ts';
import { createPaymentLink, updatePaymentLink } from './modules/payment-links/admin-service.ts';
import { findActiveCurrencyRow } from './modules/payment-methods/repository.ts';
import { createPrice } from './modules/prices/admin-service.ts';
import { createProduct } from './modules/products/admin-service.ts';

/** Token units to the currency's smallest unit; a bad or too precise amount is the caller's input error. */
function unitsOf(amount: string, decimals: number): bigint {
  const refuse = (message: string) =>
    new AppError('VALIDATION_FAILED', message, [{ path: 'amount', message }]);
  let units: bigint;
  try {
    units = parseAmount(amount, decimals);
  } catch (error) {
    if (error instanceof AmountError) throw refuse(error.message);
    throw error;
  }
  if (units <= 0n) throw refuse('The amount must be above 0');
  return units;
}

/** The kit's side of the contract other components use in-process (`PaymentServices`). */
export function createPaymentServices(deps: PaymentDeps): PaymentServices {
  return {
    async createOneTimeLink(input) {
      const currency = await findActiveCurrencyRow(deps.db, {
        idOrSymbol: input.currency,
        livemode: input.livemode,
      });
      if (!currency) {
        throw new AppError(
          'CURRENCY_UNKNOWN',
          `The Payment Kit has no active ${input.livemode ? 'live' : 'test'}-mode currency ${input.currency}`,
        );
      }
      const unitAmount = unitsOf(input.amount, currency.decimal);
      // Through the admin API's own schemas, so defaults and bounds are the API's.
      const beneficiaries = input.beneficiaries ? { beneficiaries: JSON.stringify(input.beneficiaries) } : {};
      const base = { livemode: input.livemode, metadata: { ...input.metadata, ...beneficiaries } };
      const product = await createProduct(
        deps,
        createProductBodySchema.parse({ ...base, name: input.name, description: input.description }),
      );
      const price = await createPrice(
        deps,
        createPriceBodySchema.parse({
          ...base,
          product_id: product.id,
          currency_id: currency.id,
          unit_amount: unitAmount.toString(),
        }),
      );
      const link = await createPaymentLink(
        deps,
        createPaymentLinkBodySchema.parse({
          ...base,
          name: input.name,
          currency_id: currency.id,
          line_items: [{ price_id: price.id }],
          submit_type: 'pay',
        }),
      );
      return { paymentLinkId: link.id, currencyId: currency.id, unitAmount: unitAmount.toString() };
    },
    async deactivateLink(paymentLinkId) {
      await updatePaymentLink(deps.db, paymentLinkId, { active: false });
    },
    async activateLink(paymentLinkId) {
      await updatePaymentLink(deps.db, paymentLinkId, { active: true });
    },
    async retrieveCheckout(checkoutSessionId) {
      const row = await getSessionRow(deps.db, checkoutSessionId);
      const customer = row.customer_id ? await findCustomerRow(deps.db, row.customer_id) : undefined;
      return {
        id: row.id,
        paymentLinkId: row.payment_link_id,
        status: row.status,
        paymentStatus: row.payment_status,
        customerDid: customer?.did ?? null,
        customerName: customer?.name ?? null,
        invoiceId: row.invoice_id,
        amountTotal: row.amount_total,
        currencyId: row.currency_id,
        livemode: fromFlag(row.livemode),
      };
    },
    createRefund: (input) => createRefund(deps, input),
    retrieveRefund: (refundId) => getRefund(deps.db, refundId),
    async ensureDonationSetting(input) {
      const { settings } = await createOrReturnSetting(
        deps,
        createSettingBodySchema.parse({
          type: 'donate',
          mountLocation: input.mountLocation,
          description: input.description,
          componentDid: input.componentDid,
          livemode: input.livemode,
        }),
      );
      const wanted = donateSettingsSchema.parse({
        ...settings,
        beneficiaries: input.beneficiaries,
        appearance: { ...settings.appearance, history: { variant: input.supportersView } },
      });
      // Asked on every view of a page: most of the time nothing changed, and nothing is written.
      if (JSON.stringify(wanted) === JSON.stringify(settings)) return;
      await updateDonationSetting(deps, {
        mountLocation: input.mountLocation,
        ...updateSettingBodySchema.parse({ livemode: input.livemode, settings: wanted }),
      });
    },
  };
}
