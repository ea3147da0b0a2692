import type { paymentWalletEn } from './payment-wallet.en.ts';

export const paymentWalletZh: Record<keyof typeof paymentWalletEn, string> = {
  'payment.error.AUTH_FAILED': '无法验证钱包签名，请重试。',

  'payment.checkout.wallet.bind.title': '连接钱包',
  'payment.checkout.wallet.bind.description':
    '使用 {network} 支付前，需要先将钱包关联到您的账户。钱包会请您签署一条消息，不会产生任何费用。',
  'payment.checkout.wallet.bind.connect': '连接钱包',
  'payment.checkout.wallet.bind.binding': '请在钱包中确认…',
  'payment.checkout.wallet.bind.statement': '将此钱包关联到您的账户',
  'payment.checkout.wallet.bind.bound': '钱包已关联',
  'payment.checkout.wallet.bind.continuing': '正在继续支付…',
  'payment.checkout.wallet.missing': '此浏览器中没有找到钱包。',
  'payment.checkout.wallet.missingHint': '安装 MetaMask 等钱包扩展后刷新本页，即可使用 {network} 支付。',
  'payment.checkout.wallet.close': '关闭',

  'payment.checkout.wallet.title': '使用钱包支付',
  'payment.checkout.wallet.network': '网络',
  'payment.checkout.wallet.token': '代币',
  'payment.checkout.wallet.amount': '金额',
  'payment.checkout.wallet.from': '付款地址',
  'payment.checkout.wallet.transferNotice': '钱包会请您确认转账 {amount}。',
  'payment.checkout.wallet.approveNotice':
    '钱包会请您授权最多 {amount}，用于本次付款和此订阅的后续续费，每笔费用到期时才会扣取。',
  'payment.checkout.wallet.balanceLow': '您的钱包余额不足 {amount}，请先充值 {symbol} 再确认。',
  'payment.checkout.wallet.confirming': '请在钱包中确认…',
  'payment.checkout.wallet.waiting': '正在等待链上确认…',
  'payment.checkout.wallet.rejected': '您已在钱包中取消了请求。',
  'payment.checkout.wallet.mismatch': '钱包当前选择的是 {actual}。请切换到与您账户关联的 {expected} 后重试。',
  'payment.checkout.wallet.reverted': '授权交易在链上执行失败，请重试。',
  'payment.checkout.wallet.approvalShort':
    '当前授权还不足以支付本次费用。请确认钱包中至少有 {amount} 后重试。',
};
