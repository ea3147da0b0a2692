import type { paymentCustomerAreaEn } from './payment-customer-area.en.ts';

export const paymentCustomerAreaZh: Record<keyof typeof paymentCustomerAreaEn, string> = {
  'payment.customer.title': '我的账户',
  'payment.customer.invoices': '账单',
};
