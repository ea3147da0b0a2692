import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import { DetailList } from '../components/detail-list.tsx';
import type { AdminProduct } from '@bazaar/schemas';

/** A product's fields as a list of labels and values; empty ones are left out. */
export function ProductDetails({ product }: { product: AdminProduct }) {
  const t = useTranslate();
  const rows: [string, string][] = [
    [t('payment.admin.field.id'), product.id],
    [t('payment.admin.product.description'), product.description],
    [t('payment.admin.product.unitLabel'), product.unit_label ?? ''],
    [t('payment.admin.product.statementDescriptor'), product.statement_descriptor ?? ''],
    [t('payment.admin.field.created'), formatDateTimeMinutes(product.created_at)],
  ];
  return <DetailList rows={rows} />;
}
