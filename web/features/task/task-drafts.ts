import type { TaskFormValues } from './task-form';

/**
 * Unsaved task edits kept across a reload (sessionStorage: this tab only, gone with it), per task id:
 * the edited fields and the version they were based on. Cleared on save and on discard.
 */
export interface TaskDraft {
  values: Partial<TaskFormValues>;
  version: number;
}

const key = (taskId: string) => `lwf:task-draft:${taskId}`;

/** The draft of the New Task dialog (not a task yet: its 'id'). */
export const NEW_TASK_DRAFT = 'new';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readDraft(taskId: string): TaskDraft | null {
  const text = storage()?.getItem(key(taskId));
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as TaskDraft;
    return draft && typeof draft === 'object' && draft.values && typeof draft.version === 'number' ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft(taskId: string, draft: TaskDraft): void {
  try {
    if (Object.keys(draft.values).length === 0) storage()?.removeItem(key(taskId));
    else storage()?.setItem(key(taskId), JSON.stringify(draft));
  } catch {
    // Storage full or refused: the edits stay in the form, only the reload copy is lost.
  }
}

export function clearDraft(taskId: string): void {
  storage()?.removeItem(key(taskId));
}
