/**
 * Where to go after signing in: the `redirect` parameter when it points at this site (a path,
 * or a full address on this origin, as the checkout page sends), otherwise `/`. Other origins,
 * protocol-relative `//host`, `/\host` and `javascript:` are refused, so the login page cannot
 * be used to send people elsewhere.
 */
export function safeRedirect(target: string | null, origin: string): string {
  if (!target) return '/';
  try {
    const url = new URL(target, `${origin}/`);
    const isRelativeOrAbsolute = target.startsWith('/') || /^https?:\/\//i.test(target);
    if (!isRelativeOrAbsolute || url.origin !== origin) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
