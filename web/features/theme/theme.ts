import type { ThemePreference } from '../../gql/graphql';

const STORED = 'lwf.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The last theme this browser showed (the viewer's, kept so a reload paints in it before `me` answers). */
export function storedTheme(): ThemePreference {
  try {
    const value = localStorage.getItem(STORED);
    return value === 'DARK' || value === 'LIGHT' ? value : 'SYSTEM';
  } catch {
    return 'SYSTEM';
  }
}

let current: ThemePreference = 'SYSTEM';

const systemIsDark = () => typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;

/** Paints the page in `theme` (SYSTEM follows the system's setting) and remembers it for the next load. */
export function applyTheme(theme: ThemePreference): void {
  current = theme;
  const dark = theme === 'DARK' || (theme === 'SYSTEM' && systemIsDark());
  document.documentElement.classList.toggle('dark', dark);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#0f172a' : '#4f46e5');
  try {
    if (theme === 'SYSTEM') localStorage.removeItem(STORED);
    else localStorage.setItem(STORED, theme);
  } catch {
    /* private mode: the theme still applies for this page */
  }
}

/** At start-up: the stored theme now, and the system's changes while the theme is SYSTEM. */
export function startTheme(): void {
  applyTheme(storedTheme());
  if (typeof matchMedia !== 'function') return;
  matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (current === 'SYSTEM') applyTheme('SYSTEM');
  });
}
