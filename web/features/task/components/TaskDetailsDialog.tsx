import { useEffect, useId, useRef, useState, type MutableRefObject } from 'react';
import { useQuery } from '@apollo/client/react';
import { FormProvider } from 'react-hook-form';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { errorMessage } from '../../../lib/errors';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { EmptyState, Loading } from '../../../ui/States';
import { useDiscardGuard } from '../hooks/useDiscardGuard';
import { useTaskEditor } from '../hooks/useTaskEditor';
import { useTaskLiveUpdates } from '../hooks/useTaskLiveUpdates';
import { TaskDetailsQuery } from '../task.graphql';
import { COLUMN_OPTIONS, columnLabel, priorityTone, statusLabel } from '../task-labels';
import { usePickerOptions } from '../hooks/usePickerOptions';
import { ActivityLog } from './ActivityLog';
import { CommentsSection } from './CommentsSection';
import { FormField, Select } from '../../../ui/FormControls';
import { SubtasksSection } from './SubtasksSection';
import { ReadOnlyNotice, TaskNav, TaskTimestamps, useDeleteTaskFlow, type TaskNavigation, type UnsavedEdits } from './TaskDetailsParts';
import { TaskFields } from './TaskFields';
import { TaskConflictPanel } from './TaskConflict';
import { EditingNotice, PresenceAvatars, useTaskPresence } from '../../presence';
import { AttachmentsSection } from '../../attachment';
import { TimeSection } from '../../time';

export interface TaskDetailsDialogProps extends TaskNavigation {
  taskId: string | null;
  onClose(): void;
}

const tabClass =
  'shrink-0 border-b-2 border-transparent px-2.5 py-2.5 sm:px-3 text-sm font-medium text-slate-500 hover:text-slate-800 focus:outline-none data-focus:ring-2 data-focus:ring-brand-500/30 data-selected:border-brand-600 data-selected:text-brand-700';

/**
 * The expanded Task Details dialog: tabs Details, Subtasks, Comments and Settings (the
 * board column); Edit, Save, Cancel and Delete; previous/next 'N of total'. Full screen on phones.
 */
export function TaskDetailsDialog({ taskId, onClose, taskIds, totalCount, onNavigate }: TaskDetailsDialogProps) {
  // Closing and previous / next ask before dropping unsaved edits.
  const unsaved = useRef<UnsavedEdits>({ dirty: false, discard: () => {} });
  const { guard, dialog } = useDiscardGuard(
    () => unsaved.current.dirty,
    () => unsaved.current.discard(),
  );
  const close = () => guard(onClose);
  const navigate = onNavigate ? (id: string) => guard(() => onNavigate(id)) : undefined;
  return (
    <Dialog open={taskId !== null} onClose={close} title="Task Details" size="xl" fullScreenOnPhone>
      {taskId && (
        <DialogBody
          key={taskId}
          taskId={taskId}
          onClose={onClose}
          requestClose={close}
          taskIds={taskIds}
          totalCount={totalCount}
          onNavigate={navigate}
          unsaved={unsaved}
        />
      )}
      {dialog}
    </Dialog>
  );
}

