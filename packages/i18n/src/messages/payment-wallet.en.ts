/** Paying by a chain method in the checkout: linking a wallet to the account, and the wallet step. */
export const paymentWalletEn = {
  'payment.error.AUTH_FAILED': "We could not verify your wallet's signature. Please try again.",

  'payment.checkout.wallet.bind.title': 'Connect a wallet',
  'payment.checkout.wallet.bind.description':
    'Paying with {network} needs a wallet linked to your account. Your wallet will ask you to sign a message; this costs nothing.',
  'payment.checkout.wallet.bind.connect': 'Connect wallet',
  'payment.checkout.wallet.bind.binding': 'Check your wallet…',
  'payment.checkout.wallet.bind.statement': 'Link this wallet to your account',
  'payment.checkout.wallet.bind.bound': 'Wallet linked',
  'payment.checkout.wallet.bind.continuing': 'Continuing with your payment…',
  'payment.checkout.wallet.missing': 'No wallet was found in this browser.',
  'payment.checkout.wallet.missingHint':
    'Install a wallet extension such as MetaMask, then reload this page to pay with {network}.',
  'payment.checkout.wallet.close': 'Close',

  'payment.checkout.wallet.title': 'Pay with your wallet',
  'payment.checkout.wallet.network': 'Network',
  'payment.checkout.wallet.token': 'Token',
  'payment.checkout.wallet.amount': 'Amount',
  'payment.checkout.wallet.from': 'From',
  'payment.checkout.wallet.transferNotice': 'Your wallet will ask you to send {amount}.',
  'payment.checkout.wallet.approveNotice':
    'Your wallet will ask you to authorise up to {amount} for this payment and the renewals of this subscription. Each payment is collected as it falls due.',
  'payment.checkout.wallet.balanceLow':
    'Your wallet holds less than {amount}. Add {symbol} before you confirm.',
  'payment.checkout.wallet.confirming': 'Confirm in your wallet…',
  'payment.checkout.wallet.waiting': 'Waiting for the network…',
  'payment.checkout.wallet.rejected': 'You cancelled the request in your wallet.',
  'payment.checkout.wallet.mismatch':
    'Your wallet has {actual} selected. Switch to {expected}, the wallet linked to your account, and try again.',
  'payment.checkout.wallet.reverted': 'The approval failed on the network. Please try again.',
  'payment.checkout.wallet.approvalShort':
    'The approval does not cover this payment yet. Check that your wallet holds {amount}, then try again.',
};
