import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import { DetailList } from '../components/detail-list.tsx';
import type { AdminCustomer } from '@bazaar/schemas';

/** The customer's own fields as labels and values; empty ones are left out. */
export function CustomerProfile({ customer }: { customer: AdminCustomer }) {
  const t = useTranslate();
  const { line1, line2, city, state, postal_code, country } = customer.address;
  const address = [line1, line2, [postal_code, city].filter(Boolean).join(' '), state, country.toUpperCase()]
    .filter(Boolean)
    .join('\n');
  const rows: [string, string][] = [
    [t('payment.admin.field.id'), customer.id],
    [t('payment.admin.customer.email'), customer.email],
    [t('payment.admin.customer.phone'), customer.phone],
    [t('payment.admin.customer.did'), customer.did],
    [t('payment.admin.customer.address'), address],
    [t('payment.admin.field.created'), formatDateTimeMinutes(customer.created_at)],
  ];
  return <DetailList rows={rows} />;
}
