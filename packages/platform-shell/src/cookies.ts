/** One cookie's value from `document.cookie`, or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

const ONE_YEAR_SECONDS = 365 * 86_400;

/**
 * A site-wide preference cookie that lasts a year: readable by every app of the platform
 * (path `/`), sent on same-site navigation only, and Secure whenever the page is.
 */
export function yearLongCookie(name: string, value: string, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax${secure ? '; secure' : ''}`;
}
