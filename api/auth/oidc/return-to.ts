const BASE = 'http://product.invalid';

/**
 * Where a sign-in may send the person afterwards: a path of this site ('/', '/projects?x=1'), else '/'.
 * Absolute and protocol-relative addresses ('//evil.example', '/\\evil.example', '/..//evil.example'),
 * control characters and the login screen itself are refused (web/lib/return-to.ts, the same rule).
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE || url.pathname.startsWith('//')) return '/';
  if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
