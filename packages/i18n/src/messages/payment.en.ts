/** Payment texts. Keys are semantic (`payment.section.what`); every key has a zh twin. */
export const paymentEn = {
  'payment.name': 'Payment Kit',
};
