import { describe, expect, it } from 'vitest';
import {
  UNWATCHED,
  watchOverdueList,
  type OverdueListLook,
  type OverdueListWatch,
} from './overdue-list-watch.ts';

const SEEN: OverdueListWatch = { hasSeenInvoices: true, isPaidOff: false };
const PAID_OFF: OverdueListWatch = { hasSeenInvoices: true, isPaidOff: true };

const open = (invoiceCount: number | null): OverdueListLook => ({ isOpen: true, invoiceCount });
const CLOSED: OverdueListLook = { isOpen: false, invoiceCount: 1 };

describe('watchOverdueList', () => {
  it.each([
    ['nothing seen, not read yet', UNWATCHED, open(null), UNWATCHED],
    ['nothing seen, a list that owes', UNWATCHED, open(2), SEEN],
    ['nothing seen, an empty list: nothing to report', UNWATCHED, open(0), UNWATCHED],
    ['seen, still owing', SEEN, open(1), SEEN],
    ['seen, the list emptied: paid off', SEEN, open(0), PAID_OFF],
    ['paid off, owing again: it stays closed', PAID_OFF, open(1), PAID_OFF],
    ['closed after being paid off: forgotten', PAID_OFF, CLOSED, UNWATCHED],
    ['closed while owing: forgotten', SEEN, CLOSED, UNWATCHED],
  ])('%s', (_, watch, look, expected) => {
    expect(watchOverdueList(watch, look)).toEqual(expected);
  });

  it('returns the same watch when a look changes nothing, so the dialog does not render again', () => {
    expect(watchOverdueList(SEEN, open(3))).toBe(SEEN);
    expect(watchOverdueList(PAID_OFF, open(0))).toBe(PAID_OFF);
    expect(watchOverdueList(UNWATCHED, CLOSED)).toBe(UNWATCHED);
  });
});
