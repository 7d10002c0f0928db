import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import type { TemplateCard_TemplateFragment } from '../../../gql/graphql';
import { type PickerOption, priorityTone } from '../../task';
import { CARD_TAGS, hoursLabel, optionLabel } from '../template-labels';

export interface TemplateCardProps {
  template: TemplateCard_TemplateFragment;
  categories: readonly PickerOption[];
  priorities: readonly PickerOption[];
  busy: boolean;
  onDetails(): void;
  onUse(): void;
  onEdit(): void;
  onDelete(): void;
}

/** One template: name, priority badge, title, description, category, hours, default assignee, 3 tags then '+N'. */
export function TemplateCard({ template: t, categories, priorities, busy, onDetails, onUse, onEdit, onDelete }: TemplateCardProps) {
  const shown = t.tags.slice(0, CARD_TAGS);
  const more = t.tags.length - shown.length;
  return (
    <li data-testid="template-card" aria-label={t.name} className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-slate-900">{t.name}</h3>
        <Badge tone={priorityTone(t.priority)}>{optionLabel(priorities, t.priority)}</Badge>
      </div>
      <div className="min-w-0">
        <p className="text-sm font-medium break-words text-slate-800">{t.title}</p>
        {t.description && <p className="mt-1 line-clamp-3 text-sm break-words text-slate-600">{t.description}</p>}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-600">
        <dt className="font-medium text-slate-500">Category</dt>
        <dd className="min-w-0 truncate">{optionLabel(categories, t.category)}</dd>
        <dt className="font-medium text-slate-500">Hours</dt>
        <dd>{hoursLabel(t.estimatedHours)}</dd>
        <dt className="font-medium text-slate-500">Assignee</dt>
        <dd className="min-w-0 truncate">{t.defaultAssignee?.name ?? 'Unassigned'}</dd>
        {t.subtasks.length > 0 && (
          <>
            <dt className="font-medium text-slate-500">Subtasks</dt>
            <dd>{t.subtasks.length}</dd>
          </>
        )}
      </dl>
      {t.tags.length > 0 && (
        <ul aria-label="Tags" className="flex flex-wrap gap-1">
          {shown.map((tag) => (
            <li key={tag}>
              <Badge>{tag}</Badge>
            </li>
          ))}
          {more > 0 && (
            <li>
              <Badge tone="violet">+{more}</Badge>
            </li>
          )}
        </ul>
      )}
      <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <Button size="sm" onClick={onUse} disabled={busy} aria-label={`Use template ${t.name}`}>
          {busy ? 'Creating...' : 'Use'}
        </Button>
        <Button size="sm" variant="outline" onClick={onDetails} aria-label={`View details of ${t.name}`}>
          View Details
        </Button>
        {t.viewerCan.update && (
          <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit template ${t.name}`}>
            Edit
          </Button>
        )}
        {t.viewerCan.delete && (
          <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={onDelete} aria-label={`Delete template ${t.name}`}>
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}
