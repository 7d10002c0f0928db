/** Roles the user form offers (member, manager, admin; default member). */
export const USER_FORM_ROLES = ['member', 'manager', 'admin'] as const;
/** Reporting manager choices: managers and admins. */
export const REPORTING_MANAGER_ROLES = ['manager', 'admin'] as const;
/** Function head choices: function heads and admins. */
export const FUNCTION_HEAD_ROLES = ['function_head', 'admin'] as const;
/** Team manager choices: managers, function heads and admins. */
export const TEAM_MANAGER_ROLES = ['manager', 'function_head', 'admin'] as const;

const ROLE_LABELS: Record<string, string> = { member: 'Member', manager: 'Manager', admin: 'Admin', function_head: 'Function Head' };
export const roleLabel = (role: string): string => ROLE_LABELS[role] ?? role;

/** The admin dashboard's tabs, in order, as they appear in the URL (?tab=). */
export const ADMIN_TABS = [
  { key: 'users', label: 'Users' },
  { key: 'organization', label: 'Organization' },
  { key: 'projects', label: 'Projects' },
  { key: 'templates', label: 'Templates' },
  { key: 'categories', label: 'Categories' },
  { key: 'bookmarklet', label: 'Bookmarklet' },
  { key: 'webhooks', label: 'Webhooks' },
  { key: 'import', label: 'Import' },
  { key: 'backup', label: 'Backup' },
  { key: 'security', label: 'Security' },
  { key: 'security-events', label: 'Security events' },
] as const;
