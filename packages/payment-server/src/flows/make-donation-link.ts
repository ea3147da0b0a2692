import {
  createPaymentLinkBodySchema,
  createPriceBodySchema,
  createProductBodySchema,
  type createDonationBodySchema,
} from '@bazaar/schemas';
import { AmountError, parseAmount } from '@bazaar/money';
import { AppError, notFound } from '@bazaar/server-kit';
import type { z } from 'zod';
import { toFlag } from '../db/json.ts';
import type { PaymentDeps } from '../deps.ts';
import { validationFailed } from '../http/validation-failed.ts';
import { claimDonationTarget, findDonationLinkRow } from '../modules/donations/repository.ts';
import { createPaymentLink } from '../modules/payment-links/admin-service.ts';
import { getSettings } from '../modules/payment-methods/service.ts';
import { createPrice } from '../modules/prices/admin-service.ts';
import { createProduct } from '../modules/products/admin-service.ts';

type DonationInput = z.output<typeof createDonationBodySchema>;

/** Another request made the target's link first: this one's rows roll back. */
class TargetTaken extends Error {}

/** Settings' token amounts in the currency's smallest units: the one place they are converted. */
function toUnits(token: string, decimals: number, path: string): string {
  try {
    return parseAmount(token, decimals).toString();
  } catch (error) {
    if (error instanceof AmountError) throw validationFailed(path, error.message);
    throw error;
  }
}

/**
 * `POST /donations?livemode=`: the donation link of a target, made the first time (a product, a
 * price of any amount within the settings' bounds, and a `donate` link naming the target, in the
 * mode's base currency) and answered as it is every time after. Concurrent first calls make one
 * link: the target is claimed in the same transaction, and the loser's rows roll back.
 */
export async function makeDonationLink(
  deps: PaymentDeps,
  input: DonationInput & { livemode: boolean },
): Promise<{ target: string; payment_link_id: string; livemode: boolean }> {
  const where = { target: input.target, livemode: toFlag(input.livemode) };
  const answer = (paymentLinkId: string) => ({
    target: input.target,
    payment_link_id: paymentLinkId,
    livemode: input.livemode,
  });
  const existing = await findDonationLinkRow(deps.db, where);
  if (existing) return answer(existing.payment_link_id);

  const { baseCurrency } = await getSettings(deps.db, input.livemode);
  if (!baseCurrency)
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'No payment method takes donations yet');
  const units = (token: string, path: string) => toUnits(token, baseCurrency.decimal, `amount.${path}`);
  const { amount } = input;
  const bounds = {
    preset: units(amount.preset, 'preset'),
    presets: amount.presets.map((preset, index) => units(preset, `presets.${index}`)),
    minimum: units(amount.minimum, 'minimum'),
    maximum: units(amount.maximum, 'maximum'),
  };
  const name = input.title || 'Donation';

  const made = await deps.db
    .transaction()
    .execute(async (trx) => {
      const tx = { ...deps, db: trx };
      const product = await createProduct(
        tx,
        createProductBodySchema.parse({ livemode: input.livemode, name, description: input.description }),
      );
      const price = await createPrice(
        tx,
        createPriceBodySchema.parse({
          livemode: input.livemode,
          product_id: product.id,
          currency_id: baseCurrency.id,
          type: 'one_time',
          custom_unit_amount: bounds,
        }),
      );
      const link = await createPaymentLink(
        tx,
        createPaymentLinkBodySchema.parse({
          livemode: input.livemode,
          name,
          currency_id: baseCurrency.id,
          line_items: [{ price_id: price.id, quantity: 1 }],
          submit_type: 'donate',
          donation_settings: { ...amount, beneficiaries: input.beneficiaries },
          metadata: { donation_target: input.target },
        }),
      );
      const isClaimed = await claimDonationTarget(trx, {
        ...where,
        payment_link_id: link.id,
        currency_id: baseCurrency.id,
        total_amount: '0',
        supporter_count: 0,
        created_at: deps.clock.now(),
      });
      if (!isClaimed) throw new TargetTaken();
      return link.id;
    })
    .catch((error: unknown) => {
      if (error instanceof TargetTaken) return null;
      throw error;
    });
  if (made) return answer(made);
  const kept = await findDonationLinkRow(deps.db, where);
  if (!kept) throw notFound('donation', input.target);
  return answer(kept.payment_link_id);
}
