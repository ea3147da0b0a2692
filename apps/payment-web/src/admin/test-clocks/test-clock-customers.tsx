import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminCustomer, AdminTestClockDetails } from '@bazaar/schemas';
import { useAttachTestClockCustomer } from '../api/use-test-clocks.ts';
import { saveFailureText } from '../components/api-form-errors.ts';
import { CustomerSearchField } from '../components/customer-search-field.tsx';
import { OwnedRow, OwnedRows } from '../customers/owned-row.tsx';

/** The customers living in the clock's time, each opening their page. */
export function TestClockCustomerList({ customers }: { customers: AdminTestClockDetails['customers'] }) {
  return (
    <OwnedRows>
      {customers.map((customer) => (
        <OwnedRow key={customer.id}>
          <Link
            component={RouterLink}
            to={`/admin/customers/${encodeURIComponent(customer.id)}`}
            variant="body2"
            sx={{ flex: 1, minWidth: 140, fontWeight: 500 }}
          >
            {customer.name || customer.email || customer.id}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {customer.email}
          </Typography>
        </OwnedRow>
      ))}
    </OwnedRows>
  );
}

/** Chooses a test customer and attaches them: from then on they are billed in the clock's time. */
export function TestClockAttachField({ clock }: { clock: AdminTestClockDetails }) {
  const t = useTranslate();
  const attach = useAttachTestClockCustomer(clock.id);
  const [customer, setCustomer] = useState<AdminCustomer | null>(null);
  const [attachedName, setAttachedName] = useState<string | null>(null);

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Stack sx={{ flex: 1 }}>
          <CustomerSearchField
            value={customer}
            onChange={(chosen) => {
              attach.reset();
              setAttachedName(null);
              setCustomer(chosen);
            }}
            label={t('payment.admin.testClock.attachSearch')}
            noOptionsText={t('payment.admin.testClock.attachNone')}
          />
        </Stack>
        <Button
          variant="outlined"
          disabled={!customer || clock.status === 'advancing'}
          loading={attach.isPending}
          onClick={() => {
            if (!customer) return;
            attach.mutate(customer.id, {
              onSuccess: () => {
                setAttachedName(customer.name || customer.email || customer.id);
                setCustomer(null);
              },
            });
          }}
          sx={{ height: 56 }}
        >
          {t('payment.admin.testClock.attach')}
        </Button>
      </Stack>
      {attach.error ? <Alert severity="error">{saveFailureText(attach.error, t)}</Alert> : null}
      {attachedName ? (
        <Alert severity="success">{t('payment.admin.testClock.attached', { name: attachedName })}</Alert>
      ) : null}
    </Stack>
  );
}
