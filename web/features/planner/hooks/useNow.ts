import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` (the slot view's red line: every 60 s). */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
