import type { PaymentCurrency, PaymentMethod, SettingsResponse } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import { z } from 'zod';
import { fromFlag, readJson } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import { validationFailed } from '../../http/validation-failed.ts';
import {
  findCurrencyRow,
  findMethodRow,
  listCurrencyRows,
  listMethodRows,
  type PaymentCurrencyRow,
  type PaymentMethodRow,
} from './repository.ts';

const settingsJson = z.record(z.string(), z.unknown());
const methodTypeJson = z.enum(['stripe', 'arcblock', 'ethereum', 'base', 'bitcoin']);

export function toPaymentCurrency(row: PaymentCurrencyRow): PaymentCurrency {
  return {
    id: row.id,
    payment_method_id: row.payment_method_id,
    symbol: row.symbol,
    name: row.name,
    logo: row.logo,
    decimal: row.decimal,
    maximum_precision: row.maximum_precision,
    active: fromFlag(row.active),
    contract: row.contract,
    livemode: fromFlag(row.livemode),
  };
}

/** Settings as anyone may read them: secret keys and signing secrets never leave the server. */
function publicSettings(text: string): Record<string, unknown> {
  const { secret_key: _secret, webhook_secret: _webhookSecret, ...rest } = readJson(settingsJson, text);
  return rest;
}

export function toPaymentMethod(
  row: PaymentMethodRow,
  currencies: readonly PaymentCurrencyRow[],
): PaymentMethod {
  return {
    id: row.id,
    type: methodTypeJson.parse(row.type),
    name: row.name,
    logo: row.logo,
    active: fromFlag(row.active),
    livemode: fromFlag(row.livemode),
    settings: publicSettings(row.settings),
    default_currency_id: row.default_currency_id,
    payment_currencies: currencies.filter((c) => c.payment_method_id === row.id).map(toPaymentCurrency),
  };
}

/** The active methods of one mode, each with its active currencies: what a payer may choose. */
export async function listPaymentMethods(db: PaymentDb, livemode: boolean): Promise<PaymentMethod[]> {
  const methods = (await listMethodRows(db, livemode)).filter((m) => fromFlag(m.active));
  const currencies = (
    await listCurrencyRows(
      db,
      methods.map((m) => m.id),
    )
  ).filter((c) => fromFlag(c.active));
  return methods.map((method) => toPaymentMethod(method, currencies));
}

/** The active methods with their base currency: the default currency of the first of them. */
export function toSettings(paymentMethods: PaymentMethod[]): SettingsResponse {
  const first = paymentMethods[0];
  const baseCurrency =
    first?.payment_currencies.find((c) => c.id === first.default_currency_id) ??
    first?.payment_currencies[0] ??
    null;
  return { paymentMethods, baseCurrency };
}

/** `GET /settings`. */
export async function getSettings(db: PaymentDb, livemode: boolean): Promise<SettingsResponse> {
  return toSettings(await listPaymentMethods(db, livemode));
}

export interface ChosenPayment {
  method: PaymentMethod;
  currency: PaymentCurrency;
}

/**
 * The method and currency a payer picked, if both are among `methods` (the active methods of
 * the session's mode, each with its active currencies) and belong together.
 */
export function resolvePaymentChoice(
  methods: readonly PaymentMethod[],
  input: { methodId: string; currencyId: string },
): ChosenPayment {
  const method = methods.find((candidate) => candidate.id === input.methodId);
  const currency = method?.payment_currencies.find((candidate) => candidate.id === input.currencyId);
  if (!method || !currency) {
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'This payment method is not supported');
  }
  return { method: { ...method, payment_currencies: [currency] }, currency };
}

/**
 * Refuses, as bad input at `currency_id`, a currency that is unknown, inactive or of the other
 * mode: what an admin names for a link or an invoice must be one payers can pay in.
 */
export async function checkActiveCurrency(
  db: PaymentDb,
  input: { currencyId: string; livemode: boolean },
): Promise<void> {
  const row = await findCurrencyRow(db, input.currencyId);
  if (!row || fromFlag(row.livemode) !== input.livemode || !fromFlag(row.active)) {
    const mode = input.livemode ? 'live' : 'test';
    throw validationFailed('currency_id', `No active ${mode}-mode currency ${input.currencyId}`);
  }
}

export async function getCurrency(db: PaymentDb, id: string): Promise<PaymentCurrency> {
  const row = await findCurrencyRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', `No such currency: ${id}`);
  return toPaymentCurrency(row);
}

export async function getPaymentMethod(db: PaymentDb, id: string): Promise<PaymentMethod> {
  const row = await findMethodRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', `No such payment method: ${id}`);
  return toPaymentMethod(row, []);
}

/** A method as a list names it beside each object it took. */
export type PaymentMethodSummary = Pick<PaymentMethod, 'id' | 'type' | 'name'>;

/** Each of these currencies, read once: the objects of a page share a few. */
export async function getCurrenciesById(
  db: PaymentDb,
  ids: Iterable<string>,
): Promise<Map<string, PaymentCurrency>> {
  const currencies = new Map<string, PaymentCurrency>();
  for (const id of new Set(ids)) currencies.set(id, await getCurrency(db, id));
  return currencies;
}

/** Each of these methods' id, type and name, read once. */
export async function getMethodSummariesById(
  db: PaymentDb,
  ids: Iterable<string>,
): Promise<Map<string, PaymentMethodSummary>> {
  const methods = new Map<string, PaymentMethodSummary>();
  for (const id of new Set(ids)) {
    const { type, name } = await getPaymentMethod(db, id);
    methods.set(id, { id, type, name });
  }
  return methods;
}
