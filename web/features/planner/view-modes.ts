import { Icon } from '../../ui/icons';

export type ViewMode = 'master' | 'daily' | 'weekly' | 'monthly' | 'templates';

/** Any mode other than the known ones shows the master list. */
export function viewMode(value: string | null): ViewMode {
  return value === 'daily' || value === 'weekly' || value === 'monthly' || value === 'templates' ? value : 'master';
}

/** The planner's views in the sidebar's order (keys 1 to 5 and the command palette follow it too). */
export const PLANNER_VIEWS = [
  { mode: 'master', label: 'Master List', icon: Icon.List },
  { mode: 'daily', label: 'Daily View', icon: Icon.Columns },
  { mode: 'weekly', label: 'Weekly View', icon: Icon.Calendar },
  { mode: 'monthly', label: 'Monthly View', icon: Icon.Grid },
  { mode: 'templates', label: 'Templates', icon: Icon.Template },
] as const;
