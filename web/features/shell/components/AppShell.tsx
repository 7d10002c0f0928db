import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Sidebar } from './Sidebar';
import { useBoardLiveUpdates } from '../../task/hooks/useBoardLiveUpdates';
import { Icon } from '../../../ui/icons';

const COLLAPSED_KEY = 'lwf.sidebar.collapsed';

/** The signed-in frame: a collapsible sidebar on desktop, a drawer behind a menu button on phones. */
export function AppShell({ children }: { children: ReactNode }) {
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === 'true');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  // Every screen inside the shell is live: teammates' changes land in the shared cache.
  useBoardLiveUpdates();

  useEffect(() => localStorage.setItem(COLLAPSED_KEY, String(collapsed)), [collapsed]);
  useEffect(() => setDrawerOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  return (
    <div className="flex h-full min-h-0">
      <div className="hidden h-full md:block">
        <Sidebar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
      </div>
      {drawerOpen && (
        <div className="fixed inset-0 z-40 md:hidden" role="dialog" aria-modal="true" aria-label="Navigation">
          <div className="absolute inset-0 bg-slate-900/40" onClick={() => setDrawerOpen(false)} />
          <div className="absolute inset-y-0 left-0 shadow-xl">
            <Sidebar collapsed={false} onToggle={() => setDrawerOpen(false)} onNavigate={() => setDrawerOpen(false)} />
          </div>
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-12 items-center gap-2 border-b border-slate-200 bg-white px-3 md:hidden">
          <button type="button" aria-label="Open menu" onClick={() => setDrawerOpen(true)} className="rounded-md p-2 text-slate-600 hover:bg-slate-100">
            <Icon.Menu />
          </button>
          <span className="font-semibold">Let work flow</span>
        </header>
        <main className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto">{children}</main>
      </div>
    </div>
  );
}
