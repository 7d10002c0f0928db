/** Where the product may send someone after signing in: its own pages only. */
const BASE = 'http://product.invalid';

/**
 * The `returnTo` of the login screen when it is a same-origin relative path ('/create-task-bookmarklet?…'),
 * else null. Absolute URLs ('https://evil.example'), protocol-relative ones ('//evil.example',
 * '/\\evil.example', and those that become one once their dot segments are resolved: '/..//evil.example'),
 * other schemes and control characters are refused, so the login cannot be used as an open redirect; a return to the login screen itself is refused too (no loop).
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 4000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // Dot segments are resolved only now: '/..//evil.example' and '/%2e%2e//evil.example' become
  // '//evil.example', which a browser would read as another host.
  if (url.pathname.startsWith('//')) return null;
  if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login address that brings the person back to `path` (a path plus query) once signed in. */
export const loginPathFor = (path: string): string => `/login?returnTo=${encodeURIComponent(path)}`;
