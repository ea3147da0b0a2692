import type { paymentOverdueEn } from './payment-overdue.en.ts';

export const paymentOverdueZh: Record<keyof typeof paymentOverdueEn, string> = {
  'payment.error.notSupport': '不支持该支付方式',
  'payment.error.OVERDUE_TARGET_REQUIRED': '必须提供 subscriptionId 或 customerId',
  'payment.error.INVOICE_UNEXPECTED_STATE': '该账单当前无法支付，请刷新页面。',

  'payment.overdue.title': '逾期账单',
  'payment.overdue.description.customer': '您的账户有未支付的账单，请先完成支付再继续购买。',
  'payment.overdue.description.subscription': '该订阅有未支付的账单，请完成支付以保持订阅有效。',
  'payment.overdue.rowDetail': '{method} · {count} 张逾期账单',
  'payment.overdue.rowDetail_one': '{method} · {count} 张逾期账单',
  'payment.overdue.payOnInvoicePage': '银行卡账单需在账单页面支付，将在新标签页中打开。',
  'payment.overdue.viewNow': '立即查看',
  'payment.overdue.viewDetails': '查看详情',
  'payment.overdue.empty': '没有逾期账单。',
  'payment.overdue.close': '关闭',
  'payment.overdue.preparing': '正在准备付款…',
  'payment.overdue.approveNotice':
    '钱包会请您授权最多 {amount}，用于支付当前逾期的账单和之后的续费，每笔费用到期时才会扣取。',

  'payment.invoice.amountDue': '应付金额',
  'payment.invoice.dueOn': '到期日 {date}',
  'payment.invoice.pastDueNotice': '该账单已逾期。支付后即可恢复新的购买。',
  'payment.invoice.payNow': '立即支付',
  'payment.invoice.paidNotice': '谢谢，该账单已支付。',
  'payment.invoice.approveNotice':
    '钱包会请您授权最多 {amount}，用于支付本账单和之后从该钱包扣取的费用，每笔费用到期时才会扣取。',

  'payment.pastDue.description': '支付这些账单以保留您的订阅并继续购买。',
  'payment.pastDue.back': '返回',
  'payment.pastDue.empty': '您没有逾期账单。',
  'payment.pastDue.pay': '查看并支付',
  'payment.pastDue.totalDue': '应付合计',
};
