import type { paymentAdminSubscriptionsEn } from './payment-admin-subscriptions.en.ts';

export const paymentAdminSubscriptionsZh: Record<keyof typeof paymentAdminSubscriptionsEn, string> = {};
