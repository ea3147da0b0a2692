import { describe, expect, it } from 'vitest';
import { canTransitionInvoice, INVOICE_STATUSES, type InvoiceStatus } from './invoice-status.ts';

const ALLOWED = new Set([
  'draft→open',
  'draft→void',
  'open→paid',
  'open→uncollectible',
  'open→void',
  'uncollectible→paid',
  'uncollectible→void',
]);

const PAIRS = INVOICE_STATUSES.flatMap((from) =>
  INVOICE_STATUSES.map((to): [InvoiceStatus, InvoiceStatus, boolean] => [
    from,
    to,
    ALLOWED.has(`${from}→${to}`),
  ]),
);

describe('canTransitionInvoice', () => {
  it('lists all 25 pairs', () => {
    expect(PAIRS).toHaveLength(25);
  });

  it.each(PAIRS)('%s → %s: %s', (from, to, allowed) => {
    expect(canTransitionInvoice(from, to)).toBe(allowed);
  });
});
