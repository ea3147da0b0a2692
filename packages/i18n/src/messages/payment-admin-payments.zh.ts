import type { paymentAdminPaymentsEn } from './payment-admin-payments.en.ts';

export const paymentAdminPaymentsZh: Record<keyof typeof paymentAdminPaymentsEn, string> = {};
