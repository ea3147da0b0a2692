/** The Store's profile: the apps a user bought and their invoices. */
export const storePurchasesEn = {
  'store.purchases.apps.heading': 'Apps you bought',
  'store.purchases.apps.empty': 'You have not bought any apps yet.',
  'store.purchases.apps.boughtOn': 'Bought on {date}',
  'store.purchases.apps.download': 'Download {title}',
  'store.purchases.apps.downloadShort': 'Download',
  'store.purchases.licence.active': 'Licensed',
  'store.purchases.licence.revoked': 'Refunded',
  'store.purchases.invoices.heading': 'Invoices',
  'store.purchases.invoices.view': 'How invoices are shown',
  'store.purchases.invoices.table': 'Table',
  'store.purchases.invoices.grouped': 'By date',
} as const;
