import { useMemo } from 'react';
import { parseQuickAdd, type QuickAddResult, type QuickAddToken } from '../../../../schema/domain/quick-add';
import { dayKey, twelveHourLabel } from '../../../../schema/domain/task-rules';
import { timeZone } from '../../../lib/apollo';
import { shortDayOfKey } from '../../../lib/dates';

/** Parses a quick-add line against today in the viewer's zone (the server reads it the same way). */
export function useQuickAddParse(text: string): QuickAddResult {
  return useMemo(() => parseQuickAdd(text, dayKey(new Date(), timeZone)), [text]);
}

const dayLabel = shortDayOfKey;
const hoursLabel = (hours: string) => {
  const h = Number(hours);
  const minutes = Math.round(h * 60);
  return minutes < 60 ? `${minutes} min` : `${h} h`;
};

const CHIP: Record<QuickAddToken['kind'], { label: (t: QuickAddToken) => string; tone: string }> = {
  date: { label: (t) => `Date: ${dayLabel(t.value)}`, tone: 'bg-sky-50 text-sky-800 ring-sky-200' },
  time: { label: (t) => `Time: ${twelveHourLabel(t.value)}`, tone: 'bg-brand-50 text-brand-700 ring-brand-200' },
  duration: { label: (t) => `Estimate: ${hoursLabel(t.value)}`, tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
  priority: { label: (t) => `Priority: ${t.value[0].toUpperCase()}${t.value.slice(1)}`, tone: 'bg-orange-50 text-orange-800 ring-orange-200' },
  project: { label: (t) => `Project: ${t.value}`, tone: 'bg-violet-50 text-violet-800 ring-violet-200' },
  assignee: { label: (t) => `Assignee: @${t.value}`, tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
};

/**
 * What a quick-add line was understood as, while typing (issue 11): one chip per date, time, estimate,
 * priority, project and assignee, plus the title that remains. Renders nothing for a plain title.
 */
export function QuickAddChips({ parsed, hint, className = '' }: { parsed: QuickAddResult; hint?: string; className?: string }) {
  if (parsed.tokens.length === 0) return null;
  const today = parsed.scheduledDate && parsed.tokens.every((t) => t.kind !== 'date');
  return (
    <div className={`flex flex-wrap items-center gap-1.5 ${className}`} data-testid="quick-add-chips" aria-live="polite">
      <span className="sr-only">Understood:</span>
      <ul className="flex flex-wrap gap-1.5" aria-label="Understood from the line">
        <li
          className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${parsed.title ? 'bg-white text-slate-800 ring-slate-200' : 'bg-red-50 text-red-700 ring-red-200'}`}
        >
          {parsed.title ? `Title: ${parsed.title}` : 'Title missing'}
        </li>
        {today && (
          <li className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${CHIP.date.tone}`}>Date: {dayLabel(parsed.scheduledDate!)}</li>
        )}
        {parsed.tokens.map((token) => (
          <li key={token.kind} className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${CHIP[token.kind].tone}`} title={token.text}>
            {CHIP[token.kind].label(token)}
          </li>
        ))}
      </ul>
      {hint && <span className="text-xs text-slate-500">{hint}</span>}
    </div>
  );
}
