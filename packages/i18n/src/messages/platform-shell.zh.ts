import type { platformShellEn } from './platform-shell.en.ts';

export const platformShellZh: Record<keyof typeof platformShellEn, string> = {
  'platform.shell.nav.apps': '应用',
  'platform.shell.nav.billing': '账单',
  'platform.shell.nav.label': '主导航',
  'platform.shell.signIn': '登录',
  'platform.shell.account.label': '{name} 的账户',
  'platform.shell.account.profile': '个人资料',
  'platform.shell.account.billing': '账单',
  'platform.shell.account.developer': '我的应用',
  'platform.shell.account.console': '商店控制台',
  'platform.shell.account.language': '语言',
  'platform.shell.account.logout': '退出登录',
  'platform.shell.loginRequired': '请登录后访问此页面',
  'platform.shell.forbidden': '抱歉，你无权访问此页面。',
  'platform.shell.loginRedirecting': '正在前往登录…',
  'platform.shell.consent.text':
    '我们使用 Cookie 保持您的登录状态并记住您的语言。经您同意后，我们还会统计页面访问量，不含任何可识别您身份的信息。',
  'platform.shell.consent.accept': '接受',
  'platform.shell.consent.decline': '拒绝',
  'platform.shell.consent.label': 'Cookie 同意',
  'platform.shell.loading': '加载中',
};
