import type { paymentAdminEventsEn } from './payment-admin-events.en.ts';

export const paymentAdminEventsZh: Record<keyof typeof paymentAdminEventsEn, string> = {};
