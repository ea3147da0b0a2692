import { describe, expect, it } from 'vitest';
import { USD } from '../test-utils/checkout-builders.ts';
import { makeOverdueResponse, makeUncollectibleInvoice } from '../test-utils/invoice-builders.ts';
import { mergeOverdueRows } from './overdue-rows.ts';

const EUR = { ...USD, id: 'pc_test_eur', symbol: '€', name: 'Euro' };
const usd = makeUncollectibleInvoice();
const eurA = makeUncollectibleInvoice({ id: 'in_eur_a', currency_id: EUR.id, currency: EUR });
const eurB = makeUncollectibleInvoice({ id: 'in_eur_b', currency_id: EUR.id, currency: EUR });

const summaryOf = (rows: ReturnType<typeof mergeOverdueRows>) =>
  rows.map((row) => [row.currencyId, row.entry.amount, row.invoices.length, row.isOwed]);

describe('mergeOverdueRows', () => {
  it('lists what the list owes per currency', () => {
    expect(summaryOf(mergeOverdueRows([], makeOverdueResponse([usd, eurA, eurB])))).toEqual([
      [USD.id, '999', 1, true],
      [EUR.id, '1998', 2, true],
    ]);
  });

  it('keeps a currency no longer owed, with what it owed, in its place', () => {
    const first = mergeOverdueRows([], makeOverdueResponse([usd, eurA, eurB]));
    const afterEur = mergeOverdueRows(first, makeOverdueResponse([usd]));
    expect(summaryOf(afterEur)).toEqual([
      [USD.id, '999', 1, true],
      [EUR.id, '1998', 2, false],
    ]);
    expect(summaryOf(mergeOverdueRows(afterEur, makeOverdueResponse([eurA, usd])))).toEqual([
      [USD.id, '999', 1, true],
      [EUR.id, '999', 1, true],
    ]);
  });

  it('adds a currency newly owed after those shown', () => {
    const first = mergeOverdueRows([], makeOverdueResponse([eurA]));
    expect(summaryOf(mergeOverdueRows(first, makeOverdueResponse([usd, eurA])))).toEqual([
      [EUR.id, '999', 1, true],
      [USD.id, '999', 1, true],
    ]);
  });
});
