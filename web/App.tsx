import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useAuth } from './lib/auth';
import { Loading } from './ui/States';
import { LoadBoundary } from './ui/LoadBoundary';
import { LoginPage } from './features/auth/components/LoginPage';
import { LoginRoute } from './features/auth/components/LoginRoute';
import { AppShell } from './features/shell/components/AppShell';
import { NotFoundPage } from './features/common/NotFoundPage';
import PlannerPage from './features/planner/components/PlannerPage';

// Screens beyond the planner load on demand, keeping the first download small.
const BookmarkletCreatePage = lazy(() => import('./features/bookmarklet/components/BookmarkletCreatePage'));
const SharePage = lazy(() => import('./features/bookmarklet/components/BookmarkletCreatePage').then((m) => ({ default: m.SharePage })));
const BookmarkletHelpPage = lazy(() => import('./features/bookmarklet/components/BookmarkletHelpPage'));
const TestBookmarkletPage = lazy(() => import('./features/bookmarklet/components/TestBookmarkletPage'));
const AdminPage = lazy(() => import('./features/admin/components/AdminPage'));
const ProjectsPage = lazy(() => import('./features/projects/components/ProjectsPage'));
const ManagerDashboardPage = lazy(() => import('./features/manager/components/ManagerDashboardPage'));
const TaskListingPage = lazy(() => import('./features/listing/components/TaskListingPage'));
const ActivityPage = lazy(() => import('./features/activity/components/ActivityPage'));
const SettingsPage = lazy(() => import('./features/settings/SettingsPage'));
const TwoFactorSetupPage = lazy(() => import('./features/settings/components/TwoFactorSetupPage'));

/**
 * bookmarklet-source.ts's BOOKMARKLET_PATH, written again: importing it put the bookmarklet's own
 * source into the first download (0.8 kB gzip, over the 170 kB budget).
 */
const BOOKMARKLET_PATH = '/create-task-bookmarklet';

/** The app's routes: the login screen without a session (except the bookmarklet page). */
export function App() {
  const { viewer, loading, twoFactorSetupRequired } = useAuth();
  const { pathname } = useLocation();
  if (loading) return <Loading label="Loading..." />;
  // Signed out, every path shows the same sign-in screen at the same place in the tree. When a session
  // ends, the screen shows at once while the router moves to /login?returnTo=… in a transition that
  // commits later (React Router's location updates are transitions): a screen per route would then be
  // replaced under the person's fingers, dropping what they had typed into it. The bookmarklet's page
  // is the one a signed-out person reaches: it offers its own 'Login to Create Task'.
  if (!viewer && pathname !== BOOKMARKLET_PATH) return <LoginPage />;
  // The same for a required two-factor set-up (Admin › Security): every path shows it, and the path
  // the person was going to shows once it is on (the server refuses everything else meanwhile).
  if (viewer && twoFactorSetupRequired) {
    return (
      <Suspense fallback={<Loading />}>
        <TwoFactorSetupPage />
      </Suspense>
    );
  }

  return (
    <Routes>
      <Route
        path={BOOKMARKLET_PATH}
        element={
          <Suspense fallback={<Loading />}>
            <BookmarkletCreatePage />
          </Suspense>
        }
      />
      {/* The web app manifest's share_target (vite.config.ts): the bookmarklet's form, filled from the share. */}
      <Route
        path="/share"
        element={
          <Suspense fallback={<Loading />}>
            <SharePage />
          </Suspense>
        }
      />
      <Route path="/login" element={<LoginRoute />} />
      <Route
        path="*"
        element={
          <AppShell>
            <LoadBoundary>
              <Suspense fallback={<Loading />}>
                <Routes>
                  <Route path="/" element={<PlannerPage />} />
                  <Route path="/task-listing" element={<TaskListingPage />} />
                  <Route path="/activity" element={<ActivityPage />} />
                  <Route path="/projects" element={<ProjectsPage />} />
                  <Route path="/manager-dashboard" element={<ManagerDashboardPage />} />
                  <Route path="/admin" element={<AdminPage />} />
                  <Route path="/bookmarklet" element={<BookmarkletHelpPage />} />
                  <Route path="/settings" element={<SettingsPage />} />
                  <Route path="/test-bookmarklet" element={<TestBookmarkletPage />} />
                  <Route path="*" element={<NotFoundPage />} />
                </Routes>
              </Suspense>
            </LoadBoundary>
          </AppShell>
        }
      />
    </Routes>
  );
}
