import { useCallback, useEffect, useRef, useState } from 'react';

/** The resizable left panel, default 25%, between 20% and 40%, saved with a 10 ms debounce. */
export const PANEL_DEFAULT = 25;
export const PANEL_MIN = 20;
export const PANEL_MAX = 40;
const SAVE_DELAY_MS = 10;

const clamp = (value: number) => Math.min(PANEL_MAX, Math.max(PANEL_MIN, Math.round(value * 10) / 10));
const storageKey = (userId: string) => `lwf.calendar.panelWidth.${userId}`;

function read(userId: string): number {
  try {
    const value = Number(localStorage.getItem(storageKey(userId)));
    return Number.isFinite(value) && value > 0 ? clamp(value) : PANEL_DEFAULT;
  } catch {
    return PANEL_DEFAULT;
  }
}

function save(userId: string, value: number): void {
  try {
    localStorage.setItem(storageKey(userId), String(value));
  } catch {
    // Private mode without storage: the width lasts for this visit.
  }
}

/**
 * The calendars' panel width in percent, kept per user in this browser. A save still waiting for its
 * debounce is written at once when the calendar unmounts or the page goes away (a reload, a link).
 */
export function usePanelWidth(userId: string): [number, (next: number) => void] {
  const [width, setWidth] = useState(() => read(userId));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<number | null>(null);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (pending.current !== null) save(userId, pending.current);
    pending.current = null;
  }, [userId]);
  useEffect(() => setWidth(read(userId)), [userId]);
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);
  const update = useCallback(
    (next: number) => {
      const value = clamp(next);
      setWidth(value);
      pending.current = value;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [flush],
  );
  return [width, update];
}
