import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { useViewer } from '../../../lib/auth';
import { Button } from '../../../ui/Button';
import { createInput, newTaskValues, TaskFields, type TaskFormValues, useCreateTask } from '../../task';
import { SharedFilesList, SharedFileUploads, useSharedFiles } from '../../share';
import type { SharedFilesRef } from '../../../../schema/domain/share-target';
import { emailDescription, emailLink, emailTitle, shareDescription, shareTitle, type BookmarkletEmail } from '../bookmarklet-email';
import { closePopup } from '../popup';

const NO_FILES: SharedFilesRef = { kind: 'none' };

/**
 * The signed-in create-task form of the bookmarklet page: the New Task fields and defaults
 * pre-filled from the email (title from the subject; description with the body, the sender and the
 * email's address). Creating toasts ('Task created successfully' or the failure) and then offers to close the popup.
 * `shared`: the same form for what another app shared (/share): title and text, and the link; `files`, the
 * shared files, which become the new task's attachments once it is created.
 */
export function BookmarkletTaskForm({ email, shared = false, files = NO_FILES }: { email: BookmarkletEmail; shared?: boolean; files?: SharedFilesRef }) {
  const id = useId();
  const viewer = useViewer();
  const navigate = useNavigate();
  const form = useForm<TaskFormValues>({
    defaultValues: shared
      ? { ...newTaskValues(viewer.id), title: shareTitle(email), description: shareDescription(email) }
      : { ...newTaskValues(viewer.id), title: emailTitle(email), description: emailDescription(email) },
  });
  const { createTask, creating } = useCreateTask();
  const [created, setCreated] = useState<{ id: string; title: string; files: File[]; shareKey: string } | null>(null);
  const { shared: sharedFiles, remove } = useSharedFiles(files);
  const link = emailLink(email.url);

  const submit = form.handleSubmit(async (values) => {
    if (!values.title.trim()) return;
    const task = await createTask(createInput(values));
    const ready = sharedFiles.status === 'ready' ? sharedFiles : null;
    if (task) setCreated({ id: task.id, title: task.title, files: ready?.files ?? [], shareKey: ready?.key ?? '' });
  });

  if (created) {
    return (
      <section aria-labelledby={`${id}-done`} className="rounded-xl border border-emerald-200 bg-white p-6 text-center shadow-sm">
        <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-emerald-50 text-xl text-emerald-700" aria-hidden="true">
          ✓
        </div>
        <h1 id={`${id}-done`} className="text-xl font-bold text-slate-900">
          Task created
        </h1>
        <p className="mt-2 text-sm break-words text-slate-600" data-testid="created-task-title">
          {created.title}
        </p>
        <p className="mt-1 text-sm text-slate-500">It is on your board now. You can close this window.</p>
        {created.files.length > 0 && <SharedFileUploads taskId={created.id} shareKey={created.shareKey} files={created.files} />}
        <div className="mt-5 flex flex-col-reverse justify-center gap-2 sm:flex-row">
          <Link to="/" className="inline-flex h-10 items-center justify-center rounded-md px-4 text-sm font-medium text-brand-700 hover:bg-brand-50">
            Open the planner
          </Link>
          <Button className="justify-center" onClick={() => closePopup(() => navigate('/'))} autoFocus>
            Close window
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="border-b border-slate-100 p-4 sm:p-6">
        <h1 id={`${id}-title`} className="text-xl font-bold text-slate-900">
          {shared ? 'Create Task from Share' : 'Create Task from Email'}
        </h1>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {!shared && (
            <>
              <dt className="text-slate-500">From</dt>
              <dd className="min-w-0 break-words text-slate-800" data-testid="email-sender">
                {email.sender || 'Unknown sender'}
              </dd>
            </>
          )}
          <dt className="text-slate-500">{shared ? 'Link' : 'Email'}</dt>
          <dd className="min-w-0 truncate">
            {link ? (
              <a href={link} target="_blank" rel="noopener noreferrer" className="text-brand-600 hover:underline" data-testid="email-link">
                {link}
              </a>
            ) : (
              <span className="text-slate-500">No link</span>
            )}
          </dd>
        </dl>
      </header>
      <FormProvider {...form}>
        <form id={`${id}-form`} noValidate onSubmit={submit} aria-label={shared ? 'New task from share' : 'New task from email'} className="p-4 sm:p-6">
          <TaskFields titleLabel="Task Title *" autoFocusTitle />
          {shared && (
            <div className="mt-4">
              <SharedFilesList shared={sharedFiles} onRemove={remove} />
            </div>
          )}
        </form>
      </FormProvider>
      <footer className="flex flex-col-reverse gap-2 border-t border-slate-100 p-4 sm:flex-row sm:justify-end sm:px-6">
        <Button variant="outline" className="justify-center" onClick={() => closePopup(() => navigate('/'))}>
          Close
        </Button>
        <Button type="submit" form={`${id}-form`} className="justify-center" disabled={creating || sharedFiles.status === 'loading'}>
          {creating ? 'Creating...' : 'Create Task'}
        </Button>
      </footer>
    </section>
  );
}
