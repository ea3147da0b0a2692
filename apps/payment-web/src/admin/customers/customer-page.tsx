import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslate } from '@bazaar/payment-react';
import { useCustomerDetails } from '../api/use-customers.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { DetailLoadState } from '../components/detail-load-state.tsx';
import { CustomerCreditList } from './customer-credit-list.tsx';
import { CustomerInvoiceList } from './customer-invoice-list.tsx';
import { CustomerPaymentList } from './customer-payment-list.tsx';
import { CustomerProfile } from './customer-profile.tsx';
import { CustomerRefundList } from './customer-refund-list.tsx';
import { CustomerSubscriptionList } from './customer-subscription-list.tsx';
import { CustomerTestClock } from './customer-test-clock.tsx';
import { OwnedSection } from './owned-section.tsx';

/** `/admin/customers/:id`: a customer and everything they own, each kind with its count. */
export function CustomerPage() {
  const t = useTranslate();
  const { id = '' } = useParams();
  const details = useCustomerDetails(id);
  const customer = details.data;

  return (
    <>
      <Button component={RouterLink} to=".." relative="path" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('payment.admin.customers.title')}
      </Button>
      {customer ? (
        <>
          <AdminPageHeading title={customer.name || customer.email || customer.id} />
          <CustomerProfile customer={customer} />
          <Stack spacing={4} sx={{ mt: 4 }}>
            <OwnedSection
              id="customer-subscriptions"
              title={t('payment.admin.customer.subscriptions')}
              count={customer.subscriptions.count}
              emptyText={t('payment.admin.customer.noSubscriptions')}
            >
              <CustomerSubscriptionList subscriptions={customer.subscriptions.list} />
            </OwnedSection>
            <OwnedSection
              id="customer-invoices"
              title={t('payment.admin.customer.invoices')}
              count={customer.invoices.count}
              emptyText={t('payment.admin.customer.noInvoices')}
            >
              <CustomerInvoiceList invoices={customer.invoices.list} count={customer.invoices.count} />
            </OwnedSection>
            <OwnedSection
              id="customer-payments"
              title={t('payment.admin.customer.payments')}
              count={customer.payments.count}
              emptyText={t('payment.admin.customer.noPayments')}
            >
              <CustomerPaymentList payments={customer.payments.list} />
            </OwnedSection>
            <OwnedSection
              id="customer-refunds"
              title={t('payment.admin.customer.refunds')}
              count={customer.refunds.count}
              emptyText={t('payment.admin.customer.noRefunds')}
            >
              <CustomerRefundList refunds={customer.refunds.list} />
            </OwnedSection>
            <OwnedSection
              id="customer-credit"
              title={t('payment.admin.customer.credit')}
              count={customer.credit.length}
              emptyText={t('payment.admin.customer.noCredit')}
            >
              <CustomerCreditList credit={customer.credit} />
            </OwnedSection>
            <OwnedSection
              id="customer-test-clock"
              title={t('payment.admin.customer.testClock')}
              count={customer.test_clock ? 1 : 0}
              emptyText={t('payment.admin.customer.noTestClock')}
            >
              {customer.test_clock ? <CustomerTestClock clock={customer.test_clock} /> : null}
            </OwnedSection>
          </Stack>
        </>
      ) : (
        <DetailLoadState error={details.error} notFoundText={t('payment.admin.customer.notFound')} />
      )}
    </>
  );
}
