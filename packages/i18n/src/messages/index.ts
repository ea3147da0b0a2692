import { commonEn } from './common.en.ts';
import { commonZh } from './common.zh.ts';
import { paymentEn } from './payment.en.ts';
import { paymentIntegrationsEn } from './payment-integrations.en.ts';
import { paymentIntegrationsZh } from './payment-integrations.zh.ts';
import { paymentAdminEn } from './payment-admin.en.ts';
import { paymentAdminZh } from './payment-admin.zh.ts';
import { paymentAdminSubscriptionsEn } from './payment-admin-subscriptions.en.ts';
import { paymentAdminSubscriptionsZh } from './payment-admin-subscriptions.zh.ts';
import { paymentAdminPaymentsEn } from './payment-admin-payments.en.ts';
import { paymentAdminPaymentsZh } from './payment-admin-payments.zh.ts';
import { paymentAdminInvoicesEn } from './payment-admin-invoices.en.ts';
import { paymentAdminInvoicesZh } from './payment-admin-invoices.zh.ts';
import { paymentAdminEventsEn } from './payment-admin-events.en.ts';
import { paymentAdminEventsZh } from './payment-admin-events.zh.ts';
import { paymentAdminSettingsEn } from './payment-admin-settings.en.ts';
import { paymentAdminSettingsZh } from './payment-admin-settings.zh.ts';
import { paymentDonateEn } from './payment-donate.en.ts';
import { paymentInvoiceReasonsEn } from './payment-invoice-reasons.en.ts';
import { paymentInvoiceReasonsZh } from './payment-invoice-reasons.zh.ts';
import { paymentInvoiceListEn } from './payment-invoice-list.en.ts';
import { paymentInvoiceListZh } from './payment-invoice-list.zh.ts';
import { paymentCustomerAreaEn } from './payment-customer-area.en.ts';
import { paymentCustomerAreaZh } from './payment-customer-area.zh.ts';
import { paymentCustomerListsEn } from './payment-customer-lists.en.ts';
import { paymentCustomerListsZh } from './payment-customer-lists.zh.ts';
import { paymentPdfEn } from './payment-pdf.en.ts';
import { paymentPdfZh } from './payment-pdf.zh.ts';
import { paymentDonateZh } from './payment-donate.zh.ts';
import { paymentOverdueEn } from './payment-overdue.en.ts';
import { paymentOverdueZh } from './payment-overdue.zh.ts';
import { paymentSubscriptionActionsEn } from './payment-subscription-actions.en.ts';
import { paymentSubscriptionActionsZh } from './payment-subscription-actions.zh.ts';
import { paymentSubscriptionEn } from './payment-subscription.en.ts';
import { paymentSubscriptionZh } from './payment-subscription.zh.ts';
import { paymentWalletEn } from './payment-wallet.en.ts';
import { paymentWalletZh } from './payment-wallet.zh.ts';
import { paymentZh } from './payment.zh.ts';
import { platformEn } from './platform.en.ts';
import { platformZh } from './platform.zh.ts';
import { platformShellEn } from './platform-shell.en.ts';
import { platformShellZh } from './platform-shell.zh.ts';
import { storeConnectEn } from './store-connect.en.ts';
import { storeConnectZh } from './store-connect.zh.ts';
import { storeConsoleEn } from './store-console.en.ts';
import { storeConsoleZh } from './store-console.zh.ts';
import { storeDeveloperEn } from './store-developer.en.ts';
import { storeDeveloperZh } from './store-developer.zh.ts';
import { storeAppsEn } from './store-apps.en.ts';
import { storeAppsZh } from './store-apps.zh.ts';
import { storeCommentsEn } from './store-comments.en.ts';
import { storeCommentsZh } from './store-comments.zh.ts';
import { storeEn } from './store.en.ts';
import { storeKeysEn } from './store-keys.en.ts';
import { storeKeysZh } from './store-keys.zh.ts';
import { storePurchasesEn } from './store-purchases.en.ts';
import { storePurchasesZh } from './store-purchases.zh.ts';
import { storeZh } from './store.zh.ts';
import { storeVisitorEn } from './store-visitor.en.ts';
import { storeVisitorZh } from './store-visitor.zh.ts';

export const en = {
  ...commonEn,
  ...paymentEn,
  ...paymentDonateEn,
  ...paymentPdfEn,
  ...paymentCustomerListsEn,
  ...paymentCustomerAreaEn,
  ...paymentInvoiceReasonsEn,
  ...paymentInvoiceListEn,
  ...paymentIntegrationsEn,
  ...paymentAdminEn,
  ...paymentAdminSubscriptionsEn,
  ...paymentAdminPaymentsEn,
  ...paymentAdminInvoicesEn,
  ...paymentAdminEventsEn,
  ...paymentAdminSettingsEn,
  ...paymentOverdueEn,
  ...paymentSubscriptionEn,
  ...paymentSubscriptionActionsEn,
  ...paymentWalletEn,
  ...platformEn,
  ...platformShellEn,
  ...storeEn,
  ...storeDeveloperEn,
  ...storeConsoleEn,
  ...storeConnectEn,
  ...storeKeysEn,
  ...storeAppsEn,
  ...storeCommentsEn,
  ...storeVisitorEn,
  ...storePurchasesEn,
};
export const zh: Record<MessageKey, string> = {
  ...commonZh,
  ...paymentZh,
  ...paymentDonateZh,
  ...paymentPdfZh,
  ...paymentCustomerListsZh,
  ...paymentCustomerAreaZh,
  ...paymentInvoiceReasonsZh,
  ...paymentInvoiceListZh,
  ...paymentIntegrationsZh,
  ...paymentAdminZh,
  ...paymentAdminSubscriptionsZh,
  ...paymentAdminPaymentsZh,
  ...paymentAdminInvoicesZh,
  ...paymentAdminEventsZh,
  ...paymentAdminSettingsZh,
  ...paymentOverdueZh,
  ...paymentSubscriptionZh,
  ...paymentSubscriptionActionsZh,
  ...paymentWalletZh,
  ...platformZh,
  ...platformShellZh,
  ...storeZh,
  ...storeDeveloperZh,
  ...storeConsoleZh,
  ...storeConnectZh,
  ...storeKeysZh,
  ...storeAppsZh,
  ...storeCommentsZh,
  ...storeVisitorZh,
  ...storePurchasesZh,
};

export type MessageKey = keyof typeof en;
export const messages = { en, zh } as const;
