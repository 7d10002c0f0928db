import { NavLink, useLocation, useSearchParams } from 'react-router-dom';
import type { ReactNode } from 'react';
import { displayName, useAuth, useViewer } from '../../../lib/auth';
import { Icon } from '../../../ui/icons';
import { Tooltip } from '../../../ui/Tooltip';
import { PLANNER_VIEWS } from '../../planner';

interface SidebarProps {
  collapsed: boolean;
  onToggle(): void;
  /** Phone drawer: close after navigating. */
  onNavigate?(): void;
  /** The notification bell (desktop: beside the collapse button). */
  bell?: ReactNode;
}

function Entry({
  to,
  label,
  icon: IconComp,
  collapsed,
  active,
  onNavigate,
}: {
  to: string;
  label: string;
  icon: (p: object) => ReactNode;
  collapsed: boolean;
  active?: boolean;
  onNavigate?(): void;
}) {
  const link = (
    <NavLink
      to={to}
      end
      onClick={onNavigate}
      aria-label={collapsed ? label : undefined}
      className={({ isActive }) =>
        `flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors ${
          (active ?? isActive) ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
        } ${collapsed ? 'justify-center px-0' : ''}`
      }
    >
      <IconComp />
      {!collapsed && <span className="truncate">{label}</span>}
    </NavLink>
  );
  return collapsed ? (
    <Tooltip content={label} side="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}

/** The sidebar: entries per role, the Views group on the dashboard, the user footer. */
export function Sidebar({ collapsed, onToggle, onNavigate, bell }: SidebarProps) {
  const viewer = useViewer();
  const { logout } = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  const onDashboard = location.pathname === '/';
  const currentView = params.get('view') ?? 'master';
  const isLead = viewer.role === 'manager' || viewer.role === 'admin';

  return (
    <nav aria-label="Main" className={`flex h-full flex-col border-r border-slate-200 bg-white transition-[width] duration-200 ${collapsed ? 'w-16' : 'w-64'}`}>
      <div className={`flex items-center gap-2 border-b border-slate-100 px-3 ${collapsed ? 'flex-col justify-center py-2' : 'h-14 justify-between'}`}>
        {!collapsed && (
          <span className="flex items-center gap-2 font-semibold text-slate-900">
            <span className="flex h-7 w-7 items-center justify-center rounded-md bg-brand-600 text-sm text-white" aria-hidden="true">
              ✓
            </span>
            Let work flow
          </span>
        )}
        <span className="flex items-center gap-1">
          {!collapsed && bell}
          <button
            type="button"
            onClick={onToggle}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
          >
            {collapsed ? <Icon.ChevronRight /> : <Icon.ChevronLeft />}
          </button>
        </span>
        {collapsed && bell}
      </div>
      <div className="flex-1 space-y-1 overflow-y-auto p-2">
        <Entry to="/" label="Dashboard" icon={Icon.Dashboard} collapsed={collapsed} onNavigate={onNavigate} />
        <Entry to="/task-listing" label="Task Listing" icon={Icon.List} collapsed={collapsed} onNavigate={onNavigate} />
        <Entry to="/projects" label="Projects" icon={Icon.Folder} collapsed={collapsed} onNavigate={onNavigate} />
        <Entry to="/activity" label="Activity" icon={Icon.Activity} collapsed={collapsed} onNavigate={onNavigate} />
        {isLead && <Entry to="/manager-dashboard" label="My Reportees" icon={Icon.Users} collapsed={collapsed} onNavigate={onNavigate} />}
        {viewer.role === 'admin' && <Entry to="/admin" label="Admin" icon={Icon.Shield} collapsed={collapsed} onNavigate={onNavigate} />}
        {onDashboard && (
          <div role="group" aria-label="Views" className="mt-4 space-y-1 border-t border-slate-100 pt-3">
            {!collapsed && <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Views</p>}
            {PLANNER_VIEWS.map((v) => (
              <Entry
                key={v.mode}
                to={`/?view=${v.mode}`}
                label={v.label}
                icon={v.icon}
                collapsed={collapsed}
                active={currentView === v.mode}
                onNavigate={onNavigate}
              />
            ))}
          </div>
        )}
      </div>
      <div className={`border-t border-slate-100 p-3 ${collapsed ? 'flex flex-col items-center gap-2' : ''}`}>
        <div className={collapsed ? '' : 'mb-2'}>
          <Entry to="/bookmarklet" label="Bookmarklet" icon={Icon.Bookmark} collapsed={collapsed} onNavigate={onNavigate} />
          <Entry to="/settings" label="Settings" icon={Icon.Settings} collapsed={collapsed} onNavigate={onNavigate} />
        </div>
        {!collapsed && (
          <div className="mb-2 min-w-0">
            <p className="truncate text-sm font-medium text-slate-900" data-testid="sidebar-user-name">
              {displayName(viewer)}
            </p>
            <p className="text-xs text-slate-500 capitalize">{viewer.role.replace('_', ' ')}</p>
          </div>
        )}
        <button
          type="button"
          onClick={() => void logout()}
          aria-label="Logout"
          className={`flex h-9 items-center gap-2 rounded-md text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 ${collapsed ? 'w-9 justify-center' : 'w-full px-3'}`}
        >
          <Icon.LogOut />
          {!collapsed && 'Logout'}
        </button>
      </div>
    </nav>
  );
}
