import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useQuery } from '@apollo/client/react';
import { useViewer } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { Button } from '../../../ui/Button';
import { LoadBoundary } from '../../../ui/LoadBoundary';
import { EmptyState, Loading } from '../../../ui/States';
import { AdminDashboardQuery } from '../admin.graphql';
import { ADMIN_TABS } from '../admin-labels';
import { AdminBackupTab } from './AdminBackupTab';
import { AdminBookmarkletTab } from './AdminBookmarkletTab';
import { AdminProjectsTab } from './AdminProjectsTab';
import { CategoriesTab } from './CategoriesTab';
import { OrganizationTab } from './OrganizationTab';
import { SummaryCards } from './SummaryCards';
import { UsersTab } from './UsersTab';

const TemplatesView = lazy(() => import('../../templates/components/TemplatesView'));
const WebhooksTab = lazy(() => import('../webhooks/WebhooksTab'));
const AdminImportTab = lazy(() => import('./AdminImportTab'));
const AdminSecurityTab = lazy(() => import('./AdminSecurityTab'));
const SecurityEventsTab = lazy(() => import('./SecurityEventsTab'));

const tabClass =
  'shrink-0 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none data-focus:ring-2 data-focus:ring-brand-500 data-selected:bg-brand-600 data-selected:text-white';

function AdminDashboard() {
  const [params, setParams] = useSearchParams();
  const { data, loading, error, refetch } = useQuery(AdminDashboardQuery);
  const index = Math.max(
    0,
    ADMIN_TABS.findIndex((t) => t.key === params.get('tab')),
  );
  const select = (i: number) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('tab', ADMIN_TABS[i]!.key);
        return next;
      },
      { replace: true },
    );

  if (loading && !data) return <Loading label="Loading admin dashboard..." />;
  if (!data)
    return (
      <EmptyState
        title="The admin dashboard could not be loaded"
        action={
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(error, 'Failed to load the admin dashboard')}
      </EmptyState>
    );

  return (
    <>
      <SummaryCards data={data} statusError={!!error} />
      <TabGroup selectedIndex={index} onChange={select} className="flex flex-col gap-4">
        <TabList aria-label="Admin sections" className="flex flex-wrap gap-1 rounded-lg bg-white p-1 shadow-sm ring-1 ring-slate-200">
          {ADMIN_TABS.map((t) => (
            <Tab key={t.key} className={tabClass}>
              {t.label}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          <TabPanel>
            <UsersTab users={data.users} />
          </TabPanel>
          <TabPanel>
            <OrganizationTab />
          </TabPanel>
          <TabPanel>
            <AdminProjectsTab />
          </TabPanel>
          <TabPanel>
            <LoadBoundary>
              <Suspense fallback={<Loading />}>
                <TemplatesView context="admin" />
              </Suspense>
            </LoadBoundary>
          </TabPanel>
          <TabPanel>
            <CategoriesTab categories={data.categories} priorities={data.priorities} />
          </TabPanel>
          <TabPanel>
            <AdminBookmarkletTab />
          </TabPanel>
          <TabPanel>
            <LoadBoundary>
              <Suspense fallback={<Loading />}>
                <WebhooksTab />
              </Suspense>
            </LoadBoundary>
          </TabPanel>
          <TabPanel>
            <LoadBoundary>
              <Suspense fallback={<Loading />}>
                <AdminImportTab />
              </Suspense>
            </LoadBoundary>
          </TabPanel>
          <TabPanel>
            <AdminBackupTab />
          </TabPanel>
          <TabPanel>
            <LoadBoundary>
              <Suspense fallback={<Loading />}>
                <AdminSecurityTab />
              </Suspense>
            </LoadBoundary>
          </TabPanel>
          <TabPanel>
            <LoadBoundary>
              <Suspense fallback={<Loading />}>
                <SecurityEventsTab />
              </Suspense>
            </LoadBoundary>
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </>
  );
}

/** /admin: the Admin Dashboard for admins; everyone else sees a denial, never the screens. */
export default function AdminPage() {
  const viewer = useViewer();
  return (
    <div className="mx-auto flex w-full max-w-[1400px] min-w-0 flex-col gap-4 p-3 pb-28 sm:gap-6 sm:p-6">
      <header>
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">Admin Dashboard</h1>
        <p className="text-sm text-slate-500">People, organization, projects, templates, task choices and webhooks.</p>
      </header>
      {viewer.role === 'admin' ? (
        <AdminDashboard />
      ) : (
        <div role="alert">
          <EmptyState
            title="Access denied"
            action={
              <Link to="/" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
                Back to the planner
              </Link>
            }
          >
            Only admins can open the Admin Dashboard.
          </EmptyState>
        </div>
      )}
    </div>
  );
}
