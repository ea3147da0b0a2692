/** The Payment Kit's admin dashboard: payments and refunds. */
export const paymentAdminPaymentsEn = {};
