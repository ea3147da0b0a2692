import type { paymentCustomerAreaEn } from './payment-customer-area.en.ts';

export const paymentCustomerAreaZh: Record<keyof typeof paymentCustomerAreaEn, string> = {
  'payment.customer.title': '我的账户',
  'payment.customer.invoices': '账单',

  'payment.customer.details.title': '个人信息',
  'payment.customer.details.description': '您的联系方式和账单地址，用于账单和结账时自动填写。',
  'payment.customer.details.save': '保存',
  'payment.customer.details.saved': '您的信息已保存。',

  'payment.customer.pastDue.notice': '您有 {count} 张逾期账单，应付 {amount}。',
  'payment.customer.pastDue.notice_one': '您有 {count} 张逾期账单，应付 {amount}。',
  'payment.customer.pastDue.hint': '付清后才能保留订阅并继续购买。',
  'payment.customer.pastDue.pay': '立即支付',

  'payment.customer.refunds.empty': '还没有退款。',
  'payment.customer.refunds.reason.duplicate': '重复支付',
  'payment.customer.refunds.reason.requested_by_customer': '应您的要求',
  'payment.customer.refunds.reason.requested_by_admin': '商家发起',
  'payment.customer.refunds.reason.fraudulent': '欺诈支付',
};
