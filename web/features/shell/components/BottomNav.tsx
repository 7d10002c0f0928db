import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { ReactNode } from 'react';
import { Icon } from '../../../ui/icons';

const ITEM = 'flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 text-[11px] leading-tight font-medium';
const itemColor = (current: boolean) => (current ? 'text-brand-700' : 'text-slate-500 hover:text-slate-900');

function Item({ to, label, icon, current }: { to: string; label: string; icon: ReactNode; current: boolean }) {
  return (
    <Link to={to} aria-current={current ? 'page' : undefined} className={`${ITEM} ${itemColor(current)}`}>
      {icon}
      <span className="max-w-full truncate">{label}</span>
    </Link>
  );
}

/**
 * The phone's bottom navigation (below 640 px; from there the sidebar or its drawer): the main screens
 * within a thumb's reach, at the routes the sidebar uses for them, and More for the rest of the menu. It is
 * 3.5rem tall plus the safe area: the shell's bottom padding, the floating add button and the toasts clear it.
 */
export function BottomNav({ onMore, moreOpen }: { onMore(): void; moreOpen: boolean }) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const view = pathname === '/' ? (params.get('view') ?? 'master') : null;

  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 flex border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur sm:hidden"
    >
      <div className="flex h-14 w-full items-stretch">
        <Item to="/?view=daily" label="Board" icon={<Icon.Columns width={20} height={20} />} current={view === 'daily'} />
        <Item to="/?view=weekly" label="Calendar" icon={<Icon.Calendar width={20} height={20} />} current={view === 'weekly' || view === 'monthly'} />
        <Item to="/task-listing" label="Listing" icon={<Icon.List width={20} height={20} />} current={pathname === '/task-listing'} />
        <Item to="/activity" label="Activity" icon={<Icon.Activity width={20} height={20} />} current={pathname === '/activity'} />
        <button type="button" onClick={onMore} aria-haspopup="dialog" aria-expanded={moreOpen} className={`${ITEM} ${itemColor(false)}`}>
          <Icon.Menu width={20} height={20} />
          <span>More</span>
        </button>
      </div>
    </nav>
  );
}
