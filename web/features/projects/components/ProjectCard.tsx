import { Link } from 'react-router-dom';
import type { ProjectCard_ProjectFragment } from '../../../gql/graphql';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Progress } from '../../../ui/Progress';
import { formatDay, priorityTone } from '../../task';
import { priorityLabel, statusOption, typeOption, visibilityOption } from '../project-labels';

export interface ProjectCardProps {
  project: ProjectCard_ProjectFragment;
  onEdit(project: ProjectCard_ProjectFragment): void;
  onDelete(project: ProjectCard_ProjectFragment): void;
}

/**
 * One project: colour dot, name, status and priority badges, type and visibility with their descriptive
 * wording, end date (red when overdue), progress bar, and the open/done task counts linking to the
 * task listing filtered by the project. Edit and delete only where the server allows them.
 */
export function ProjectCard({ project, onEdit, onDelete }: ProjectCardProps) {
  const status = statusOption(project.status);
  const type = typeOption(project.projectType);
  const visibility = visibilityOption(project.visibility);
  const counts = project.taskCounts;
  return (
    <article
      aria-labelledby={`project-${project.id}`}
      data-testid="project-card"
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="mt-1.5 h-3 w-3 shrink-0 rounded-full ring-1 ring-black/10" style={{ backgroundColor: project.color }} />
        <div className="min-w-0 flex-1">
          <h3 id={`project-${project.id}`} className="truncate font-semibold text-slate-900" title={project.name}>
            {project.name}
          </h3>
          {project.description && <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{project.description}</p>}
        </div>
        {(project.viewerCan.update || project.viewerCan.delete) && (
          <div className="-mt-1 -mr-2 flex shrink-0">
            {project.viewerCan.update && (
              <Button variant="ghost" size="sm" aria-label={`Edit ${project.name}`} onClick={() => onEdit(project)}>
                Edit
              </Button>
            )}
            {project.viewerCan.delete && (
              <Button
                variant="ghost"
                size="sm"
                className="text-red-600 hover:bg-red-50"
                aria-label={`Delete ${project.name}`}
                onClick={() => onDelete(project)}
              >
                Delete
              </Button>
            )}
          </div>
        )}
      </div>

      <div className="flex flex-wrap gap-1.5">
        <Badge tone={status.tone}>{status.label}</Badge>
        <Badge tone={priorityTone(project.priority)}>{priorityLabel(project.priority)} priority</Badge>
        {project.isOverdue && <Badge tone="red">Overdue</Badge>}
      </div>

      <dl className="grid grid-cols-1 gap-2 text-sm">
        <div>
          <dt className="font-medium text-slate-700">{type.label}</dt>
          <dd className="text-slate-500">{type.description}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">Visibility: {visibility.label}</dt>
          <dd className="text-slate-500">{visibility.description}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-slate-700">Due</dt>
          <dd className={project.isOverdue ? 'font-medium text-red-600' : 'text-slate-600'}>{project.endDate ? formatDay(project.endDate) : 'No end date'}</dd>
        </div>
        {project.projectManager && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-medium text-slate-700">Manager</dt>
            <dd className="text-slate-600">{project.projectManager.name}</dd>
          </div>
        )}
      </dl>

      <div className="flex flex-col gap-1">
        <div className="flex justify-between text-xs text-slate-600">
          <span>Progress</span>
          <span>{project.progress}%</span>
        </div>
        <Progress value={project.progress} label={`${project.name} progress`} />
      </div>

      <Link
        to={`/task-listing?project=${encodeURIComponent(project.name)}`}
        className="mt-auto inline-flex items-center gap-2 self-start rounded-md text-sm font-medium text-brand-700 hover:underline focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
        data-testid="project-task-counts"
      >
        {counts.open} open · {counts.done} done
        <span className="sr-only"> tasks in {project.name}</span>
        <span aria-hidden="true">→</span>
      </Link>
    </article>
  );
}
