import { useState, type FormEvent } from 'react';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/States';
import { useToast } from '../../../lib/toast';
import type { AdminConfig_ItemFragment, SystemConfigInput } from '../../../gql/graphql';
import { inputClass } from '../../../ui/FormControls';
import { useConfigMutations, type ConfigType } from '../hooks/useConfigMutations';

interface Draft {
  configKey: string;
  displayLabel: string;
  color: string;
  isActive: boolean;
}

const EMPTY: Draft = { configKey: '', displayLabel: '', color: '', isActive: true };
const MISSING = 'Please fill in all required fields.';

const toInput = (d: Draft): SystemConfigInput => ({
  configKey: d.configKey.trim(),
  displayLabel: d.displayLabel.trim(),
  color: d.color.trim() || null,
  isActive: d.isActive,
});
const complete = (d: Draft) => d.configKey.trim() !== '' && d.displayLabel.trim() !== '';

function Swatch({ color }: { color: string | null | undefined }) {
  return (
    <span aria-hidden="true" className="inline-block h-4 w-4 shrink-0 rounded border border-slate-300" style={{ backgroundColor: color || 'transparent' }} />
  );
}

/** The inputs of one item (add row and inline edit), labelled for screen readers and tests. */
function DraftFields({ draft, onChange, prefix, noun }: { draft: Draft; onChange(d: Draft): void; prefix: string; noun: string }) {
  return (
    <>
      <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-slate-600">
        <span className="md:sr-only">Key *</span>
        <input
          aria-label={`${prefix} ${noun} key`}
          placeholder="Key *"
          className={`${inputClass} h-9`}
          value={draft.configKey}
          onChange={(e) => onChange({ ...draft, configKey: e.target.value })}
        />
      </label>
      <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-slate-600">
        <span className="md:sr-only">Display label *</span>
        <input
          aria-label={`${prefix} ${noun} label`}
          placeholder="Display label *"
          className={`${inputClass} h-9`}
          value={draft.displayLabel}
          onChange={(e) => onChange({ ...draft, displayLabel: e.target.value })}
        />
      </label>
      <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-slate-600">
        <span className="md:sr-only">Colour</span>
        <span className="flex items-center gap-2">
          <Swatch color={/^#[0-9a-fA-F]{6}$/.test(draft.color) ? draft.color : null} />
          <input
            aria-label={`${prefix} ${noun} colour`}
            placeholder="#rrggbb"
            maxLength={7}
            className={`${inputClass} h-9`}
            value={draft.color}
            onChange={(e) => onChange({ ...draft, color: e.target.value })}
          />
        </span>
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          aria-label={`${prefix} ${noun} active`}
          checked={draft.isActive}
          onChange={(e) => onChange({ ...draft, isActive: e.target.checked })}
          className="h-4 w-4 rounded border-slate-300"
        />
        <span className="md:sr-only">Active</span>
      </label>
    </>
  );
}

// Phones: two columns (key | label, colour | active, actions below); md and up: one table row.
const ROW = 'grid grid-cols-2 items-center gap-x-3 gap-y-2 px-4 py-3 text-sm md:grid-cols-[1fr_1.3fr_1fr_4.5rem_11rem] md:gap-3';
const ACTIONS = 'col-span-2 flex flex-wrap gap-1 md:col-span-1 md:justify-end';

/** One editable table of the admin tab Categories & Priorities: inline edit, add, delete (browser confirmation). */
export function ConfigTable({ configType, title, items }: { configType: ConfigType; title: string; items: readonly AdminConfig_ItemFragment[] }) {
  const noun = configType === 'categories' ? 'category' : 'priority';
  const { toast } = useToast();
  const { createItem, updateItem, deleteItem } = useConfigMutations();
  const [adding, setAdding] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<{ id: string; draft: Draft } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const sorted = [...items].sort((a, b) => a.sortOrder - b.sortOrder || a.displayLabel.localeCompare(b.displayLabel));

  const run = async (key: string, action: () => Promise<boolean>): Promise<boolean> => {
    setBusy(key);
    try {
      return await action();
    } finally {
      setBusy(null);
    }
  };
  const missing = () => toast({ title: 'Error', description: MISSING, variant: 'destructive' });

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!complete(adding)) return missing();
    if (await run('add', () => createItem(configType, toInput(adding)))) setAdding(EMPTY);
  };
  const save = async () => {
    if (!editing) return;
    if (!complete(editing.draft)) return missing();
    if (await run(editing.id, () => updateItem(editing.id, toInput(editing.draft)))) setEditing(null);
  };
  const remove = (item: AdminConfig_ItemFragment) => {
    // Deleting a config item asks a browser confirmation.
    if (!window.confirm(`Are you sure you want to delete the ${noun} "${item.displayLabel}"? Tasks keep their current value.`)) return;
    void run(item.id, () => deleteItem(item.id));
  };

  return (
    <section aria-labelledby={`config-${configType}`} data-testid={`config-${configType}`} className="flex flex-col gap-2">
      <h3 id={`config-${configType}`} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        {title} <Badge>{items.length}</Badge>
      </h3>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
        <div aria-hidden="true" className={`${ROW} hidden border-b border-slate-200 bg-slate-50 py-2 text-xs font-semibold text-slate-500 uppercase md:grid`}>
          <span>Key</span>
          <span>Display label</span>
          <span>Colour</span>
          <span>Active</span>
          <span className="text-right">Actions</span>
        </div>
        {sorted.length === 0 && (
          <div className="p-4">
            <EmptyState title={`No ${configType} yet`} />
          </div>
        )}
        <ul className="divide-y divide-slate-100">
          {sorted.map((item) =>
            editing?.id === item.id ? (
              <li key={item.id} aria-label={item.displayLabel} data-testid="config-row" className={`${ROW} bg-brand-50/40`}>
                <DraftFields draft={editing.draft} onChange={(draft) => setEditing({ id: item.id, draft })} prefix="Edit" noun={noun} />
                <div className={ACTIONS}>
                  <Button size="sm" onClick={() => void save()} disabled={busy === item.id}>
                    {busy === item.id ? 'Saving...' : 'Save'}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setEditing(null)} disabled={busy === item.id}>
                    Cancel
                  </Button>
                </div>
              </li>
            ) : (
              <li key={item.id} aria-label={item.displayLabel} data-testid="config-row" className={ROW}>
                <span className="min-w-0 truncate font-mono text-xs text-slate-700">
                  <span className="font-sans text-slate-500 md:hidden">Key: </span>
                  {item.configKey}
                </span>
                <span className="min-w-0 truncate font-medium text-slate-900">{item.displayLabel}</span>
                <span className="flex items-center gap-2 text-xs text-slate-600">
                  <Swatch color={item.color} />
                  {item.color ?? 'No colour'}
                </span>
                <span>{item.isActive ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}</span>
                <div className={ACTIONS}>
                  {item.viewerCan.update && (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Edit ${item.displayLabel}`}
                      onClick={() =>
                        setEditing({
                          id: item.id,
                          draft: { configKey: item.configKey, displayLabel: item.displayLabel, color: item.color ?? '', isActive: item.isActive },
                        })
                      }
                    >
                      Edit
                    </Button>
                  )}
                  {item.viewerCan.delete && (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-700 hover:bg-red-50"
                      aria-label={`Delete ${item.displayLabel}`}
                      disabled={busy === item.id}
                      onClick={() => remove(item)}
                    >
                      Delete
                    </Button>
                  )}
                </div>
              </li>
            ),
          )}
        </ul>
        <form onSubmit={(e) => void add(e)} aria-label={`Add ${noun}`} className={`${ROW} border-t border-slate-200 bg-slate-50`}>
          <DraftFields draft={adding} onChange={setAdding} prefix="New" noun={noun} />
          <div className={ACTIONS}>
            <Button type="submit" size="sm" disabled={busy === 'add'}>
              {busy === 'add' ? 'Adding...' : `Add ${noun === 'category' ? 'Category' : 'Priority'}`}
            </Button>
          </div>
        </form>
      </div>
    </section>
  );
}
