import { describe, expect, it } from 'vitest';
import { boardColumn, dayKey, isTimeZone } from '../../schema/domain/task-rules.js';

describe('dayKey (cached formatters per time zone)', () => {
  const instant = new Date('2026-03-01T02:30:00Z');

  it('gives the calendar day in each zone, the same on repeated calls', () => {
    for (let i = 0; i < 3; i++) {
      expect(dayKey(instant, 'UTC')).toBe('2026-03-01');
      expect(dayKey(instant, 'America/New_York')).toBe('2026-02-28');
      expect(dayKey(instant, 'Asia/Tokyo')).toBe('2026-03-01');
      expect(dayKey(instant, 'Pacific/Kiritimati')).toBe('2026-03-01');
      expect(dayKey(instant, 'Pacific/Pago_Pago')).toBe('2026-02-28');
    }
  });

  it('the UTC shortcut agrees with the time zone database across a year', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * 3_600_000 + 13 * 60_000) {
      expect(dayKey(new Date(t), 'UTC')).toBe(dayKey(new Date(t), 'Etc/UTC'));
    }
  });

  it('refuses an unknown zone as the Intl API does', () => {
    expect(() => dayKey(instant, 'Mars/Olympus')).toThrow(RangeError);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
  });

  it('places a task by the viewer zone', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(boardColumn({ status: 'Planned', scheduledDate: instant }, now, 'UTC')).toBe('today');
    expect(boardColumn({ status: 'Planned', scheduledDate: instant }, now, 'America/New_York')).toBe('pendingFromBefore');
  });
});
