import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../../lib/auth';
import { readSharedFilesRef } from '../../../../schema/domain/share-target';
import { readBookmarkletParams, readShareParams } from '../bookmarklet-email';
import { AuthRequired } from './AuthRequired';
import { BookmarkletTaskForm } from './BookmarkletTaskForm';

/**
 * /create-task-bookmarklet?subject=&body=&sender=&url= (docs/API.md), reachable without a session:
 * the pre-filled task form when signed in, else (no session, or a failed session check) the login prompt.
 * With `shared`, the same page at /share?title=&text=&url=&files=, where the installed app receives shares
 * (`files`: the key the service worker kept the shared files under, schema/domain/share-target.ts).
 */
export function BookmarkletCreatePage({ shared = false }: { shared?: boolean }) {
  const { viewer } = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  const email = useMemo(() => (shared ? readShareParams(params) : readBookmarkletParams(params)), [params, shared]);
  const files = useMemo(() => (shared ? readSharedFilesRef(params) : ({ kind: 'none' } as const)), [params, shared]);

  return (
    <main className="min-h-full bg-slate-50 px-3 py-4 sm:px-4 sm:py-8">
      <div className="mx-auto w-full max-w-2xl">
        <p className="mb-3 flex items-center gap-2 text-sm font-semibold text-slate-700">
          <span className="flex h-6 w-6 items-center justify-center rounded-md bg-brand-600 text-xs text-white" aria-hidden="true">
            ✓
          </span>
          Let work flow
        </p>
        {viewer ? <BookmarkletTaskForm email={email} shared={shared} files={files} /> : <AuthRequired returnTo={`${location.pathname}${location.search}`} />}
      </div>
    </main>
  );
}

export default BookmarkletCreatePage;

/** /share: the page the web app manifest's share_target opens (vite.config.ts). */
export const SharePage = () => <BookmarkletCreatePage shared />;
