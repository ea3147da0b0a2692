/** The donation widget any app embeds: its buttons, supporters, dialog and the owner's controls. */
export const paymentDonateEn = {
  'payment.donate.button': 'Donate',
  'payment.donate.tip': 'Tip',
  'payment.donate.title': 'Support this',
  'payment.donate.supporters': '{count} supporters',
  'payment.donate.supporters_one': '1 supporter',
  'payment.donate.summary': '{count} supporters · {total} in total',
  'payment.donate.summary_one': '1 supporter · {total} in total',
  'payment.donate.empty': 'No supporters yet. Be the first!',
  'payment.donate.loadMore': 'Load more',
  'payment.donate.anonymous': 'Anonymous',
  'payment.donate.amountHidden': 'Amount hidden',
  'payment.donate.column.supporter': 'Supporter',
  'payment.donate.column.amount': 'Amount',
  'payment.donate.column.date': 'Date',
  'payment.donate.viewPayment': 'View the payment',
  'payment.donate.configure': 'Donation settings',
  'payment.donate.off': 'Donations are turned off here.',
  'payment.donate.enable': 'Enable donations',
  'payment.donate.preview.title': 'Preview',
  'payment.donate.preview.historyAvatar':
    'Supporters show as avatars beside the button, with the total and count.',
  'payment.donate.preview.historyTable':
    'Supporters show as a table under the button, with the total and count.',
  'payment.donate.invalidRender': 'Please provide a valid render function',
};
