import { describe, expect, it } from 'vitest';
import { parseTimeRange, periodOf } from '../../api/modules/manager/manager.time.js';

// The Time tab's periods (api/modules/manager/manager.time.ts): the week from its Monday, the calendar month.
describe('manager Time tab periods', () => {
  it('a week runs Monday to Sunday around any of its days, across months and years', () => {
    expect(periodOf('WEEK', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodOf('WEEK', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodOf('WEEK', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodOf('WEEK', '2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });

  it('a month runs from its first to its last day, leap years included', () => {
    expect(periodOf('MONTH', '2026-11-30')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodOf('MONTH', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodOf('MONTH', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('reads week and month in any case and refuses the rest', () => {
    expect(parseTimeRange('week')).toBe('WEEK');
    expect(parseTimeRange(' Month ')).toBe('MONTH');
    expect(() => parseTimeRange('year')).toThrow('Range must be week or month');
    expect(() => parseTimeRange(undefined)).toThrow('Range must be week or month');
  });
});
