import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { useViewer } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState, Loading } from '../../../ui/States';
import type { TemplateCard_TemplateFragment } from '../../../gql/graphql';
import { usePickerOptions } from '../../task';
import { useTemplateMutations } from '../hooks/useTemplateMutations';
import { TaskTemplatesQuery } from '../templates.graphql';
import { TemplateCard } from './TemplateCard';
import { TemplateDetailsDialog } from './TemplateDetailsDialog';
import { TemplateFormDialog } from './TemplateFormDialog';

export interface TemplatesViewProps {
  /** 'admin': the admin tab (create button); 'planner': the planner view (admins get a link to the admin tab). */
  context: 'admin' | 'planner';
  /** The planner's search text: only templates whose name, title, description or tags contain it. */
  search?: string;
}

const matches = (t: TemplateCard_TemplateFragment, search: string): boolean => {
  const q = search.trim().toLowerCase();
  return !q || [t.name, t.title, t.description ?? '', ...t.tags].some((text) => text.toLowerCase().includes(q));
};

/** The task templates: card grid, details, use, and for admins create, edit and delete. */
export default function TemplatesView({ context, search = '' }: TemplatesViewProps) {
  const viewer = useViewer();
  const isAdmin = viewer.role === 'admin';
  const { data, loading, error, refetch } = useQuery(TaskTemplatesQuery);
  const { categories, priorities } = usePickerOptions();
  const { createTemplate, updateTemplate, deleteTemplate, createTaskFromTemplate } = useTemplateMutations();

  const [details, setDetails] = useState<string | null>(null);
  const [editing, setEditing] = useState<TemplateCard_TemplateFragment | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TemplateCard_TemplateFragment | null>(null);
  const [using, setUsing] = useState<string | null>(null);

  const all = data?.taskTemplates ?? [];
  const templates = all.filter((t) => matches(t, search));
  const shown = details ? all.find((t) => t.id === details) : undefined;

  const use = async (template: TemplateCard_TemplateFragment) => {
    setUsing(template.id);
    try {
      if (await createTaskFromTemplate(template)) setDetails(null);
    } finally {
      setUsing(null);
    }
  };

  let body;
  if (loading && !data) body = <Loading label="Loading templates..." />;
  else if (error && !data)
    body = (
      <EmptyState
        title="The templates could not be loaded"
        action={
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(error, 'Failed to load templates')}
      </EmptyState>
    );
  else if (all.length > 0 && templates.length === 0) body = <EmptyState title="No matching templates found">Try another search.</EmptyState>;
  else if (templates.length === 0)
    body = (
      <EmptyState
        title="No templates yet"
        action={
          context === 'admin' && isAdmin ? (
            <Button size="sm" onClick={() => setEditing('new')}>
              Create Template
            </Button>
          ) : undefined
        }
      >
        {isAdmin ? 'Create a template to start tasks from a reusable outline.' : 'An admin can add reusable task templates.'}
      </EmptyState>
    );
  else
    body = (
      <ul aria-label="Task templates" className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {templates.map((t) => (
          <TemplateCard
            key={t.id}
            template={t}
            categories={categories}
            priorities={priorities}
            busy={using === t.id}
            onUse={() => void use(t)}
            onDetails={() => setDetails(t.id)}
            onEdit={() => setEditing(t)}
            onDelete={() => setDeleting(t)}
          />
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="templates-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h2 id="templates-heading" className="text-lg font-semibold text-slate-900">
            Task Templates
          </h2>
          <p className="text-sm text-slate-500">Start a task, with its subtasks, from a reusable outline.</p>
        </div>
        {context === 'admin' && isAdmin && <Button onClick={() => setEditing('new')}>+ New Template</Button>}
        {context === 'planner' && isAdmin && (
          <Link
            to="/admin?tab=templates"
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            Manage templates
          </Link>
        )}
      </div>
      {body}

      {shown && (
        <TemplateDetailsDialog
          template={shown}
          categories={categories}
          priorities={priorities}
          busy={using === shown.id}
          onClose={() => setDetails(null)}
          onCreateTask={() => void use(shown)}
          onEdit={() => {
            setDetails(null);
            setEditing(shown);
          }}
        />
      )}
      {editing && (
        <TemplateFormDialog
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSubmit={(input) => (editing === 'new' ? createTemplate(input) : updateTemplate(editing.id, { ...input, version: editing.version }))}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          title="Are you sure you want to delete this template?"
          description={`"${deleting.name}" will be deleted. Tasks created from it are kept.`}
          onConfirm={async () => {
            if (await deleteTemplate(deleting.id)) setDeleting(null);
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
