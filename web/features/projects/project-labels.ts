import type { BadgeTone } from '../../ui/Badge';

/** Project types and what they mean. */
export const PROJECT_TYPE_OPTIONS = [
  { value: 'team', label: 'Team', description: 'Single team within a function' },
  { value: 'cross-team', label: 'Cross-team', description: 'Multiple teams within a function' },
  { value: 'cross-department', label: 'Cross-department', description: 'Teams from different functions' },
] as const;

/** Visibility: who may see a project. */
export const VISIBILITY_OPTIONS = [
  { value: 'members', label: 'Members', description: 'All assigned members and their direct managers' },
  { value: 'explicit', label: 'Explicit', description: 'Only explicitly added members' },
  { value: 'department-heads', label: 'Department heads', description: 'Selected department heads may view' },
] as const;

export const STATUS_OPTIONS = [
  { value: 'planning', label: 'Planning', tone: 'slate' },
  { value: 'active', label: 'Active', tone: 'green' },
  { value: 'on-hold', label: 'On hold', tone: 'amber' },
  { value: 'completed', label: 'Completed', tone: 'teal' },
  { value: 'cancelled', label: 'Cancelled', tone: 'red' },
] as const satisfies readonly { value: string; label: string; tone: BadgeTone }[];

export const PRIORITY_OPTIONS = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'critical', label: 'Critical' },
] as const;

const find = <T extends { value: string }>(list: readonly T[], value: string): T | undefined => list.find((o) => o.value === value);

export const typeOption = (value: string) => find(PROJECT_TYPE_OPTIONS, value) ?? { value, label: value, description: '' };
export const visibilityOption = (value: string) => find(VISIBILITY_OPTIONS, value) ?? { value, label: value, description: '' };
export const statusOption = (value: string) => find(STATUS_OPTIONS, value) ?? { value, label: value, tone: 'slate' as BadgeTone };
export const priorityLabel = (value: string) => find(PRIORITY_OPTIONS, value)?.label ?? value;

/** The defaults of a new project. */
export const PROJECT_DEFAULTS = {
  name: '',
  description: '',
  charter: '',
  color: '#3b82f6',
  projectType: 'team',
  visibility: 'members',
  status: 'planning',
  priority: 'medium',
  progress: '0',
  projectManagerId: '',
  functionId: '',
  startDate: '',
  endDate: '',
  isActive: true,
};

export type ProjectFormValues = typeof PROJECT_DEFAULTS;

/** Progress 0-100, non-numeric becomes 0 (whole numbers; out of range is clamped). */
export function parseProgress(text: string): number {
  const n = Math.round(Number(text));
  if (!Number.isFinite(n) || text.trim() === '') return 0;
  return Math.max(0, Math.min(100, n));
}
