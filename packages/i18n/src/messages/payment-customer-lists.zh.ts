import type { paymentCustomerListsEn } from './payment-customer-lists.en.ts';

export const paymentCustomerListsZh: Record<keyof typeof paymentCustomerListsEn, string> = {
  'payment.payments.title': '支付记录',
  'payment.payments.empty': '还没有支付记录。',
  'payment.payments.status.succeeded': '已支付',
  'payment.payments.status.failed': '失败',
  'payment.payments.status.processing': '处理中',
  'payment.payments.status.canceled': '已取消',
  'payment.payments.status.incomplete': '未完成',
  'payment.payments.viewInvoice': '查看账单',
  'payment.subscriptions.title': '订阅',
  'payment.subscriptions.empty': '还没有订阅。',
  'payment.subscriptions.emptyCurrent': '没有生效中的订阅。',
  'payment.subscriptions.showEnded': '同时显示已结束的订阅',
  'payment.subscriptions.hideEnded': '隐藏已结束的订阅',
  'payment.subscriptions.endsOn': '{date} 结束',
  'payment.subscriptions.endedOn': '已于 {date} 结束',
};