function DialogBody({
  taskId,
  onClose,
  requestClose,
  taskIds,
  totalCount,
  onNavigate,
  unsaved,
}: TaskNavigation & { taskId: string; onClose(): void; requestClose(): void; unsaved: MutableRefObject<UnsavedEdits> }) {
  const id = useId();
  const { data, loading, error } = useQuery(TaskDetailsQuery, { variables: { id: taskId } });
  const task = data?.task;
  const [editing, setEditing] = useState(false);
  useTaskLiveUpdates(taskId, onClose);
  const { form, save, saving, cancel, isDirty, changedUnderneath, conflict, keepMine, takeTheirs, current } = useTaskEditor(task, () => setEditing(false));
  unsaved.current = { dirty: isDirty, discard: cancel };
  // Unsaved edits (a draft restored after a reload, or brought over from the sheet) open in edit mode.
  useEffect(() => {
    if (isDirty) setEditing(true);
  }, [isDirty]);
  const del = useDeleteTaskFlow(taskId, onClose);
  const { priorities, categories } = usePickerOptions();
  const present = useTaskPresence(task ? taskId : null, isDirty);

  if (!task) {
    return loading ? <Loading /> : <EmptyState title="Task not found">{error ? errorMessage(error, 'This task could not be loaded.') : null}</EmptyState>;
  }

  const canUpdate = task.viewerCan.update;
  const readOnly = !canUpdate || !editing;
  const formId = `${id}-form`;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold break-words text-slate-900" data-testid="task-dialog-title">
            {task.title}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
            <Badge tone="blue">{statusLabel(task.status)}</Badge>
            <Badge tone={priorityTone(task.priority)}>{priorities.find((p) => p.value === task.priority)?.label ?? task.priority}</Badge>
            <Badge tone="violet">{categories.find((c) => c.value === task.category)?.label ?? task.category}</Badge>
            <Badge>{columnLabel(task.column)}</Badge>
            <span className="font-mono">#{task.id.slice(-8)}</span>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <PresenceAvatars viewers={present} />
          <TaskNav taskId={taskId} taskIds={taskIds} totalCount={totalCount} onNavigate={onNavigate} />
        </div>
      </div>
      <EditingNotice viewers={present} className="-mt-2 rounded-md bg-amber-50 px-3 py-1.5" />

      {!canUpdate && <ReadOnlyNotice />}

      <FormProvider {...form}>
        <form id={formId} noValidate onSubmit={save} aria-label="Task details">
          <TabGroup>
            <TabList className="-mx-1 flex overflow-x-auto border-b border-slate-200">
              <Tab className={tabClass}>Details</Tab>
              <Tab className={tabClass}>
                Subtasks{' '}
                <span className="ml-1 text-xs text-slate-500">
                  {task.subtaskCount.done}/{task.subtaskCount.total}
                </span>
              </Tab>
              <Tab className={tabClass}>
                Comments <span className="ml-1 text-xs text-slate-500">{task.commentCount}</span>
              </Tab>
              <Tab className={tabClass}>Settings</Tab>
            </TabList>
            <TabPanels className="pt-4">
              <TabPanel unmount={false} className="flex flex-col gap-4 focus:outline-none">
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
                  readOnly={readOnly}
                  currentAssignee={task.assignedTo}
                  changed={changedUnderneath}
                  taskId={task.id}
                  descriptionMentions={task.descriptionMentions}
                />
                <TaskTimestamps task={task} />
                <AttachmentsSection taskId={task.id} />
                <TimeSection taskId={task.id} />
              </TabPanel>
              <TabPanel className="focus:outline-none">
                <SubtasksSection taskId={task.id} subtasks={data.task.subtasks} canEdit={canUpdate} taskPeople={[task.assignedTo, task.createdBy]} />
              </TabPanel>
              <TabPanel className="focus:outline-none">
                <CommentsSection taskId={task.id} comments={data.task.comments} />
              </TabPanel>
              <TabPanel unmount={false} className="flex flex-col gap-6 focus:outline-none">
                <fieldset disabled={readOnly} className="flex flex-col gap-4">
                  <FormField label="Column" htmlFor={`${id}-column`} hint="Saving a different column moves the task on the board.">
                    <Select id={`${id}-column`} {...form.register('column')}>
                      {task.column === 'PENDING_FROM_BEFORE' && <option value="PENDING_FROM_BEFORE">{columnLabel('PENDING_FROM_BEFORE')}</option>}
                      {COLUMN_OPTIONS.map((c) => (
                        <option key={c.value} value={c.value}>
                          {c.label}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                </fieldset>
                <ActivityLog taskId={task.id} />
              </TabPanel>
            </TabPanels>
          </TabGroup>
        </form>
      </FormProvider>

      <div className="sticky -bottom-4 -mx-5 -mb-4 flex flex-wrap items-center gap-2 border-t border-slate-100 bg-white px-5 py-3">
        {task.viewerCan.delete && (
          <Button variant="outline" onClick={del.ask} className="border-red-200! text-red-600! hover:bg-red-50!">
            Delete
          </Button>
        )}
        <div className="ml-auto flex gap-2">
          {editing ? (
            <>
              <Button
                key="cancel"
                variant="outline"
                onClick={() => {
                  cancel();
                  setEditing(false);
                }}
              >
                Cancel
              </Button>
              <Button key="save" type="submit" form={formId} disabled={saving}>
                {saving ? 'Saving...' : 'Save'}
              </Button>
            </>
          ) : (
            <>
              <Button key="close" variant="outline" onClick={requestClose}>
                Close
              </Button>
              {/* Keyed: the Save (submit) button must not reuse this element, or the click would submit. */}
              {canUpdate && (
                <Button key="edit" onClick={() => setEditing(true)}>
                  Edit
                </Button>
              )}
            </>
          )}
        </div>
      </div>
      {del.dialog}
    </div>
  );
}

export default TaskDetailsDialog;
