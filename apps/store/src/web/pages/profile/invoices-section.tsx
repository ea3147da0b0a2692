import { InvoiceGroupedList, InvoiceTable } from '@bazaar/payment-react/customer';
import { useLocale } from '@bazaar/platform-shell';
import { Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';

type InvoiceView = 'table' | 'grouped';

/**
 * The signed-in user's invoices from the Payment Kit (purchases, subscriptions, tips), as a
 * paged table or grouped by date; an uncollectible one is paid from its row.
 */
export function InvoicesSection() {
  const { t } = useLocale();
  const [view, setView] = useState<InvoiceView>('table');
  return (
    <Stack spacing={1} component="section" aria-labelledby="invoices-heading">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography id="invoices-heading" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {t('store.purchases.invoices.heading')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_event, next: InvoiceView | null) => next && setView(next)}
          aria-label={t('store.purchases.invoices.view')}
        >
          <ToggleButton value="table">{t('store.purchases.invoices.table')}</ToggleButton>
          <ToggleButton value="grouped">{t('store.purchases.invoices.grouped')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {view === 'table' ? <InvoiceTable /> : <InvoiceGroupedList />}
    </Stack>
  );
}
