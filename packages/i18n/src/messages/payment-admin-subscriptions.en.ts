/** The Payment Kit's admin dashboard: subscriptions list and detail, cancel, resume and change of plan. */
export const paymentAdminSubscriptionsEn = {};
