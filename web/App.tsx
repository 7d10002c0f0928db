import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useAuth } from './lib/auth';
import { Loading } from './ui/States';
import { LoadBoundary } from './ui/LoadBoundary';
import { LoginPage } from './features/auth/components/LoginPage';
import { AppShell } from './features/shell/components/AppShell';
import { NotFoundPage } from './features/common/NotFoundPage';
import PlannerPage from './features/planner/components/PlannerPage';
import { NotYetAvailable } from './features/common/NotYetAvailable';

// Screens beyond the planner load on demand, keeping the first download small.
const routes = [
  { path: '/task-listing', title: 'Task Listing' },
  { path: '/activity', title: 'Activity Timeline' },
  { path: '/admin', title: 'Admin Dashboard' },
  { path: '/test-bookmarklet', title: 'Test Bookmarklet' },
];

const BookmarkletCreatePage = lazy(() => import('./features/common/BookmarkletPlaceholder'));
const ProjectsPage = lazy(() => import('./features/projects/components/ProjectsPage'));
const ManagerDashboardPage = lazy(() => import('./features/manager/components/ManagerDashboardPage'));

/** Routes of SPEC 2.1: the login screen without a session (except the bookmarklet page). */
export function App() {
  const { viewer, loading } = useAuth();
  if (loading) return <Loading label="Loading..." />;

  return (
    <Routes>
      <Route
        path="/create-task-bookmarklet"
        element={
          <Suspense fallback={<Loading />}>
            <BookmarkletCreatePage />
          </Suspense>
        }
      />
      <Route
        path="*"
        element={
          viewer ? (
            <AppShell>
              <LoadBoundary>
                <Suspense fallback={<Loading />}>
                  <Routes>
                    <Route path="/" element={<PlannerPage />} />
                    <Route path="/projects" element={<ProjectsPage />} />
                    <Route path="/manager-dashboard" element={<ManagerDashboardPage />} />
                    {routes.map((r) => (
                      <Route key={r.path} path={r.path} element={<NotYetAvailable title={r.title} />} />
                    ))}
                    <Route path="*" element={<NotFoundPage />} />
                  </Routes>
                </Suspense>
              </LoadBoundary>
            </AppShell>
          ) : (
            <LoginPage />
          )
        }
      />
    </Routes>
  );
}
