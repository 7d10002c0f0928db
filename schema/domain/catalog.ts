/** Default categories, priorities and organisation constants. */

export const DEFAULT_PRIORITIES = [
  { key: 'low', label: 'Low', color: '#22c55e' },
  { key: 'medium', label: 'Medium', color: '#3b82f6' },
  { key: 'high', label: 'High', color: '#f97316' },
  { key: 'critical', label: 'Critical', color: '#ef4444' },
] as const;

export const DEFAULT_CATEGORIES = [
  { key: 'dev', label: 'Dev', color: '#6366f1' },
  { key: 'it ops', label: 'IT Ops', color: '#0ea5e9' },
  { key: 'infra', label: 'Infra', color: '#14b8a6' },
  { key: 'governance', label: 'Governance', color: '#a855f7' },
  { key: 'design', label: 'Design', color: '#ec4899' },
  { key: 'testing', label: 'Testing', color: '#f59e0b' },
  { key: 'documentation', label: 'Documentation', color: '#64748b' },
  { key: 'process', label: 'Process', color: '#84cc16' },
] as const;

export const ROLES = ['member', 'manager', 'admin', 'function_head'] as const;
export type RoleValue = (typeof ROLES)[number];

export const PROJECT_STATUSES = ['planning', 'active', 'on-hold', 'completed', 'cancelled'] as const;
export const PROJECT_TYPES = ['team', 'cross-team', 'cross-department'] as const;
export const PROJECT_VISIBILITIES = ['members', 'explicit', 'department-heads'] as const;
export const PROJECT_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;

export const DEFAULT_PROJECT_COLOR = '#3b82f6';
export const DEFAULT_FUNCTION_COLOR = '#3b82f6';
export const DEFAULT_TEAM_COLOR = '#6b7280';

export const isHexColor = (value: string): boolean => /^#[0-9a-fA-F]{6}$/.test(value);
