/**
 * What an open overdue dialog has seen of the list: whether it owed anything, and whether the
 * list then emptied (paid off: the dialog closes itself and says so once). Closing forgets both,
 * so the next opening starts afresh.
 */
export interface OverdueListWatch {
  hasSeenInvoices: boolean;
  isPaidOff: boolean;
}

export const UNWATCHED: OverdueListWatch = { hasSeenInvoices: false, isPaidOff: false };

/** One look at the dialog: whether it is open, and how many invoices the list holds (null: not read). */
export interface OverdueListLook {
  isOpen: boolean;
  invoiceCount: number | null;
}

/** Folds one look into what the opening has seen; a look that changes nothing returns `watch` itself. */
export function watchOverdueList(watch: OverdueListWatch, look: OverdueListLook): OverdueListWatch {
  if (!look.isOpen) return watch === UNWATCHED ? watch : UNWATCHED;
  if (watch.isPaidOff || look.invoiceCount === null) return watch;
  if (look.invoiceCount > 0)
    return watch.hasSeenInvoices ? watch : { hasSeenInvoices: true, isPaidOff: false };
  // Only a list that emptied means paid; one empty from the start has nothing to report.
  return watch.hasSeenInvoices ? { hasSeenInvoices: true, isPaidOff: true } : watch;
}
