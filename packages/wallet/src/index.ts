export { bindWallet, WalletApiError } from './bind-wallet.ts';
export { sendChainPayment, waitForReceipt, WalletMismatchError } from './chain-payment.ts';
export { injectedProvider, isUserRejection, type WalletProvider } from './provider.ts';
export { signInMessage } from './sign-in-message.ts';
