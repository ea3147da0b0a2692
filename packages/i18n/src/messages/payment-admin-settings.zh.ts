import type { paymentAdminSettingsEn } from './payment-admin-settings.en.ts';

export const paymentAdminSettingsZh: Record<keyof typeof paymentAdminSettingsEn, string> = {};
