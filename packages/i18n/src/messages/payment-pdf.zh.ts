import type { paymentPdfEn } from './payment-pdf.en.ts';

export const paymentPdfZh: Record<keyof typeof paymentPdfEn, string> = {
  'payment.pdf.heading': '账单',
  'payment.pdf.number': '账单编号',
  'payment.pdf.status': '状态',
  'payment.pdf.issued': '开具日期',
  'payment.pdf.due': '到期日期',
  'payment.pdf.paid': '支付日期',
  'payment.pdf.period': '服务期间',
  'payment.pdf.from': '开具方',
  'payment.pdf.billedTo': '付款方',
  'payment.pdf.subtotal': '小计',
  'payment.pdf.creditApplied': '已抵扣余额',
  'payment.pdf.amountRemaining': '待付金额',
  'payment.pdf.payments': '支付记录',
  'payment.pdf.refunds': '退款记录',
  'payment.pdf.card': '{brand} 尾号 {last4}',
  'payment.pdf.currency': '所有金额均以 {currency} 计。',
  'payment.pdf.testMode': '测试模式：未发生真实资金往来。',
  'payment.pdf.download': '下载 PDF',
};
