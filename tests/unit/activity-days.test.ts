import { describe, expect, it } from 'vitest';
import { dayHeading, groupByDay, mergeDayCounts } from '../../web/features/activity/activity-days';

describe('activity timeline days', () => {
  const now = new Date(2026, 10, 23, 10, 30); // Monday, November 23, 2026, local time (any day but today)

  it("heads a day 'Today', 'Yesterday' or with its full date", () => {
    expect(dayHeading('2026-11-23', now)).toBe('Today');
    expect(dayHeading('2026-11-22', now)).toBe('Yesterday');
    expect(dayHeading('2026-11-20', now)).toBe('Friday, November 20, 2026');
    expect(dayHeading('2026-12-31', new Date(2027, 0, 1, 0, 5))).toBe('Yesterday');
    expect(dayHeading('2027-03-01', new Date(2027, 2, 1, 23, 59))).toBe('Today');
    expect(dayHeading('2027-02-28', new Date(2027, 2, 1, 0, 0))).toBe('Yesterday');
  });

  it('groups newest-first entries by local day, keeping their order', () => {
    const at = (d: number, h: number) => ({ createdAt: new Date(2026, 10, d, h).toISOString(), id: `${d}-${h}` });
    const groups = groupByDay([at(23, 9), at(23, 1), at(22, 23), at(20, 12), at(20, 8)]);
    expect(groups.map((g) => [g.day, g.entries.map((e) => e.id)])).toEqual([
      ['2026-11-23', ['23-9', '23-1']],
      ['2026-11-22', ['22-23']],
      ['2026-11-20', ['20-12', '20-8']],
    ]);
  });

  it('keeps the counts of older days when a newer read counts only the recent ones', () => {
    const held = [
      { date: '2026-11-23', count: 4 },
      { date: '2026-11-22', count: 7 },
      { date: '2026-11-20', count: 2 },
    ];
    const fresh = [
      { date: '2026-11-24', count: 1 },
      { date: '2026-11-23', count: 5 },
    ];
    expect(mergeDayCounts(held, fresh)).toEqual([
      { date: '2026-11-24', count: 1 },
      { date: '2026-11-23', count: 5 },
      { date: '2026-11-22', count: 7 },
      { date: '2026-11-20', count: 2 },
    ]);
    expect(mergeDayCounts(null, fresh)).toEqual(fresh);
    expect(mergeDayCounts(held, [])).toEqual(held);
  });
});
