import { createContext, useContext } from 'react';
import type { TaskColumn } from '../../../gql/graphql';
import type { PlannerTask } from '../planner-model';

export interface MoveInput {
  column: TaskColumn;
  scheduledTime?: string;
  scheduledDate?: string;
  /** The daily board's day when it is not today (the move is made on that day's board). */
  day?: string;
}

/** What a card can ask of the planner page (which owns the dialogs, the sheet and the mutations). */
export interface PlannerActions {
  /** Opens the details sheet; `listIds` is the visible list, for previous/next. */
  openDetails(taskId: string, listIds: string[]): void;
  /** Asks 'Are you sure you want to delete this task?' and deletes. */
  requestDelete(task: PlannerTask): void;
  /** The one move; toasts its failure (and its success unless `quiet`). */
  move(task: PlannerTask, input: MoveInput, options?: { quiet?: boolean }): Promise<void>;
  /** The pending-from-before Later dialog. */
  openReschedule(task: PlannerTask): void;
  /** The New Task dialog. */
  openCreate(defaults?: { scheduledTime?: string; scheduledDate?: string; column?: 'unscheduled' | 'today' }): void;
  /** The calendars' 'Move to date...' dialog (offered in the card menu where it is set). */
  openMoveToDate?(task: PlannerTask): void;
}

export const PlannerActionsContext = createContext<PlannerActions | null>(null);

export function usePlannerActions(): PlannerActions {
  const actions = useContext(PlannerActionsContext);
  if (!actions) throw new Error('usePlannerActions must be used inside the planner');
  return actions;
}
