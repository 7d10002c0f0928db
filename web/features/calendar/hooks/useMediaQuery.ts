import { useSyncExternalStore } from 'react';

/** True while the media query matches (re-renders when it changes). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The calendars' wide layout (side panel, day columns); below it they stack for phones. */
export const WIDE_CALENDAR = '(min-width: 1024px)';
