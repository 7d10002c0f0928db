import { describe, expect, it } from 'vitest';
import { firstInstantOf, plannedMinutes, slotIndexOf, slotSpan } from '../../schema/domain/task-rules';

describe("a day's planned minutes (the daily board's Planned)", () => {
  it('counts a timed task as the half-hour slots it covers and an untimed one as its estimate', () => {
    expect(plannedMinutes({ scheduledTime: '10:00', estimatedHours: 1.5 })).toBe(90);
    expect(plannedMinutes({ scheduledTime: '10:15', estimatedHours: 0.6 })).toBe(60); // rounded up to two slots
    expect(plannedMinutes({ scheduledTime: '14:00', estimatedHours: null })).toBe(30); // at least one slot
    expect(plannedMinutes({ scheduledTime: '23:30', estimatedHours: 3 })).toBe(30); // never past midnight
    expect(plannedMinutes({ scheduledTime: null, estimatedHours: 2.25 })).toBe(135);
    expect(plannedMinutes({ scheduledTime: null, estimatedHours: null })).toBe(0);
  });

  it('places times in slots as the time slots draw them', () => {
    expect(slotIndexOf('00:00')).toBe(0);
    expect(slotIndexOf('09:29')).toBe(18);
    expect(slotIndexOf('23:59')).toBe(47);
    expect(slotSpan(8, 40)).toBe(8);
  });

  it("finds a day's first instant in a zone", () => {
    expect(firstInstantOf('2026-06-10', 'UTC').toISOString()).toBe('2026-06-10T00:00:00.000Z');
    expect(firstInstantOf('2026-06-10', 'Europe/Berlin').toISOString()).toBe('2026-06-09T22:00:00.000Z');
  });
});
