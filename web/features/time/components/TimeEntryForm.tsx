import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { FormField, TextInput } from '../../../ui/FormControls';
import { todayKey } from '../format';

export interface EntryValues {
  date: string;
  minutes: number;
  note: string;
}

/** Add or edit an entry by hand: the day, hours and minutes (1 minute to 24 hours together) and a note. */
export function TimeEntryForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: EntryValues;
  submitLabel: string;
  onSubmit(values: EntryValues): Promise<boolean>;
  onCancel(): void;
}) {
  const id = useId();
  const [date, setDate] = useState(initial?.date ?? todayKey());
  const [hours, setHours] = useState(initial ? String(Math.floor(initial.minutes / 60)) : '');
  const [minutes, setMinutes] = useState(initial ? String(initial.minutes % 60) : '');
  const [note, setNote] = useState(initial?.note ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const total = (Number(hours) || 0) * 60 + (Number(minutes) || 0);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return setError('Choose a date.');
    if (!Number.isInteger(total) || total < 1 || total > 1440) return setError('Enter between 1 minute and 24 hours.');
    setError(null);
    setBusy(true);
    const done = await onSubmit({ date, minutes: total, note: note.trim() });
    setBusy(false);
    if (done) onCancel();
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3 rounded-md border border-slate-200 p-3"
      aria-label={submitLabel}
      data-testid="time-entry-form"
    >
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <FormField label="Date" htmlFor={`${id}-date`} className="col-span-2 sm:col-span-1">
          <TextInput id={`${id}-date`} type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
        </FormField>
        <FormField label="Hours" htmlFor={`${id}-hours`}>
          <TextInput id={`${id}-hours`} type="number" inputMode="numeric" min={0} max={24} value={hours} onChange={(e) => setHours(e.target.value)} />
        </FormField>
        <FormField label="Minutes" htmlFor={`${id}-minutes`}>
          <TextInput id={`${id}-minutes`} type="number" inputMode="numeric" min={0} max={59} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
        </FormField>
      </div>
      <FormField label="Note" htmlFor={`${id}-note`} error={error ?? undefined}>
        <TextInput id={`${id}-note`} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} placeholder="What was it for? (optional)" />
      </FormField>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
