import { EmptyState } from '../../ui/States';

/** An honest state for a screen that a later release brings (no dead ends: links back to the planner). */
export function NotYetAvailable({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-3xl p-4 sm:p-8">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{title}</h1>
      <EmptyState title={`${title} is coming soon`} action={<a href="/" className="text-sm font-medium text-brand-600 hover:underline">Back to the planner</a>}>
        This screen is part of an upcoming release. Its data is already available through the GraphQL and REST APIs.
      </EmptyState>
    </div>
  );
}
