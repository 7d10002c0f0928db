import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { TemplateCard_TemplateFragment } from '../../../gql/graphql';
import { type PickerOption, priorityTone } from '../../task';
import { hoursLabel, optionLabel } from '../template-labels';

export interface TemplateDetailsDialogProps {
  template: TemplateCard_TemplateFragment;
  categories: readonly PickerOption[];
  priorities: readonly PickerOption[];
  busy: boolean;
  onClose(): void;
  onCreateTask(): void;
  onEdit(): void;
}

/** A template's fields and predefined subtasks, with 'Create Task from Template' and 'Edit Template'. */
export function TemplateDetailsDialog({ template: t, categories, priorities, busy, onClose, onCreateTask, onEdit }: TemplateDetailsDialogProps) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={t.name}
      description="Template details"
      size="lg"
      fullScreenOnPhone
      footer={
        <>
          {t.viewerCan.update && (
            <Button variant="outline" onClick={onEdit}>
              Edit Template
            </Button>
          )}
          <Button onClick={onCreateTask} disabled={busy}>
            {busy ? 'Creating...' : 'Create Task from Template'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={priorityTone(t.priority)}>{optionLabel(priorities, t.priority)}</Badge>
          <Badge tone="teal">{optionLabel(categories, t.category)}</Badge>
          {t.project && <Badge tone="blue">{t.project}</Badge>}
        </div>
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <div className="min-w-0 sm:col-span-2">
            <dt className="text-xs font-medium text-slate-500">Task title</dt>
            <dd className="break-words text-slate-900">{t.title}</dd>
          </div>
          {t.description && (
            <div className="min-w-0 sm:col-span-2">
              <dt className="text-xs font-medium text-slate-500">Description</dt>
              <dd className="break-words whitespace-pre-wrap text-slate-700">{t.description}</dd>
            </div>
          )}
          <div>
            <dt className="text-xs font-medium text-slate-500">Estimated hours</dt>
            <dd>{hoursLabel(t.estimatedHours)}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Default assignee</dt>
            <dd>{t.defaultAssignee?.name ?? 'Unassigned'}</dd>
          </div>
          {t.tags.length > 0 && (
            <div className="min-w-0 sm:col-span-2">
              <dt className="text-xs font-medium text-slate-500">Tags</dt>
              <dd className="mt-1 flex flex-wrap gap-1">
                {t.tags.map((tag) => (
                  <Badge key={tag}>{tag}</Badge>
                ))}
              </dd>
            </div>
          )}
        </dl>
        <section aria-labelledby="template-subtasks-heading" className="flex flex-col gap-2">
          <h3 id="template-subtasks-heading" className="text-sm font-semibold text-slate-900">
            Predefined subtasks
          </h3>
          {t.subtasks.length === 0 ? (
            <p className="text-sm text-slate-500">No predefined subtasks</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {t.subtasks.map((s, i) => (
                <li key={s.id} className="rounded-md border border-slate-200 p-3 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="min-w-0 font-medium break-words text-slate-900">
                      {i + 1}. {s.title}
                    </span>
                    <span className="flex items-center gap-2 text-xs text-slate-600">
                      <Badge>{s.status}</Badge>
                      {hoursLabel(s.estimatedHours)}
                    </span>
                  </div>
                  {s.description && <p className="mt-1 break-words text-slate-600">{s.description}</p>}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </Dialog>
  );
}
