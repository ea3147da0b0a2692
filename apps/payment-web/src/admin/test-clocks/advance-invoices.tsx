import Typography from '@mui/material/Typography';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminTestClock } from '@bazaar/schemas';
import { useAdvanceInvoices } from '../api/use-test-clocks.ts';
import { CustomerInvoiceList } from '../customers/customer-invoice-list.tsx';
import { OwnedSection } from '../customers/owned-section.tsx';

/** The invoices the latest advance made so far, newest first, each opening its page. */
export function AdvanceInvoices({ clock }: { clock: AdminTestClock }) {
  const t = useTranslate();
  const invoices = useAdvanceInvoices(clock);
  const page = invoices.data;
  if (!page) return null;
  const more = page.count - page.list.length;
  return (
    <OwnedSection
      id="test-clock-invoices"
      title={t('payment.admin.testClock.invoices')}
      count={page.count}
      emptyText={t('payment.admin.testClock.noInvoices')}
    >
      <CustomerInvoiceList invoices={page.list} />
      {more > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
          {t('payment.admin.testClock.moreInvoices', { count: more })}
        </Typography>
      ) : null}
    </OwnedSection>
  );
}
