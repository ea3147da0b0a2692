import type { storePurchasesEn } from './store-purchases.en.ts';

export const storePurchasesZh: Record<keyof typeof storePurchasesEn, string> = {
  'store.purchases.apps.heading': '你购买的应用',
  'store.purchases.apps.empty': '你还没有购买任何应用。',
  'store.purchases.apps.boughtOn': '购买于 {date}',
  'store.purchases.apps.download': '下载 {title}',
  'store.purchases.apps.downloadShort': '下载',
  'store.purchases.licence.active': '已授权',
  'store.purchases.licence.revoked': '已退款',
  'store.purchases.invoices.heading': '账单',
  'store.purchases.invoices.view': '账单的显示方式',
  'store.purchases.invoices.table': '表格',
  'store.purchases.invoices.grouped': '按日期',
};
