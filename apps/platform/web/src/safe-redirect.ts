/**
 * Where to go after signing in: the `redirect` parameter when it is a path on this site,
 * otherwise `/`. Other origins, protocol-relative `//host` and `javascript:` are all refused,
 * so the login page cannot be used to send people elsewhere.
 */
export function safeRedirect(target: string | null, origin: string): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  try {
    const url = new URL(target, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}
