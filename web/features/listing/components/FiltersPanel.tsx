import { useId } from 'react';
import { useQuery } from '@apollo/client/react';
import { displayName } from '../../../lib/auth';
import { STATUS_OPTIONS, usePickerOptions } from '../../task';
import { FormField, Select, TextInput } from '../../../ui/FormControls';
import { SPENT_OPTIONS, type ListingState } from '../listing-model';
import { ListingTagsQuery } from '../listing.graphql';

interface FiltersPanelProps {
  state: ListingState;
  onChange(patch: Partial<ListingState>): void;
}

/** Single-select filters per field and the date range (scheduled date, else created). */
export function FiltersPanel({ state, onChange }: FiltersPanelProps) {
  const id = useId();
  const { projects, categories, priorities, people } = usePickerOptions();
  // Read each time the panel opens, so tags added since show up.
  const tags = useQuery(ListingTagsQuery, { fetchPolicy: 'cache-and-network' }).data?.taskTags ?? [];
  const tagChoices = [...new Set([...tags, ...(state.tag ? [state.tag] : [])])].sort((a, b) => a.localeCompare(b));
  const select = (key: keyof ListingState, label: string, options: { value: string; label: string }[], any = 'All') => (
    <FormField label={label} htmlFor={`${id}-${key}`}>
      <Select id={`${id}-${key}`} value={String(state[key])} onChange={(e) => onChange({ [key]: e.target.value })}>
        <option value="">{any}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </FormField>
  );
  return (
    <section aria-label="Filters" className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4">
      {select(
        'project',
        'Project',
        projects.map((p) => ({ value: p.value, label: p.label })),
      )}
      {select('status', 'Status', STATUS_OPTIONS)}
      {select(
        'tag',
        'Tag',
        tagChoices.map((t) => ({ value: t, label: t })),
      )}
      {select('assignee', 'Assignee', [{ value: 'unassigned', label: 'Unassigned' }, ...people.map((u) => ({ value: u.id, label: displayName(u) }))])}
      {select(
        'category',
        'Category',
        categories.map((c) => ({ value: c.value, label: c.label })),
      )}
      {select(
        'priority',
        'Priority',
        priorities.map((p) => ({ value: p.value, label: p.label })),
      )}
      {select('spent', 'Spent', SPENT_OPTIONS)}
      <FormField label="From" htmlFor={`${id}-from`}>
        <TextInput id={`${id}-from`} type="date" value={state.from} max={state.to || undefined} onChange={(e) => onChange({ from: e.target.value })} />
      </FormField>
      <FormField label="To" htmlFor={`${id}-to`}>
        <TextInput id={`${id}-to`} type="date" value={state.to} min={state.from || undefined} onChange={(e) => onChange({ to: e.target.value })} />
      </FormField>
    </section>
  );
}
