import { Dialog } from '../../../ui/Dialog';
import { SHORTCUT_GROUPS } from '../shortcut-list';

/** The '?' cheat sheet: every keyboard shortcut, by where it works. */
export default function ShortcutsDialog({ onClose }: { onClose(): void }) {
  return (
    <Dialog open onClose={onClose} title="Keyboard shortcuts" description="Single keys work anywhere except while you type in a field." size="md">
      <div className="grid gap-6 sm:grid-cols-2">
        {SHORTCUT_GROUPS.map((group) => (
          <section key={group.title} aria-labelledby={`shortcuts-${group.title}`}>
            <h3 id={`shortcuts-${group.title}`} className="mb-2 text-sm font-semibold text-slate-900">
              {group.title}
            </h3>
            <dl className="space-y-1.5">
              {group.shortcuts.map((s) => (
                <div key={s.description} className="flex items-center justify-between gap-3 text-sm">
                  <dt className="text-slate-700">{s.description}</dt>
                  <dd className="flex shrink-0 gap-1">
                    {s.keys.map((k) => (
                      <kbd key={k} className="min-w-6 rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-mono text-xs text-slate-800">
                        {k}
                      </kbd>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
