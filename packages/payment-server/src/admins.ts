/** Who may administer the Payment Kit; one rule for the server and the pages. */
export { PAYMENT_ADMIN_ROLES as ADMIN_ROLES, isPaymentAdmin } from '@bazaar/schemas';
