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
  { path: '/projects', title: 'Project Management' },
  { path: '/manager-dashboard', title: 'My Reportees' },
  { path: '/admin', title: 'Admin Dashboard' },
  { path: '/test-bookmarklet', title: 'Test Bookmarklet' },
];

const BookmarkletCreatePage = lazy(() => import('./features/common/BookmarkletPlaceholder'));
const TaskListingPage = lazy(() => import('./features/listing/components/TaskListingPage'));
const ActivityPage = lazy(() => import('./features/activity/components/ActivityPage'));

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
                    <Route path="/task-listing" element={<TaskListingPage />} />
                    <Route path="/activity" element={<ActivityPage />} />
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
