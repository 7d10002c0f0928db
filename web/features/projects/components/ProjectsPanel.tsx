import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { isProjectOverdue } from '../../../../schema/domain/project-rules';
import type { ProjectCard_ProjectFragment } from '../../../gql/graphql';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { useLiveRefetch } from '../../../lib/useLiveRefetch';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Icon } from '../../../ui/icons';
import { EmptyState, Loading } from '../../../ui/States';
import { useDeleteProject } from '../hooks/useProjectMutations';
import { useProjectLiveUpdates } from '../hooks/useProjectLiveUpdates';
import { ProjectsPanelQuery } from '../projects.graphql';
import { ProjectCard } from './ProjectCard';
import { ProjectFormDialog } from './ProjectFormDialog';

export interface ProjectsPanelProps {
  /** The heading's level: h1 on the /projects page, h2 inside the admin dashboard's tab. */
  headingLevel?: 'h1' | 'h2';
}

const viewerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * 'Project Management' (/projects and the admin tab): stat cards (total, active, completed, overdue), the Active and
 * Inactive groups of project cards, and the create, edit and delete dialogs. Self-contained (its own
 * query and dialogs), so the /projects page and the admin dashboard's Projects tab both render it.
 * Task counts follow the live board stream; the projects themselves follow projectEvents.
 */
export function ProjectsPanel({ headingLevel = 'h2' }: ProjectsPanelProps) {
  const { data, loading, error, refetch } = useQuery(ProjectsPanelQuery);
  const { toast } = useToast();
  const deleteProject = useDeleteProject();
  const [form, setForm] = useState<{ project: ProjectCard_ProjectFragment | null } | null>(null);
  const [deleting, setDeleting] = useState<ProjectCard_ProjectFragment | null>(null);
  // Task counts follow the board; a second's debounce keeps a busy board from refetching the list often.
  useLiveRefetch(refetch, !!data, 1000);
  // Projects created, edited or deleted elsewhere show without a reload.
  useProjectLiveUpdates(refetch, !!data);

  const projects = useMemo(() => data?.projects ?? [], [data?.projects]);
  const stats = useMemo(() => {
    const now = new Date();
    const zone = viewerZone();
    return {
      total: projects.length,
      active: projects.filter((p) => p.isActive).length,
      completed: projects.filter((p) => p.status === 'completed').length,
      overdue: projects.filter((p) => isProjectOverdue(p, now, zone)).length,
    };
  }, [projects]);
  const active = projects.filter((p) => p.isActive);
  // A project deleted in another browser while its delete confirmation is open: nothing left to confirm.
  useEffect(() => {
    if (deleting && data && !data.projects.some((p) => p.id === deleting.id)) setDeleting(null);
  }, [deleting, data]);
  const inactive = projects.filter((p) => !p.isActive);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteProject(deleting.id);
      toast({ title: 'Project deleted successfully', description: 'The project and all associated data have been removed.' });
      setDeleting(null);
    } catch (e) {
      toast({ title: 'Error deleting project', description: errorMessage(e, 'Failed to delete project'), variant: 'destructive' });
    }
  };

  const Heading = headingLevel;
  let body;
  if (!data && loading) body = <Loading />;
  else if (!data) {
    body = (
      <EmptyState
        title="The projects could not be loaded"
        action={
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(error, 'Failed to load projects')}
      </EmptyState>
    );
  } else if (projects.length === 0) {
    body = (
      <EmptyState
        title="No projects yet"
        action={
          <Button size="sm" onClick={() => setForm({ project: null })}>
            Create the first project
          </Button>
        }
      >
        Projects group related tasks and show their progress.
      </EmptyState>
    );
  } else {
    body = (
      <div className="flex flex-col gap-6">
        <ProjectGroup title="Active Projects" projects={active} empty="No active projects" onEdit={(project) => setForm({ project })} onDelete={setDeleting} />
        <ProjectGroup
          title="Inactive Projects"
          projects={inactive}
          empty="No inactive projects"
          onEdit={(project) => setForm({ project })}
          onDelete={setDeleting}
        />
      </div>
    );
  }

  return (
    <section aria-labelledby="projects-heading" className="flex min-w-0 flex-col gap-4 sm:gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <Heading
            id="projects-heading"
            className={headingLevel === 'h1' ? 'text-xl font-bold text-slate-900 sm:text-2xl' : 'text-lg font-semibold text-slate-900'}
          >
            Project Management
          </Heading>
          <p className="text-sm text-slate-500">Plan projects, follow their progress and open their tasks.</p>
        </div>
        <Button onClick={() => setForm({ project: null })}>
          <Icon.Plus />
          New Project
        </Button>
      </header>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Project statistics">
        <Stat label="Total Projects" value={stats.total} testId="stat-total" />
        <Stat label="Active" value={stats.active} testId="stat-active" tone="text-emerald-700" />
        <Stat label="Completed" value={stats.completed} testId="stat-completed" tone="text-teal-700" />
        <Stat label="Overdue" value={stats.overdue} testId="stat-overdue" tone={stats.overdue ? 'text-red-600' : undefined} />
      </dl>

      {body}

      <ProjectFormDialog
        open={form !== null}
        project={form?.project ?? null}
        people={data?.users ?? []}
        functions={data?.functions ?? []}
        onClose={() => setForm(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete project"
        description="Are you sure you want to delete this project? This action cannot be undone."
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

function Stat({ label, value, tone = 'text-slate-900', testId }: { label: string; value: number; tone?: string; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <dt className="text-xs font-medium text-slate-500 sm:text-sm">{label}</dt>
      <dd className={`mt-1 text-2xl font-bold ${tone}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function ProjectGroup({
  title,
  projects,
  empty,
  onEdit,
  onDelete,
}: {
  title: string;
  projects: ProjectCard_ProjectFragment[];
  empty: string;
  onEdit(project: ProjectCard_ProjectFragment): void;
  onDelete(project: ProjectCard_ProjectFragment): void;
}) {
  const id = `group-${title.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="flex items-center gap-2 text-base font-semibold text-slate-800">
        {title}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">{projects.length}</span>
      </h3>
      {projects.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
          {projects.map((p) => (
            <ProjectCard key={p.id} project={p} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </div>
      )}
    </section>
  );
}
