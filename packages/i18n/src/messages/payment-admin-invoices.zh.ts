import type { paymentAdminInvoicesEn } from './payment-admin-invoices.en.ts';

export const paymentAdminInvoicesZh: Record<keyof typeof paymentAdminInvoicesEn, string> = {};
