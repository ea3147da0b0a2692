/** The Payment Kit's admin dashboard: the event log and webhook endpoints. */
export const paymentAdminEventsEn = {};
