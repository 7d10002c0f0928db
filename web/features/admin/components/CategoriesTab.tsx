import type { AdminConfig_ItemFragment } from '../../../gql/graphql';
import { ConfigTable } from './ConfigTable';

/** The admin tab Categories & Priorities: two editable tables. */
export function CategoriesTab({
  categories,
  priorities,
}: {
  categories: readonly AdminConfig_ItemFragment[];
  priorities: readonly AdminConfig_ItemFragment[];
}) {
  return (
    <section aria-labelledby="categories-heading" className="flex flex-col gap-6">
      <div>
        <h2 id="categories-heading" className="text-lg font-semibold text-slate-900">
          Categories & Priorities
        </h2>
        <p className="text-sm text-slate-500">The choices of the task form. Key and display label are required.</p>
      </div>
      <ConfigTable configType="categories" title="Categories" items={categories} />
      <ConfigTable configType="priorities" title="Priorities" items={priorities} />
    </section>
  );
}
