import {
  createPaymentLinkBodySchema,
  createPriceBodySchema,
  createProductBodySchema,
  updatePaymentLinkBodySchema,
  updateProductBodySchema,
  type BeneficiaryInput,
  type createDonationBodySchema,
  type DonateSettings,
  type Price,
  type Setting,
} from '@bazaar/schemas';
import { AmountError, parseAmount } from '@bazaar/money';
import { AppError, notFound } from '@bazaar/server-kit';
import type { z } from 'zod';
import { toFlag } from '../db/json.ts';
import type { PaymentDeps } from '../deps.ts';
import { validationFailed } from '../http/validation-failed.ts';
import {
  adoptDonationLink,
  claimDonationTarget,
  findDonationLinkRow,
  type DonationLinkRow,
} from '../modules/donations/repository.ts';
import {
  createPaymentLink,
  retrievePaymentLink,
  updatePaymentLink,
} from '../modules/payment-links/admin-service.ts';
import { getCurrency, getSettings } from '../modules/payment-methods/service.ts';
import { createPrice, retrievePrice } from '../modules/prices/admin-service.ts';
import { createProduct, updateProduct } from '../modules/products/admin-service.ts';
import { getSettingAt } from '../modules/settings/service.ts';

type DonationInput = z.output<typeof createDonationBodySchema>;
type DonationAmount = DonateSettings['amount'];
type Bounds = NonNullable<Price['custom_unit_amount']>;

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

/** A donation's amounts as its price's custom bounds; `path` says where the amounts were given. */
function toBounds(amount: DonationAmount, decimals: number, path: string): Bounds {
  const units = (token: string, at: string) => toUnits(token, decimals, `${path}.${at}`);
  return {
    preset: units(amount.preset, 'preset'),
    presets: amount.presets.map((preset, index) => units(preset, `presets.${index}`)),
    minimum: units(amount.minimum, 'minimum'),
    maximum: units(amount.maximum, 'maximum'),
  };
}

const isSameBounds = (current: Bounds | null, next: Bounds) =>
  current !== null &&
  current.preset === next.preset &&
  current.minimum === next.minimum &&
  current.maximum === next.maximum &&
  JSON.stringify(current.presets) === JSON.stringify(next.presets);

const linkName = (title: string) => title || 'Donation';

/** What a link's `donation_settings` say: the amounts as typed, and who receives the donations. */
const donationSettings = (terms: { amount: DonationAmount; beneficiaries: BeneficiaryInput[] }) => ({
  ...terms.amount,
  beneficiaries: terms.beneficiaries,
});

/** A turned-off setting makes and answers no link: its widget is told why. */
function openSetting(setting: Setting): Setting {
  if (!setting.active) throw new AppError('DONATION_INACTIVE', 'Donations are turned off here');
  return setting;
}

/** Where a setting's amounts are reported when they do not fit the link's currency: as the setting names them. */
const SETTING_AMOUNT_PATH = 'settings.amount';

/**
 * Brings a donation link to its setting: the link's name and `donation_settings` (amounts and
 * beneficiaries), its product's name, and, when the amounts in the currency's smallest units
 * differ from its price's, a new price on the same product for the link's line (a price's amounts
 * never change). The old price stays active: an archived price sells nothing, not even to the
 * checkouts already opened on it, and the link no longer offers it.
 */
export async function applyDonationSetting(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: { link: DonationLinkRow; settings: DonateSettings },
): Promise<void> {
  const { db } = deps;
  const { settings } = input;
  const paymentLink = await retrievePaymentLink(db, input.link.payment_link_id);
  const [line] = paymentLink.line_items;
  if (!line) throw notFound('donation price', paymentLink.id);
  const price = await retrievePrice(db, line.price_id);
  const currency = await getCurrency(db, paymentLink.currency_id);
  const bounds = toBounds(settings.amount, currency.decimal, SETTING_AMOUNT_PATH);
  const name = linkName(settings.title);
  let lineItems: typeof paymentLink.line_items | undefined;
  if (!isSameBounds(price.custom_unit_amount, bounds)) {
    const fresh = await createPrice(
      deps,
      createPriceBodySchema.parse({
        livemode: paymentLink.livemode,
        product_id: price.product_id,
        currency_id: paymentLink.currency_id,
        type: 'one_time',
        custom_unit_amount: bounds,
      }),
    );
    lineItems = paymentLink.line_items.map((item) =>
      item === line ? { ...item, price_id: fresh.id } : item,
    );
  }
  // The checkout and the invoice name the product: a link made by someone else must not keep their title.
  if (price.product.name !== name) {
    await updateProduct(db, price.product_id, updateProductBodySchema.parse({ name }));
  }
  await updatePaymentLink(
    db,
    paymentLink.id,
    updatePaymentLinkBodySchema.parse({
      name,
      donation_settings: donationSettings(settings),
      ...(lineItems && { line_items: lineItems }),
    }),
  );
}

/**
 * A link made without a setting is given to the setting of the mount location that asks for it
 * next, and brought to it; a link of another setting is left as it is. The setting is read
 * under its lock, so an owner's edit either comes after and finds the link, or before and is
 * what is applied.
 */
async function adoptIfUnowned(
  deps: PaymentDeps,
  link: DonationLinkRow,
  settingAt: { mountLocation: string; livemode: boolean } | null,
): Promise<string> {
  if (settingAt && link.setting_id === null) {
    await deps.db.transaction().execute(async (trx) => {
      const setting = openSetting(await getSettingAt(trx, { ...settingAt, lock: true }));
      const isAdopted = await adoptDonationLink(trx, {
        paymentLinkId: link.payment_link_id,
        settingId: setting.id,
      });
      if (isAdopted) await applyDonationSetting({ ...deps, db: trx }, { link, settings: setting.settings });
    });
  }
  return link.payment_link_id;
}

/**
 * `POST /donations?livemode=`: the donation link of a target, made the first time (a product, a
 * price of any amount within the bounds, and a `donate` link naming the target, in the mode's
 * base currency) and answered as it is every time after. With a `mountLocation`, the link is
 * made from that location's setting (title, amounts, beneficiaries; the body's are ignored) and
 * belongs to it, so the owner's edits reach it; a link of the target made without one is adopted.
 * Concurrent first calls make one link: the target is claimed in the same transaction, and the
 * loser's rows roll back.
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
  const settingAt =
    input.mountLocation === undefined
      ? null
      : { mountLocation: input.mountLocation, livemode: input.livemode };
  // First of all: a mount location whose donations are off gets no link, not even one made before.
  if (settingAt) openSetting(await getSettingAt(deps.db, settingAt));
  const existing = await findDonationLinkRow(deps.db, where);
  if (existing) return answer(await adoptIfUnowned(deps, existing, settingAt));
  const { baseCurrency } = await getSettings(deps.db, input.livemode);
  if (!baseCurrency)
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'No payment method takes donations yet');
  const made = await deps.db
    .transaction()
    .execute(async (trx) => {
      const tx = { ...deps, db: trx };
      // Locked until commit: an owner's edit meanwhile waits, then finds this link among the setting's.
      const setting = settingAt ? openSetting(await getSettingAt(trx, { ...settingAt, lock: true })) : null;
      const terms = setting ? setting.settings : input;
      const bounds = toBounds(terms.amount, baseCurrency.decimal, setting ? SETTING_AMOUNT_PATH : 'amount');
      const name = linkName(terms.title);
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
          donation_settings: donationSettings(terms),
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
        setting_id: setting?.id ?? null,
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
  return answer(await adoptIfUnowned(deps, kept, settingAt));
}
