/** The Payment Kit's admin dashboard: invoice detail and manual drafts. */
export const paymentAdminInvoicesEn = {};
