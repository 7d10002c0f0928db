// The planner's face: what other features use of it (the calendar views, the sidebar, the command
// palette). Re-exports only, no side effects; the planner's page and boot are the app's (App.tsx, main.tsx).
export { PLANNER_VIEWS, type ViewMode } from './view-modes';
export { addDays, BOARD_COLUMNS, columnTitle, matchesSearch, taskDay, todayKey, type PlannerTask } from './planner-model';
export { useMoveTaskById, type MoveTaskById } from './hooks/useMoveTask';
export { DraggableTaskCard } from './components/DraggableTaskCard';
export { MoveToMenu } from './components/MoveToMenu';
export { priorityLabel, priorityTone } from './components/TaskCard';
export { PlannerActionsContext, usePlannerActions, type PlannerActions } from './hooks/usePlannerActions';
export { useConfigLabels, type ConfigBadge, type ConfigLabels } from './config-labels';
export { useDropTargetAtRelease } from './hooks/useDropTargetAtRelease';
export { taskAutoScroll, useTaskDragSensors } from './hooks/useTaskDragSensors';
