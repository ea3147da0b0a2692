/**
 * Where to go after signing in: the `redirect` parameter resolved against this page's origin,
 * when the result is on that origin, otherwise the origin's root. The answer is the full address,
 * never a path: `new URL()` normalises `/.//evil.example` or `/x/..//evil.example` to the path
 * `//evil.example`, which a browser would read back as another host if handed over as a path.
 * Backslashes, tabs and newlines are read as browsers read them, because `new URL()` follows the
 * same standard, so `/\evil`, `java\tscript:` and `https:\\evil` cannot slip past.
 */
export function safeRedirect(target: string | null, origin: string): string {
  const home = new URL('/', origin).href;
  if (!target || !URL.canParse(target, home)) return home;
  const url = new URL(target, home);
  if (url.origin !== new URL(origin).origin) return home;
  url.username = '';
  url.password = '';
  return url.href;
}
