import type { ReactNode } from 'react';

/** One section of the Settings page: a titled card, the target of `/settings#<id>` links. */
export function SettingsSection({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      data-testid={`settings-${id}`}
      className="scroll-mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <div className="mt-1 text-sm text-slate-500">{description}</div>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
