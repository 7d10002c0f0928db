import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { FormProvider } from 'react-hook-form';
import { errorMessage } from '../../../lib/errors';
import { Button } from '../../../ui/Button';
import { Sheet } from '../../../ui/Sheet';
import { EmptyState, Loading } from '../../../ui/States';
import { Icon } from '../../../ui/icons';
import { useDiscardGuard } from '../hooks/useDiscardGuard';
import { useTaskEditor } from '../hooks/useTaskEditor';
import { useTaskLiveUpdates } from '../hooks/useTaskLiveUpdates';
import { TaskDetailsQuery } from '../task.graphql';
import { ActivityLog } from './ActivityLog';
import { CommentsSection } from './CommentsSection';
import { SubtasksSection } from './SubtasksSection';
import { AttachmentsSection } from '../../attachment';
import { TimeSection } from '../../time';
import { TaskDetailsDialog } from './TaskDetailsDialog';
import { ReadOnlyNotice, TaskNav, TaskTimestamps, useDeleteTaskFlow, type TaskNavigation, type UnsavedEdits } from './TaskDetailsParts';
import { TaskFields } from './TaskFields';
import { TaskConflictPanel } from './TaskConflict';
import { EditingNotice, PresenceAvatars, useTaskPresence } from '../../presence';

export interface TaskDetailsSheetProps extends TaskNavigation {
  taskId: string | null;
  onClose(): void;
}

/**
 * Task Details as a side sheet (full screen on phones, Escape closes): every field with
 * Save Changes, subtasks, comments and the activity log; previous/next 'N of total'; delete; and a
 * button that opens the expanded dialog.
 */
export function TaskDetailsSheet({ taskId, onClose, taskIds, onNavigate }: TaskDetailsSheetProps) {
  const [expanded, setExpanded] = useState(false);
  useEffect(() => {
    if (!taskId) setExpanded(false);
  }, [taskId]);
  // Closing (the × button, Escape, a click outside) and previous / next ask before dropping unsaved edits.
  const unsaved = useRef<UnsavedEdits>({ dirty: false, discard: () => {} });
  const { guard, dialog } = useDiscardGuard(
    () => unsaved.current.dirty,
    () => unsaved.current.discard(),
  );
  const close = () => guard(onClose);
  const navigate = onNavigate ? (id: string) => guard(() => onNavigate(id)) : undefined;

  if (expanded && taskId) return <TaskDetailsDialog taskId={taskId} onClose={onClose} taskIds={taskIds} onNavigate={onNavigate} />;
  return (
    <Sheet open={taskId !== null} onClose={close} title="Task Details">
      {taskId && (
        <SheetBody
          key={taskId}
          taskId={taskId}
          onClose={onClose}
          taskIds={taskIds}
          onNavigate={navigate}
          onExpand={() => setExpanded(true)}
          unsaved={unsaved}
        />
      )}
      {dialog}
    </Sheet>
  );
}

function SheetBody({
  taskId,
  onClose,
  taskIds,
  onNavigate,
  onExpand,
  unsaved,
}: TaskNavigation & { taskId: string; onClose(): void; onExpand(): void; unsaved: MutableRefObject<UnsavedEdits> }) {
  const { data, loading, error } = useQuery(TaskDetailsQuery, { variables: { id: taskId } });
  // Offline, the server cannot answer: the details last read (the offline copy) still show.
  const client = useApolloClient();
  const task = data?.task ?? (error && !navigator.onLine ? client.readQuery({ query: TaskDetailsQuery, variables: { id: taskId } })?.task : undefined);
  useTaskLiveUpdates(taskId, onClose);
  const { form, save, saving, isDirty, cancel, changedUnderneath, conflict, keepMine, takeTheirs, current } = useTaskEditor(task);
  unsaved.current = { dirty: isDirty, discard: cancel };
  const del = useDeleteTaskFlow(taskId, onClose);
  const present = useTaskPresence(task ? taskId : null, isDirty);

  const toolbar = (
    <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
      <TaskNav taskId={taskId} taskIds={taskIds} onNavigate={onNavigate} />
      <div className="ml-auto flex items-center gap-1">
        <PresenceAvatars viewers={present} className="mr-1" />
        <Button variant="ghost" size="sm" onClick={onExpand} title="Open expanded view">
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />
          </svg>
          <span className="sr-only sm:not-sr-only">Open expanded view</span>
        </Button>
        {task?.viewerCan.delete && (
          <Button variant="ghost" size="sm" onClick={del.ask} className="text-red-600! hover:bg-red-50!" aria-label="Delete task">
            <Icon.Trash width={16} height={16} />
            <span className="hidden sm:inline">Delete</span>
          </Button>
        )}
      </div>
    </div>
  );

  if (!task) {
    return (
      <>
        {toolbar}
        {loading ? (
          <Loading />
        ) : (
          <div className="p-4">
            <EmptyState title="Task not found">{error ? errorMessage(error, 'This task could not be loaded.') : null}</EmptyState>
          </div>
        )}
      </>
    );
  }

  const canUpdate = task.viewerCan.update;
  return (
    <>
      {toolbar}
      <EditingNotice viewers={present} className="border-b border-amber-100 bg-amber-50 px-4 py-1.5 sm:px-5" />
      <div className="flex flex-col gap-6 px-4 pt-4 pb-6 sm:px-5">
        <FormProvider {...form}>
          <form noValidate onSubmit={save} aria-label="Task details" className="flex flex-col gap-4">
            {!canUpdate && <ReadOnlyNotice />}
            {conflict && current && (
              <TaskConflictPanel
                conflict={conflict}
                theirs={current}
                yours={form.getValues()}
                assignee={task.assignedTo}
                busy={saving}
                onKeepMine={() => void keepMine()}
                onTakeTheirs={takeTheirs}
              />
            )}
            <TaskFields
              readOnly={!canUpdate}
              currentAssignee={task.assignedTo}
              changed={changedUnderneath}
              taskId={task.id}
              descriptionMentions={task.descriptionMentions}
            />
            <TaskTimestamps task={task} />
            {canUpdate && (
              <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-2 border-t border-slate-100 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-5 sm:px-5">
                {isDirty && <span className="mr-auto text-xs text-slate-500">Unsaved changes</span>}
                <Button type="submit" disabled={saving || !isDirty}>
                  {saving ? 'Saving...' : 'Save Changes'}
                </Button>
              </div>
            )}
          </form>
        </FormProvider>
        <div className="border-t border-slate-100 pt-6">
          <SubtasksSection taskId={task.id} subtasks={task.subtasks} canEdit={canUpdate} taskPeople={[task.assignedTo, task.createdBy]} />
        </div>
        <div className="border-t border-slate-100 pt-6">
          <AttachmentsSection taskId={task.id} />
        </div>
        <div className="border-t border-slate-100 pt-6">
          <TimeSection taskId={task.id} />
        </div>
        <div className="border-t border-slate-100 pt-6">
          <CommentsSection taskId={task.id} comments={task.comments} />
        </div>
        <div className="border-t border-slate-100 pt-6">
          <ActivityLog taskId={task.id} />
        </div>
      </div>
      {del.dialog}
    </>
  );
}

export default TaskDetailsSheet;
