import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { format, parseISO } from 'date-fns';
import { displayName } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { Select } from '../../../ui/FormControls';
import { Button } from '../../../ui/Button';
import { EmptyState, Loading } from '../../../ui/States';
import type { AdminSecurityEventsQuery } from '../../../gql/graphql';
import { SecurityEventPeopleQuery, SecurityEventsQuery } from '../security-events.graphql';

const PAGE = 50;
type Row = AdminSecurityEventsQuery['securityEvents']['nodes'][number];

const when = (iso: string): string => format(parseISO(iso), 'MMM d, yyyy, h:mm:ss a');
const refused = (row: Row) => row.kind === 'sign-in-failed' || row.kind === 'passkey-sign-in-failed';

/** Who: the person, and the admin who acted for them when someone else did. */
function Who({ row }: { row: Row }) {
  return (
    <>
      <span className="font-medium text-slate-900">{row.userName ?? 'Unknown User'}</span>
      {row.actorName && <span className="block text-xs text-slate-500">by {row.actorName}</span>}
    </>
  );
}

/** The person picker above the events: "All people", then everyone by name (inactive people marked). */
function PersonPicker({ value, onChange }: { value: string; onChange(userId: string): void }) {
  const { data, error } = useQuery(SecurityEventPeopleQuery, { fetchPolicy: 'cache-and-network' });
  const people = useMemo(() => [...(data?.users ?? [])].sort((a, b) => displayName(a).localeCompare(displayName(b))), [data]);
  return (
    <label className="flex w-full min-w-0 flex-col gap-1 text-sm font-medium text-slate-700 sm:w-64">
      Person
      <Select value={value} onChange={(e) => onChange(e.target.value)} disabled={!data && !error} data-testid="security-events-person">
        <option value="">All people</option>
        {/* The chosen person before the list arrives (or when it could not be loaded), so the URL's choice shows. */}
        {value && !people.some((p) => p.id === value) && <option value={value}>{data ? 'Unknown person' : 'Loading...'}</option>}
        {people.map((p) => (
          <option key={p.id} value={p.id}>
            {displayName(p)}
            {p.isActive ? '' : ' (inactive)'}
          </option>
        ))}
      </Select>
      {error && <span className="text-xs font-normal text-red-700">{errorMessage(error, 'The people could not be loaded')}</span>}
    </label>
  );
}

/**
 * Admin › Security events: every sign-in, refused sign-in, sign-out and sign-in change, newest first,
 * with the address; narrowed to one person with the picker (kept in the URL as `person`).
 */
export default function SecurityEventsTab() {
  const [params, setParams] = useSearchParams();
  const personId = params.get('person') ?? '';
  const choosePerson = (userId: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (userId) next.set('person', userId);
        else next.delete('person');
        return next;
      },
      { replace: true },
    );
  return (
    <section aria-labelledby="security-events-title" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <SecurityEventsList personId={personId} onAllPeople={() => choosePerson('')} picker={<PersonPicker value={personId} onChange={choosePerson} />} />
    </section>
  );
}

function SecurityEventsList({ personId, picker, onAllPeople }: { personId: string; picker: ReactNode; onAllPeople(): void }) {
  const { data, loading, error, refetch, fetchMore } = useQuery(SecurityEventsQuery, {
    variables: { first: PAGE, userId: personId || null },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.securityEvents;
  const header = (
    <div className="mb-3 flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="security-events-title" className="text-lg font-semibold text-slate-900">
            Security events
          </h2>
          <p className="text-sm text-slate-500">Sign-ins, refused sign-ins, sign-outs and changes to how people sign in, newest first.</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={loading}>
          Refresh
        </Button>
      </div>
      {picker}
    </div>
  );

  if (loading && !page)
    return (
      <>
        {header}
        <Loading label="Loading security events..." />
      </>
    );
  if (!page)
    return (
      <>
        {header}
        <EmptyState
          title="The security events could not be loaded"
          action={
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(error, 'Failed to load the security events')}
        </EmptyState>
      </>
    );

  const loadMore = () =>
    fetchMore({
      variables: { after: page.pageInfo.endCursor },
      updateQuery: (prev, { fetchMoreResult }) => {
        if (!fetchMoreResult) return prev;
        const seen = new Set(prev.securityEvents.nodes.map((n) => n.id));
        return {
          securityEvents: {
            ...fetchMoreResult.securityEvents,
            nodes: [...prev.securityEvents.nodes, ...fetchMoreResult.securityEvents.nodes.filter((n) => !seen.has(n.id))],
          },
        };
      },
    });

  return (
    <>
      {header}
      {page.nodes.length === 0 && personId ? (
        <EmptyState
          title="No security events for this person"
          action={
            <Button variant="outline" size="sm" onClick={onAllPeople}>
              Show all people
            </Button>
          }
        >
          Their sign-ins and sign-in changes appear here.
        </EmptyState>
      ) : page.nodes.length === 0 ? (
        <EmptyState title="No security events yet">Sign-ins and sign-in changes appear here.</EmptyState>
      ) : (
        <>
          {/* Phones: one card per event. */}
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 md:hidden" aria-label="Security events">
            {page.nodes.map((row) => (
              <li key={row.id} data-testid="security-event" className="p-3 text-sm">
                <p className={refused(row) ? 'font-medium text-red-700' : 'font-medium text-slate-900'}>{row.description}</p>
                <p className="text-slate-700">
                  <Who row={row} />
                </p>
                <p className="text-xs text-slate-500">
                  {when(row.createdAt)} · {row.ip || 'no address'}
                  {row.device ? ` · ${row.device}` : ''}
                </p>
              </li>
            ))}
          </ul>
          {/* Wider screens: a table. */}
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Security events, newest first</caption>
              <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    When
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Who
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    What
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    IP address
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Device
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {page.nodes.map((row) => (
                  <tr key={row.id} data-testid="security-event-row">
                    <td className="py-2 pr-3 whitespace-nowrap text-slate-600">{when(row.createdAt)}</td>
                    <td className="py-2 pr-3">
                      <Who row={row} />
                    </td>
                    <td className={`py-2 pr-3 ${refused(row) ? 'text-red-700' : 'text-slate-800'}`}>{row.description}</td>
                    <td className="py-2 pr-3 font-mono text-xs text-slate-600">{row.ip || '—'}</td>
                    <td className="py-2 text-slate-600">{row.device || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-500">
            <span role="status">
              Showing {page.nodes.length} of {page.totalCount}
            </span>
            {page.pageInfo.hasNextPage && (
              <Button variant="outline" size="sm" onClick={() => void loadMore()} disabled={loading}>
                {loading ? 'Loading...' : 'Load more'}
              </Button>
            )}
          </div>
        </>
      )}
    </>
  );
}
