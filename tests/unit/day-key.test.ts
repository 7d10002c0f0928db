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

  it('remembered days agree with the time zone database, across daylight saving changes and past the memo size', () => {
    for (const zone of ['Europe/Berlin', 'America/Sao_Paulo', 'Australia/Lord_Howe']) {
      const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
      const direct = (t: number) => {
        const parts = Object.fromEntries(format.formatToParts(t).map((p) => [p.type, p.value]));
        return `${parts.year}-${parts.month}-${parts.day}`;
      };
      // Twice over 5,400 instants (more than the memo keeps): the second pass answers from the memo, which started over.
      for (let pass = 0; pass < 2; pass++) {
        for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 97 * 60_000) {
          expect(dayKey(new Date(t), zone), `${zone} ${new Date(t).toISOString()}`).toBe(direct(t));
        }
      }
    }
    const springForward = Date.UTC(2026, 2, 29, 1, 0); // 03:00 in Berlin, 02:00 was skipped
    expect(dayKey(new Date(springForward - 1), 'Europe/Berlin')).toBe('2026-03-29');
    expect(dayKey(new Date(Date.UTC(2026, 2, 28, 22, 59, 59, 999)), 'Europe/Berlin')).toBe('2026-03-28');
    expect(dayKey(new Date(Date.UTC(2026, 2, 28, 23, 0)), 'Europe/Berlin')).toBe('2026-03-29');
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
