import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { formatDistanceToNow, parseISO } from 'date-fns';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState, Loading } from '../../../ui/States';
import type { MySessionsQuery as Sessions } from '../../../gql/graphql';
import { MySessionsQuery, RevokeOtherSessionsMutation, RevokeSessionMutation } from '../sessions.graphql';
import { tokenTime } from '../token-time';

type SessionRow = Sessions['mySessions'][number];

/**
 * Sessions shown before "Show all": the list arrives after the page's first paint, and a long one
 * would push every section below it away from where a click was aimed.
 */
const FIRST_ROWS = 3;

const ago = (iso: string | null | undefined): string => (iso ? formatDistanceToNow(parseISO(iso), { addSuffix: true }) : 'unknown');

/** One session: browser and system, address, signed in, last seen; "This session" or a Sign out button. */
function SessionItem({ session, onRevoke }: { session: SessionRow; onRevoke(s: SessionRow): void }) {
  const name = `${session.browser} on ${session.os}`;
  return (
    <li
      data-testid="session-row"
      data-current={session.current || undefined}
      className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          <span className="break-words">{name}</span>
          {session.current && <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">This session</span>}
        </p>
        <p className="text-xs text-slate-500">
          {session.ip ? `${session.ip} · ` : ''}Signed in {tokenTime(session.signedInAt)} ·{' '}
          {session.current ? 'Active now' : `Last seen ${ago(session.lastSeenAt)}`}
        </p>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" onClick={() => onRevoke(session)} aria-label={`Sign out ${name}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/**
 * Settings › Security › Where you're signed in: the viewer's sessions (this one marked); sign one out,
 * or every other one. API tokens are listed in their own section (#api-tokens).
 */
export function SessionsSection() {
  const { data, loading, error, refetch } = useQuery(MySessionsQuery, { fetchPolicy: 'cache-and-network' });
  const [revokeSession] = useMutation(RevokeSessionMutation);
  const [revokeOthers] = useMutation(RevokeOtherSessionsMutation);
  const { toast } = useToast();
  const [revoking, setRevoking] = useState<SessionRow | null>(null);
  const [askingOthers, setAskingOthers] = useState(false);
  const [showAll, setShowAll] = useState(false);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revokeSession({ variables: { id: revoking.id } });
      toast({ title: 'Session signed out', description: `${revoking.browser} on ${revoking.os} is no longer signed in.` });
      setRevoking(null);
    } catch (err) {
      toast({ title: 'Could not sign out the session', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
    await refetch().catch(() => {});
  };
  const confirmOthers = async () => {
    try {
      const result = await revokeOthers();
      const count = result.data?.revokeOtherSessions ?? 0;
      toast({ title: 'Signed out everywhere else', description: `${count} ${count === 1 ? 'session was' : 'sessions were'} signed out.` });
      setAskingOthers(false);
    } catch (err) {
      toast({ title: 'Could not sign out the other sessions', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
    await refetch().catch(() => {});
  };

  const sessions = data?.mySessions ?? [];
  const others = sessions.filter((s) => !s.current).length;
  let list;
  if (loading && !data)
    list = (
      <div className="min-h-32">
        <Loading label="Loading sessions..." />
      </div>
    );
  else if (error && !data) {
    list = (
      <EmptyState
        title="Your sessions could not be loaded"
        action={
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(error, 'Failed to load sessions')}
      </EmptyState>
    );
  } else if (sessions.length === 0) {
    list = <EmptyState title="No sessions">You are not signed in anywhere else.</EmptyState>;
  } else {
    const shown = showAll ? sessions : sessions.slice(0, FIRST_ROWS);
    list = (
      <>
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Your sessions">
          {shown.map((s) => (
            <SessionItem key={s.id} session={s} onRevoke={setRevoking} />
          ))}
        </ul>
        {sessions.length > FIRST_ROWS && (
          <Button className="mt-2" variant="ghost" size="sm" onClick={() => setShowAll(!showAll)} aria-expanded={showAll}>
            {showAll ? 'Show fewer' : `Show all ${sessions.length} sessions`}
          </Button>
        )}
      </>
    );
  }

  return (
    <section id="sessions" aria-labelledby="sessions-title" className="mt-6 scroll-mt-4 border-t border-slate-200 pt-4" data-testid="sessions">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id="sessions-title" className="text-base font-semibold text-slate-900">
            Where you’re signed in
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            Sign out a browser you don’t recognise or no longer use. Scripts use{' '}
            <a className="text-brand-700 underline" href="#api-tokens">
              API tokens
            </a>
            , listed below.
          </p>
        </div>
        {others > 0 && (
          <Button variant="outline" size="sm" onClick={() => setAskingOthers(true)}>
            Sign out everywhere else
          </Button>
        )}
      </div>
      <div className="mt-3">{list}</div>
      <ConfirmDialog
        open={!!revoking}
        title="Sign out this session?"
        description={revoking ? `${revoking.browser} on ${revoking.os} will have to sign in again.` : undefined}
        confirmLabel="Sign out"
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
      <ConfirmDialog
        open={askingOthers}
        title="Sign out everywhere else?"
        description={`Your ${others} other ${others === 1 ? 'session' : 'sessions'} will have to sign in again. This browser stays signed in.`}
        confirmLabel="Sign out everywhere else"
        onConfirm={confirmOthers}
        onCancel={() => setAskingOthers(false)}
      />
    </section>
  );
}
