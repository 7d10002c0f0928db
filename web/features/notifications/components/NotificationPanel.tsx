import { useMutation, useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { Sheet } from '../../../ui/Sheet';
import { Button } from '../../../ui/Button';
import { EmptyState, Loading } from '../../../ui/States';
import { MarkNotificationsReadMutation, NotificationListQuery } from '../panel.graphql';

const PAGE = 30;
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "just now". */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of STEPS) if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  return 'just now';
}

/**
 * The notification panel (loaded on demand): the viewer's notifications newest first with message,
 * task title and time; a click marks it read and opens the task in the planner; 'Mark all as read'.
 */
export default function NotificationPanel({ onClose }: { onClose(): void }) {
  const navigate = useNavigate();
  const { data, loading, error, refetch, fetchMore } = useQuery(NotificationListQuery, { variables: { first: PAGE }, fetchPolicy: 'cache-and-network' });
  const [markRead, marking] = useMutation(MarkNotificationsReadMutation, { refetchQueries: ['NotificationCount', 'NotificationList'] });
  const list = data?.notifications;

  const open = (id: string, taskId: string | null, read: boolean, commentId: string | null = null) => {
    if (!read) void markRead({ variables: { ids: [id] } }).catch(() => {});
    onClose();
    // A mention or comment opens the task at its comment.
    if (taskId) navigate(`/?task=${encodeURIComponent(taskId)}${commentId ? `&comment=${encodeURIComponent(commentId)}` : ''}`);
  };

  return (
    <Sheet
      open
      onClose={onClose}
      title="Notifications"
      actions={
        <Button
          size="sm"
          variant="outline"
          disabled={!list || list.unreadCount === 0 || marking.loading}
          onClick={() => void markRead({ variables: { ids: null } }).catch(() => {})}
        >
          Mark all as read
        </Button>
      }
    >
      {error && !list ? (
        <div className="p-4">
          <EmptyState
            title="Failed to load notifications"
            action={
              <Button size="sm" variant="outline" onClick={() => void refetch()}>
                Retry
              </Button>
            }
          />
        </div>
      ) : !list ? (
        loading ? (
          <Loading />
        ) : null
      ) : list.nodes.length === 0 ? (
        <p className="p-6 text-center text-sm text-slate-500">No notifications yet</p>
      ) : (
        <ul aria-label="Notifications" className="divide-y divide-slate-100">
          {list.nodes.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                data-testid="notification-item"
                data-read={n.read}
                onClick={() => open(n.id, n.taskId ?? null, n.read, n.commentId ?? null)}
                className={`flex w-full gap-3 px-4 py-3 text-left hover:bg-slate-50 ${n.read ? '' : 'bg-brand-50/40'}`}
              >
                <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-brand-600'}`} />
                <span className="min-w-0 flex-1">
                  <span className={`block text-sm ${n.read ? 'text-slate-600' : 'font-medium text-slate-900'}`}>{n.message}</span>
                  <span className="mt-0.5 block truncate text-xs text-slate-500">{n.taskTitle}</span>
                  <time dateTime={n.createdAt} className="mt-0.5 block text-xs text-slate-400">
                    {timeAgo(n.createdAt)}
                  </time>
                </span>
                {!n.read && <span className="sr-only">Unread</span>}
              </button>
            </li>
          ))}
          {list.pageInfo.hasNextPage && (
            <li className="p-3 text-center">
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  void fetchMore({
                    variables: { after: list.pageInfo.endCursor },
                    updateQuery: (prev, { fetchMoreResult }) => ({
                      notifications: { ...fetchMoreResult.notifications, nodes: [...prev.notifications.nodes, ...fetchMoreResult.notifications.nodes] },
                    }),
                  })
                }
              >
                Load more
              </Button>
            </li>
          )}
        </ul>
      )}
    </Sheet>
  );
}
