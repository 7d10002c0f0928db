import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { BottomNav } from './BottomNav';
import { Sidebar } from './Sidebar';
import { useBoardLiveUpdates } from '../../task';
import { useMoveTaskById } from '../../planner';
import { Icon } from '../../../ui/icons';
import { NotificationBell, useNotificationBell } from '../../notifications';
import { useViewerTheme } from '../../theme';
import { holdEarlyPaletteKey } from '../../keyboard';
import { RunningTimerChip } from '../../time';

// The panel loads when first opened (the bell is part of the first download, the list is not).
const NotificationPanel = lazy(() => import('../../notifications/components/NotificationPanel'));
const KeyboardShortcuts = lazy(() => import('../../keyboard/components/KeyboardShortcuts'));
const ConfigLabelsLoader = lazy(() => import('../../planner/components/ConfigLabelsLoader'));
const OfflineSupport = lazy(() => import('../../offline/components/OfflineSupport'));

const COLLAPSED_KEY = 'lwf.sidebar.collapsed';

/** The signed-in frame: a collapsible sidebar on desktop, a drawer behind a menu button on phones, and below 640 px a bottom navigation bar. */
export function AppShell({ children }: { children: ReactNode }) {
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === 'true');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  // Every screen inside the shell is live: teammates' changes land in the shared cache.
  useBoardLiveUpdates();
  useViewerTheme();
  // The command palette's moves (the keyboard layer is a later chunk).
  const moveTask = useMoveTaskById();
  // Ctrl/Cmd+K works from the first paint: held until the keyboard layer below has loaded.
  useEffect(() => holdEarlyPaletteKey(), []);
  const unread = useNotificationBell();
  const [panelOpen, setPanelOpen] = useState(false);
  const bell = (className?: string) => <NotificationBell count={unread} onOpen={() => setPanelOpen(true)} className={className} />;

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
      {/* The first thing Tab reaches (WCAG 2.4.1): past the navigation to the screen itself. */}
      <a
        href="#main-content"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
        className="sr-only rounded-md bg-brand-700 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[200]"
      >
        Skip to content
      </a>
      <div className="hidden h-full md:block">
        <Sidebar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} bell={bell()} />
      </div>
      {/* Before the drawer: the drawer's menu stays the last 'Main' navigation while open. */}
      <BottomNav onMore={() => setDrawerOpen(true)} moreOpen={drawerOpen} />
      {drawerOpen && (
        <div className="fixed inset-0 z-40 md:hidden" role="dialog" aria-modal="true" aria-label="Navigation">
          <div className="absolute inset-0 bg-slate-900/40" aria-hidden="true" onClick={() => setDrawerOpen(false)} />
          <div className="absolute inset-y-0 left-0 shadow-xl">
            <Sidebar collapsed={false} onToggle={() => setDrawerOpen(false)} onNavigate={() => setDrawerOpen(false)} />
          </div>
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <Suspense fallback={null}>
          <ConfigLabelsLoader />
          <OfflineSupport />
        </Suspense>
        <header className="flex h-12 items-center gap-2 border-b border-slate-200 bg-white px-3 md:hidden">
          <button type="button" aria-label="Open menu" onClick={() => setDrawerOpen(true)} className="rounded-md p-2 text-slate-600 hover:bg-slate-100">
            <Icon.Menu />
          </button>
          <span className="font-semibold">Let work flow</span>
          {bell('ml-auto')}
        </header>
        <RunningTimerChip className="mx-2 mt-2 max-w-[calc(100%-1rem)] self-end" />
        <main
          id="main-content"
          tabIndex={-1}
          className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto pb-[calc(3.5rem+env(safe-area-inset-bottom))] outline-none sm:pb-0"
        >
          {children}
        </main>
        {panelOpen && (
          <Suspense fallback={null}>
            <NotificationPanel onClose={() => setPanelOpen(false)} />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <KeyboardShortcuts moveTask={moveTask} />
        </Suspense>
      </div>
    </div>
  );
}
