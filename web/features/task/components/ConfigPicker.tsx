import { useMemo, useState } from 'react';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';

export interface PickerOption {
  value: string;
  label: string;
  color?: string | null;
}

export interface ConfigPickerProps {
  label: string;
  value: string;
  options: PickerOption[];
  onChange(value: string): void;
  /** Creates an item from the typed name; resolves to its value, or null when it failed. */
  onCreate?(name: string): Promise<string | null>;
  /** Offers an empty choice with this label (e.g. 'No project'). */
  noneLabel?: string;
  placeholder?: string;
  disabled?: boolean;
  name?: string;
}

const CREATE = '\u0000create:';
const NONE = '\u0000none';

/**
 * A searchable choice with inline creation (the project, category and priority pickers): type to filter, pick with the
 * keyboard or pointer, or choose 'Create "name"' to add a new item (non-blank trimmed name).
 */
export function ConfigPicker({ label, value, options, onChange, onCreate, noneLabel, placeholder, disabled, name }: ConfigPickerProps) {
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);

  const all = useMemo(() => {
    // A value not in the list (e.g. an inactive item still on the task) stays visible.
    if (value && !options.some((o) => o.value === value)) return [{ value, label: value }, ...options];
    return options;
  }, [options, value]);

  const trimmed = query.trim();
  const filtered = trimmed ? all.filter((o) => o.label.toLowerCase().includes(trimmed.toLowerCase())) : all;
  const exact = all.some((o) => o.label.toLowerCase() === trimmed.toLowerCase() || o.value.toLowerCase() === trimmed.toLowerCase());
  const canCreate = Boolean(onCreate && trimmed && !exact);

  const select = async (picked: string | null) => {
    if (picked === null) return;
    if (picked === NONE) return onChange('');
    if (picked.startsWith(CREATE)) {
      const newName = picked.slice(CREATE.length).trim();
      if (!newName || !onCreate) return;
      setCreating(true);
      try {
        const created = await onCreate(newName);
        if (created !== null) onChange(created);
      } finally {
        setCreating(false);
        setQuery('');
      }
      return;
    }
    onChange(picked);
  };

  const labelOf = (v: string | null) => (v ? (all.find((o) => o.value === v)?.label ?? v) : '');
  const color = all.find((o) => o.value === value)?.color;

  return (
    <Field disabled={disabled || creating} className="flex min-w-0 flex-col gap-1.5">
      <Label className="text-sm font-medium text-slate-700">{label}</Label>
      <Combobox value={value || null} onChange={select} onClose={() => setQuery('')} immediate>
        <div className="relative">
          {color && (
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 h-2.5 w-2.5 -translate-y-1/2 rounded-full"
              style={{ backgroundColor: color }}
            />
          )}
          <ComboboxInput
            name={name}
            autoComplete="off"
            placeholder={placeholder ?? (noneLabel || `Select ${label.toLowerCase()}`)}
            displayValue={labelOf}
            onChange={(e) => setQuery(e.target.value)}
            className={`h-10 w-full rounded-md border border-slate-300 bg-white pr-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none data-disabled:bg-slate-50 data-disabled:text-slate-500 ${color ? 'pl-8' : 'pl-3'}`}
          />
          <ComboboxButton
            aria-label={`Show ${label.toLowerCase()} choices`}
            className="absolute inset-y-0 right-0 flex items-center px-2.5 text-slate-400 hover:text-slate-600 data-disabled:hidden"
          >
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="m7 10 5 5 5-5" />
            </svg>
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor={{ to: 'bottom start', gap: 4 }}
          className="z-[60] max-h-64 w-[var(--input-width)] overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible"
        >
          {noneLabel && !trimmed && (
            <ComboboxOption value={NONE} className="cursor-pointer px-3 py-2 text-slate-500 data-focus:bg-brand-50">
              {noneLabel}
            </ComboboxOption>
          )}
          {filtered.map((o) => (
            <ComboboxOption
              key={o.value}
              value={o.value}
              className="flex cursor-pointer items-center gap-2 px-3 py-2 text-slate-800 data-focus:bg-brand-50 data-selected:font-semibold"
            >
              {o.color && <span aria-hidden="true" className="h-2.5 w-2.5 shrink-0 rounded-full" style={{ backgroundColor: o.color }} />}
              <span className="truncate">{o.label}</span>
            </ComboboxOption>
          ))}
          {canCreate && (
            <ComboboxOption
              value={`${CREATE}${trimmed}`}
              className="flex cursor-pointer items-center gap-2 border-t border-slate-100 px-3 py-2 font-medium text-brand-700 data-focus:bg-brand-50"
            >
              <span aria-hidden="true">+</span>
              <span className="truncate">Create "{trimmed}"</span>
            </ComboboxOption>
          )}
          {!canCreate && filtered.length === 0 && <div className="px-3 py-2 text-slate-500">No matches</div>}
        </ComboboxOptions>
      </Combobox>
    </Field>
  );
}
