import type { paymentEn } from './payment.en.ts';

export const paymentZh: Record<keyof typeof paymentEn, string> = {
  'payment.name': '支付套件',
};
