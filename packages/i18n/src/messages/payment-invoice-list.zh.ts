import type { paymentInvoiceListEn } from './payment-invoice-list.en.ts';

export const paymentInvoiceListZh: Record<keyof typeof paymentInvoiceListEn, string> = {
  'payment.invoiceList.label': '账单',
  'payment.invoiceList.type': '类型',
  'payment.invoiceList.number': '账单编号',
  'payment.invoiceList.subscription': '订阅',
  'payment.invoiceList.date': '日期',
  'payment.invoiceList.status': '状态',
  'payment.invoiceList.rowsPerPage': '每页行数',
  'payment.invoiceList.displayedRows': '第 {from}–{to} 条，共 {count} 条',
  'payment.invoiceList.firstPage': '第一页',
  'payment.invoiceList.previousPage': '上一页',
  'payment.invoiceList.nextPage': '下一页',
  'payment.invoiceList.lastPage': '最后一页',
  'payment.invoiceList.loadMore': '加载更多',
  'payment.invoiceList.empty': '暂无账单',
  'payment.invoiceList.nextInvoice': '下一张账单将于 {date} 生成',
  'payment.invoiceList.paid': '账单已支付',
  'payment.invoiceList.noPaymentRequired': '无需支付',
};
