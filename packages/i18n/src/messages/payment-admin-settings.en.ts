/** The Payment Kit's admin dashboard: test clocks, payment methods and currencies. */
export const paymentAdminSettingsEn = {};
