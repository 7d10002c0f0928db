import { describe, expect, it } from 'vitest';
import { parseQuickAdd, projectKey, type QuickAddResult } from '../../schema/domain/quick-add.js';

// Monday, 23 November 2026 is "today" for every row unless a row says otherwise.
const MONDAY = '2026-11-23';

type Expected = Partial<Omit<QuickAddResult, 'tokens'>> & { title: string };

const rows: [line: string, expected: Expected, today?: string][] = [
  // Plain titles.
  ['Write the report', { title: 'Write the report' }],
  ['   spaced    out   words  ', { title: 'spaced out words' }],
  ['', { title: '' }],
  // Dates.
  ['Call mom today', { title: 'Call mom', scheduledDate: '2026-11-23' }],
  ['Call mom tomorrow', { title: 'Call mom', scheduledDate: '2026-11-24' }],
  ['Standup Tomorrow', { title: 'Standup', scheduledDate: '2026-11-24' }],
  ['Gym monday', { title: 'Gym', scheduledDate: '2026-11-23' }],
  ['Gym mon', { title: 'Gym', scheduledDate: '2026-11-23' }],
  ['Review tuesday', { title: 'Review', scheduledDate: '2026-11-24' }],
  ['Review wed', { title: 'Review', scheduledDate: '2026-11-25' }],
  ['Demo thursday', { title: 'Demo', scheduledDate: '2026-11-26' }],
  ['Deploy fri', { title: 'Deploy', scheduledDate: '2026-11-27' }],
  ['Hike saturday', { title: 'Hike', scheduledDate: '2026-11-28' }],
  ['Rest sun', { title: 'Rest', scheduledDate: '2026-11-29' }],
  ['Gym monday (from a Tuesday)', { title: 'Gym (from a Tuesday)', scheduledDate: '2026-11-30' }, '2026-11-24'],
  ['Plan next week', { title: 'Plan', scheduledDate: '2026-11-30' }],
  ['Plan next week (from a Sunday)', { title: 'Plan (from a Sunday)', scheduledDate: '2026-11-30' }, '2026-11-29'],
  ['Party dec 5', { title: 'Party', scheduledDate: '2026-12-05' }],
  ['Party 5 dec', { title: 'Party', scheduledDate: '2026-12-05' }],
  ['Party December 5th', { title: 'Party', scheduledDate: '2026-12-05' }],
  ['Taxes jan 15', { title: 'Taxes', scheduledDate: '2027-01-15' }],
  ['Taxes nov 23', { title: 'Taxes', scheduledDate: '2026-11-23' }],
  ['Taxes nov 22', { title: 'Taxes', scheduledDate: '2027-11-22' }],
  ['Launch 2027-01-15', { title: 'Launch', scheduledDate: '2027-01-15' }],
  ['Not a day 2027-02-30', { title: 'Not a day 2027-02-30' }],
  ['Not a day feb 30', { title: 'Not a day feb 30' }],
  ['Meet on friday', { title: 'Meet', scheduledDate: '2026-11-27' }],
  // Times.
  ['Call 2pm', { title: 'Call', scheduledDate: '2026-11-23', scheduledTime: '14:00' }],
  ['Call 2:30pm', { title: 'Call', scheduledDate: '2026-11-23', scheduledTime: '14:30' }],
  ['Call 14:30', { title: 'Call', scheduledDate: '2026-11-23', scheduledTime: '14:30' }],
  ['Call 9am tomorrow', { title: 'Call', scheduledDate: '2026-11-24', scheduledTime: '09:00' }],
  ['Midnight job 12am', { title: 'Midnight job', scheduledDate: '2026-11-23', scheduledTime: '00:00' }],
  ['Lunch 12pm', { title: 'Lunch', scheduledDate: '2026-11-23', scheduledTime: '12:00' }],
  ['Meet at 3pm', { title: 'Meet', scheduledDate: '2026-11-23', scheduledTime: '15:00' }],
  ['Look at logs', { title: 'Look at logs' }],
  ['Bad time 13pm 25:00', { title: 'Bad time 13pm 25:00' }],
  // Durations.
  ['Review 45m', { title: 'Review', estimatedHours: 0.75 }],
  ['Review 1h', { title: 'Review', estimatedHours: 1 }],
  ['Review 1.5h', { title: 'Review', estimatedHours: 1.5 }],
  ['Review 1h30m', { title: 'Review', estimatedHours: 1.5 }],
  ['Review 90min', { title: 'Review', estimatedHours: 1.5 }],
  ['Review 0m', { title: 'Review 0m' }],
  // Priority.
  ['Fix bug !high', { title: 'Fix bug', priority: 'high' }],
  ['Fix bug !LOW', { title: 'Fix bug', priority: 'low' }],
  ['Fix bug !medium', { title: 'Fix bug', priority: 'medium' }],
  ['Fix bug !critical', { title: 'Fix bug', priority: 'critical' }],
  ['Fix bug !urgent', { title: 'Fix bug !urgent' }],
  // Project and assignee.
  ['Ship #website-relaunch', { title: 'Ship', project: 'website relaunch' }],
  ['Ship #Mobile', { title: 'Ship', project: 'Mobile' }],
  ['Close #123 today', { title: 'Close #123', scheduledDate: '2026-11-23' }],
  ['Pair with @uri', { title: 'Pair with', assignee: 'uri' }],
  ['Mail bob@example.com', { title: 'Mail bob@example.com' }],
  // Literal text.
  ['"Meet at 2pm" today', { title: 'Meet at 2pm', scheduledDate: '2026-11-23' }],
  ['"tomorrow" is a word', { title: 'tomorrow is a word' }],
  ['Read "next week" tomorrow', { title: 'Read next week', scheduledDate: '2026-11-24' }],
  ['Unclosed "quote 2pm', { title: 'Unclosed quote 2pm' }],
  // Everything at once, and the first of a kind winning.
  [
    'Review PR tomorrow 2pm 45m #website-relaunch !high @uri',
    {
      title: 'Review PR',
      scheduledDate: '2026-11-24',
      scheduledTime: '14:00',
      estimatedHours: 0.75,
      project: 'website relaunch',
      priority: 'high',
      assignee: 'uri',
    },
  ],
  ['Two dates today tomorrow', { title: 'Two dates tomorrow', scheduledDate: '2026-11-23' }],
  ['!low !high', { title: '!high', priority: 'low' }],
  ['tomorrow 2pm', { title: '', scheduledDate: '2026-11-24', scheduledTime: '14:00' }],
];

describe('parseQuickAdd (one table, today is Monday 2026-11-23)', () => {
  it('has at least 40 rows', () => expect(rows.length).toBeGreaterThanOrEqual(40));

  it.each(rows)('%s', (line, expected, today = MONDAY) => {
    const { tokens: _tokens, ...parsed } = parseQuickAdd(line, today);
    expect(parsed).toEqual(expected);
  });

  it('reports the understood tokens in line order (the chips)', () => {
    const { tokens } = parseQuickAdd('Review PR tomorrow at 2pm 45m #web-site !high @uri', MONDAY);
    expect(tokens).toEqual([
      { kind: 'date', text: 'tomorrow', value: '2026-11-24' },
      { kind: 'time', text: '2pm', value: '14:00' },
      { kind: 'duration', text: '45m', value: '0.75' },
      { kind: 'project', text: '#web-site', value: 'web site' },
      { kind: 'priority', text: '!high', value: 'high' },
      { kind: 'assignee', text: '@uri', value: 'uri' },
    ]);
  });

  it('compares project names without case, hyphens standing for spaces', () => {
    expect(projectKey('Website  Relaunch')).toBe(projectKey('website-relaunch'));
    expect(projectKey('Mobile')).not.toBe(projectKey('Mobile App'));
  });
});
