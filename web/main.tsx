import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ApolloProvider } from '@apollo/client/react';
import { apolloClient, onSessionReset } from './lib/apollo';
import { AuthProvider } from './lib/auth';
import { ToastProvider } from './lib/toast';
import { ServerUnavailableToast } from './lib/server-unavailable';
import { App } from './App';
import './styles.css';
import { startTheme } from './features/theme/theme';
import { forgetOfflineCopy, restoreIfOffline } from './features/offline/offline-boot';
import { warmPlanner } from './features/planner/planner-boot';

// The theme is painted before the first render (no flash of the other one).
startTheme();

// Every sign-in and sign-out forgets the offline copy of the last viewer's data.
onSessionReset(forgetOfflineCopy);

// The service worker's registration and update prompt: a chunk of its own, loaded after the app.
const UpdatePrompt = lazy(() => import('./features/pwa/UpdatePrompt'));

// On the planner's address its tasks and view start loading now, alongside the session check.
if (navigator.onLine) warmPlanner(apolloClient, window.location);

// Offline with a stored copy of the last loaded data, the cache is filled from it before the first render.
void restoreIfOffline(apolloClient).finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ApolloProvider client={apolloClient}>
        <BrowserRouter>
          <ToastProvider>
            <ServerUnavailableToast />
            <AuthProvider>
              <App />
            </AuthProvider>
            <Suspense>
              <UpdatePrompt />
            </Suspense>
          </ToastProvider>
        </BrowserRouter>
      </ApolloProvider>
    </StrictMode>,
  ),
);
