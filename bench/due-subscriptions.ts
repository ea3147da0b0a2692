/**
 * What the renewal benches share: due monthly subscriptions inserted in bulk, and an engine run
 * in a child process of its own (reopening the test database by its target), so its peak RSS is
 * its own and not the fixtures'.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { DEMO, DEMO_CHAIN } from '@bazaar/payment-server';
import { randomToken } from '@bazaar/schemas';
import type { Kysely } from 'kysely';

/** 2027-01-15, when every subscription's first month starts; they are all due a month later. */
export const PERIOD_START = 1_800_000_000;
export const PERIOD_END = Date.UTC(2027, 1, 15, 8) / 1000;
const ROWS_PER_INSERT = 1_000;

// The benches write tables the kit's typed handle does not list (bench_rows), so they go untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

/** Runs `script engine ...args` and returns the JSON line it prints. */
export async function spawnEngine<T>(script: string, args: readonly string[]): Promise<T> {
  const child = spawn(process.execPath, [script, 'engine', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the engine exited with ${code}`);
  return JSON.parse(output) as T;
}

export async function insertChunked(db: AnyDb, table: string, rows: readonly Record<string, unknown>[]) {
  for (let index = 0; index < rows.length; index += ROWS_PER_INSERT) {
    await db
      .insertInto(table)
      .values(rows.slice(index, index + ROWS_PER_INSERT))
      .execute();
  }
}

/**
 * How the due subscriptions pay: `count` saved 4242 cards, or the demo chain method pulling from
 * each payer's approval (subscription i from `payers[i]`).
 */
export type DuePayment = { kind: 'card'; count: number } | { kind: 'chain'; payers: readonly string[] };

/** One customer per payment, each with an active monthly subscription due at PERIOD_END. */
export async function insertDueSubscriptions(db: AnyDb, payment: DuePayment) {
  const count = payment.kind === 'card' ? payment.count : payment.payers.length;
  await db.transaction().execute(async (trx) => {
    for (let offset = 0; offset < count; offset += 10_000) {
      const ids = Array.from({ length: Math.min(10_000, count - offset) }, (_, index) => {
        const n = String(offset + index).padStart(6, '0');
        return {
          customer: `cus_bench${n}`,
          card: `card_bench${n}`,
          subscription: `sub_bench${n}`,
          item: `si_bench${n}`,
          payer: payment.kind === 'chain' ? payment.payers[offset + index]! : null,
        };
      });
      const at = { created_at: PERIOD_START };
      await insertChunked(
        trx,
        'customers',
        ids.map((id) => ({
          ...at,
          id: id.customer,
          did: `did:bazaar:${id.customer}`,
          livemode: 0,
          name: 'Bench Payer',
          email: 'bench@example.com',
          phone: '',
          address: '{}',
          metadata: '{}',
          invoice_prefix: randomToken(8).toUpperCase(),
          invoice_sequence: 0,
          updated_at: PERIOD_START,
        })),
      );
      if (payment.kind === 'card') {
        await insertChunked(
          trx,
          'test_cards',
          ids.map((id) => ({
            ...at,
            id: id.card,
            customer_id: id.customer,
            brand: 'visa',
            last4: '4242',
            exp_month: 12,
            exp_year: 2099,
            behavior: 'succeeds',
          })),
        );
      }
      await insertChunked(
        trx,
        'subscriptions',
        ids.map((id) => ({
          ...at,
          id: id.subscription,
          customer_id: id.customer,
          status: 'active',
          ...(id.payer
            ? {
                currency_id: DEMO_CHAIN.currencyId,
                default_payment_method_id: DEMO_CHAIN.methodId,
                payment_card: null,
                payer_address: id.payer,
              }
            : {
                currency_id: DEMO.usdCurrencyId,
                default_payment_method_id: DEMO.cardMethodId,
                payment_card: JSON.stringify({ card_id: id.card, brand: 'visa', last4: '4242' }),
              }),
          checkout_session_id: null,
          billing_cycle_anchor: PERIOD_START,
          current_period_start: PERIOD_START,
          current_period_end: PERIOD_END,
          trial_start: null,
          trial_end: null,
          canceled_at: null,
          ended_at: null,
          cancelation_details: null,
          latest_invoice_id: null,
          test_clock_id: null,
          livemode: 0,
          updated_at: PERIOD_START,
        })),
      );
      await insertChunked(
        trx,
        'subscription_items',
        ids.map((id) => ({
          ...at,
          id: id.item,
          subscription_id: id.subscription,
          price_id: DEMO.monthlyPriceId,
          quantity: 1,
        })),
      );
    }
  });
}
