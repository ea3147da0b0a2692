import { useState } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FastForwardIcon from '@mui/icons-material/FastForward';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError, extractErrorText, formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import { useAdvanceTestClock, useTestClock } from '../api/use-test-clocks.ts';
import { saveFailureText } from '../components/api-form-errors.ts';
import { AdminDialog } from '../components/admin-dialog.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { DetailList } from '../components/detail-list.tsx';
import { OwnedSection } from '../customers/owned-section.tsx';
import { AdvanceForm } from './advance-form.tsx';
import { AdvanceInvoices } from './advance-invoices.tsx';
import { AdvanceProgress } from './advance-progress.tsx';
import { TestClockAttachField, TestClockCustomerList } from './test-clock-customers.tsx';
import { TestClockStatusChip } from './test-clock-status-chip.tsx';

function TestClockLoadError({ error }: { error: unknown }) {
  const t = useTranslate();
  if (error instanceof ApiError && error.status === 404) {
    return <Alert severity="warning">{t('payment.admin.testClock.notFound')}</Alert>;
  }
  return (
    <Alert severity="error">{t('payment.admin.loadFailed', { reason: extractErrorText(error, t) })}</Alert>
  );
}

/**
 * `/admin/test-clocks/:id`: a clock's time, its customers (and attaching more), advancing it with
 * the advance's progress read every second while it runs, and the invoices it made.
 */
export function TestClockPage() {
  const t = useTranslate();
  const { id = '' } = useParams();
  const advance = useAdvanceTestClock(id);
  const details = useTestClock(id, { isAdvancing: advance.isPending });
  const [isChoosingTime, setIsChoosingTime] = useState(false);
  const clock = details.data;

  return (
    <>
      <Button component={RouterLink} to=".." relative="path" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('payment.admin.testClocks.title')}
      </Button>
      {details.error ? <TestClockLoadError error={details.error} /> : null}
      {!clock && !details.error ? (
        <LinearProgress aria-label={t('common.loading')} sx={{ height: 2 }} />
      ) : null}
      {clock ? (
        <>
          <AdminPageHeading
            title={
              <Stack
                direction="row"
                useFlexGap
                spacing={1.5}
                sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                component="span"
              >
                <span>{clock.name}</span>
                <TestClockStatusChip status={clock.status} />
              </Stack>
            }
            actions={
              <Button
                variant="contained"
                startIcon={<FastForwardIcon />}
                disabled={clock.status === 'advancing' || advance.isPending}
                onClick={() => setIsChoosingTime(true)}
              >
                {t('payment.admin.testClock.advance')}
              </Button>
            }
          />
          <DetailList
            rows={[
              [t('payment.admin.testClock.frozenTime'), formatDateTimeMinutes(clock.frozen_time)],
              [t('payment.admin.field.created'), formatDateTimeMinutes(clock.created_at)],
              [t('payment.admin.field.id'), clock.id],
            ]}
          />
          <Stack spacing={4} sx={{ mt: 4 }}>
            {advance.error ? <Alert severity="error">{saveFailureText(advance.error, t)}</Alert> : null}
            {clock.advance ? <AdvanceProgress clock={clock} advance={clock.advance} /> : null}
            <OwnedSection
              id="test-clock-customers"
              title={t('payment.admin.testClock.customers')}
              count={clock.customers.length}
              emptyText={t('payment.admin.testClock.noCustomers')}
            >
              <TestClockCustomerList customers={clock.customers} />
            </OwnedSection>
            <TestClockAttachField clock={clock} />
            {clock.advance ? <AdvanceInvoices clock={clock} /> : null}
          </Stack>
          <AdminDialog
            title={t('payment.admin.testClock.advanceTitle')}
            isOpen={isChoosingTime}
            onClose={() => setIsChoosingTime(false)}
            maxWidth="xs"
          >
            <AdvanceForm
              frozenTime={clock.frozen_time}
              onAdvance={(target) => {
                setIsChoosingTime(false);
                advance.mutate(target);
              }}
            />
          </AdminDialog>
        </>
      ) : null}
    </>
  );
}
