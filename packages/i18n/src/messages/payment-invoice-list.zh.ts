import type { paymentInvoiceListEn } from './payment-invoice-list.en.ts';

export const paymentInvoiceListZh: Record<keyof typeof paymentInvoiceListEn, string> = {
  'payment.invoiceList.label': '账单',
  'payment.invoiceList.type': '类型',
  'payment.invoiceList.number': '账单编号',
  'payment.invoiceList.subscription': '订阅',
  'payment.invoiceList.date': '日期',
  'payment.invoiceList.status': '状态',
  'payment.invoiceList.loadMore': '加载更多',
  'payment.invoiceList.empty': '暂无账单',
  'payment.invoiceList.nextInvoice': '下一张账单将于 {date} 生成',
  'payment.invoiceList.paid': '账单已支付',
  'payment.invoiceList.noPaymentRequired': '无需支付',
};
