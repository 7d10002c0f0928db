import type { ReactNode } from 'react';

/** A titled block inside the details views (Subtasks, Comments, Activity Log). */
export function Section({ title, badge, action, children, id }: { title: string; badge?: ReactNode; action?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id={id} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          {title}
          {badge}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}
