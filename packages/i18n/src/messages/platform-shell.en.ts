/** The shell every page of the platform shares: header, account menu, guard, consent, errors. */
export const platformShellEn = {
  'platform.shell.nav.apps': 'Apps',
  'platform.shell.nav.billing': 'Billing',
  'platform.shell.nav.label': 'Main',
  'platform.shell.signIn': 'Sign in',
  'platform.shell.account.label': 'Account of {name}',
  'platform.shell.account.profile': 'Profile',
  'platform.shell.account.billing': 'Billing',
  'platform.shell.account.developer': 'My apps',
  'platform.shell.account.console': 'Store console',
  'platform.shell.account.language': 'Language',
  'platform.shell.account.logout': 'Log out',
  'platform.shell.loginRequired': 'Login to access this page',
  'platform.shell.forbidden': 'Sorry, you are not authorized to access this page.',
  'platform.shell.loginRedirecting': 'Taking you to sign in…',
  'platform.shell.consent.text':
    'We use cookies to keep you signed in and remember your language. With your consent we also count page views, without anything that identifies you.',
  'platform.shell.consent.accept': 'Accept',
  'platform.shell.consent.decline': 'Decline',
  'platform.shell.consent.label': 'Cookie consent',
  'platform.shell.loading': 'Loading',
};
