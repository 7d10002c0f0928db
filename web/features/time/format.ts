/** "1h 20m", "45m", "3h" (0 minutes: "0m"). */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

/** Elapsed time as a clock: "0:04:09", "12:00:00". */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(total / 3600)}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** Today in the browser's zone, yyyy-MM-dd. */
export function todayKey(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** "Spent 1h 20m of 3h estimated", or "Spent 1h 20m" without an estimate. */
export const spentLine = (minutes: number, estimatedHours: number | null | undefined): string =>
  estimatedHours ? `Spent ${formatMinutes(minutes)} of ${formatMinutes(Math.round(estimatedHours * 60))} estimated` : `Spent ${formatMinutes(minutes)}`;
