// The task feature's face: what other features use of it. Re-exports only, no side effects; the
// sheet and the create dialog, which others load lazily, are imported by their own path instead
// (the exceptions listed in tests/unit/module-imports.test.ts).
export { TaskDetailsDialog } from './components/TaskDetailsDialog';
export { TaskFields } from './components/TaskFields';
export { QuickAddChips, useQuickAddParse } from './components/QuickAddChips';
export { ConfigPicker, type PickerOption } from './components/ConfigPicker';
export { usePickerCreate, usePickerOptions } from './hooks/usePickerOptions';
export { ACTIVITY_REFETCH, addTaskToLists, appendTasksToList, onTaskRemoved, removeTaskFromCache, replaceListTasks, settleListCount } from './hooks/task-cache';
export { useBoardLiveUpdates } from './hooks/useBoardLiveUpdates';
export { useCreateTask } from './hooks/useCreateTask';
export { useQuickAddTask } from './hooks/useQuickAddTask';
export { useUndo } from './hooks/useUndo';
export { useUpdateTask } from './hooks/useUpdateTask';
export { createInput, newTaskValues, type TaskFormValues } from './task-form';
export { NEW_TASK_DRAFT, readDraft } from './task-drafts';
export { formatDay, formatStamp, priorityTone, STATUS_OPTIONS, statusLabel, SUBTASK_STATUS_OPTIONS, toDateInput } from './task-labels';
export { DeleteTaskMutation } from './delete-task.graphql';
export { UpdateTaskMutation } from './task.graphql';
