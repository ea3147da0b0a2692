import { z } from 'zod';

/** Every object id carries a prefix that names its kind, as Stripe's do. */
export const ID_PREFIXES = {
  product: 'prod',
  price: 'price',
  paymentLink: 'plink',
  checkoutSession: 'cs',
  customer: 'cus',
  subscription: 'sub',
  subscriptionItem: 'si',
  usageRecord: 'mbur',
  testClock: 'clock',
  balanceTransaction: 'cbtxn',
  chainTransaction: 'ctx',
  testCard: 'card',
  testCharge: 'ch',
  testRefund: 'tre',
  invoice: 'in',
  invoiceItem: 'ii',
  paymentIntent: 'pi',
  refund: 're',
  paymentMethod: 'pm',
  paymentCurrency: 'pc',
  event: 'evt',
  webhookEndpoint: 'we',
  webhookDelivery: 'whd',
  webhookAttempt: 'wha',
  webhookRedelivery: 'whr',
  user: 'usr',
  session: 'ses',
  setting: 'set',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;
export type IdPrefix = (typeof ID_PREFIXES)[IdKind];

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 24;

/** Each call to the system's CSPRNG has a fixed cost, so bytes are drawn 4 KB at a time; each is used once. */
const randomPool = new Uint8Array(4096);
let poolOffset = randomPool.length;

function nextRandomByte(): number {
  if (poolOffset === randomPool.length) {
    crypto.getRandomValues(randomPool);
    poolOffset = 0;
  }
  return randomPool[poolOffset++]!;
}

/** A random, URL-safe body of 24 base62 characters (~143 bits). */
export function randomToken(length = RANDOM_LENGTH): string {
  let out = '';
  while (out.length < length) {
    const byte = nextRandomByte();
    // 62 * 4 = 248: bytes above that are skipped so every character is equally likely.
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

/** `newId('checkoutSession')` → `cs_3kP…`. */
export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${randomToken()}`;
}

/** A zod schema for ids of one kind: `idSchema('paymentLink')` accepts `plink_…` only. */
export function idSchema(kind: IdKind) {
  const prefix = ID_PREFIXES[kind];
  return z
    .string()
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9_]{1,64}$`), `Expected an id starting with ${prefix}_`);
}

export function hasPrefix(id: string, kind: IdKind): boolean {
  return id.startsWith(`${ID_PREFIXES[kind]}_`);
}
