import { useMutation, useQuery } from '@apollo/client/react';
import { useToast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/errors';
import { Loading } from '../../../ui/States';
import { NotificationPreferencesQuery, UpdateNotificationPreferencesMutation } from '../preferences.graphql';

const KIND_LABELS: Record<string, { label: string; hint: string }> = {
  assigned: { label: 'Assigned to me', hint: 'Someone else assigns you a task or subtask' },
  commented: { label: 'Comments', hint: 'Someone else comments on a task you created or are assigned to' },
  mentioned: { label: 'Mentions', hint: 'Someone mentions you with @ in a comment' },
  attached: { label: 'Files', hint: 'Someone else adds a file to a task you are assigned to, or to one of its comments' },
  due: { label: 'Due today', hint: 'A task of yours is due today' },
  overdue: { label: 'Overdue', hint: 'The day after a task of yours was due' },
  completed: { label: 'Completed', hint: 'Someone else completes a task you created' },
};

/** The Settings page's "Notifications" section: per kind, in the app and by email, on or off. */
export function NotificationPreferences() {
  const { toast } = useToast();
  const { data, loading } = useQuery(NotificationPreferencesQuery);
  const [update] = useMutation(UpdateNotificationPreferencesMutation);
  const settings = data?.notificationPreferences;

  const change = async (kind: string, channel: 'inApp' | 'email', value: boolean) => {
    try {
      await update({
        variables: { preferences: [{ kind, [channel]: value }] },
        optimisticResponse: settings && {
          updateNotificationPreferences: {
            ...settings,
            preferences: settings.preferences.map((p) => (p.kind === kind ? { ...p, [channel]: value } : p)),
          },
        },
        update: (cache, { data: result }) => {
          if (result) cache.writeQuery({ query: NotificationPreferencesQuery, data: { notificationPreferences: result.updateNotificationPreferences } });
        },
      });
    } catch (e) {
      toast({ title: 'Error', description: errorMessage(e, 'Failed to save notification settings'), variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby="settings-notifications" className="rounded-lg border border-slate-200 bg-white">
      <div className="border-b border-slate-100 px-4 py-3">
        <h2 id="settings-notifications" className="text-base font-semibold text-slate-900">
          Notifications
        </h2>
        <p className="text-sm text-slate-500">
          Choose what reaches you in the app and by email.
          {settings && !settings.emailAvailable && ' Email is not set up on this server, so nothing is emailed.'}
          {settings && ` Reminders follow your time zone (${settings.timeZone}).`}
        </p>
      </div>
      {!settings ? (
        loading ? (
          <Loading />
        ) : null
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-slate-500">
              <th scope="col" className="px-4 py-2 font-medium">
                Kind
              </th>
              <th scope="col" className="w-20 px-2 py-2 text-center font-medium">
                In app
              </th>
              <th scope="col" className="w-20 px-2 py-2 text-center font-medium">
                Email
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {settings.preferences.map((p) => {
              const { label, hint } = KIND_LABELS[p.kind] ?? { label: p.kind, hint: '' };
              return (
                <tr key={p.kind}>
                  <td className="px-4 py-2">
                    <span className="block font-medium text-slate-800">{label}</span>
                    <span className="block text-xs text-slate-500">{hint}</span>
                  </td>
                  <td className="px-2 py-2 text-center">
                    <input
                      type="checkbox"
                      aria-label={`${label} in the app`}
                      checked={p.inApp}
                      onChange={(e) => void change(p.kind, 'inApp', e.target.checked)}
                      className="h-4 w-4 accent-brand-600"
                    />
                  </td>
                  <td className="px-2 py-2 text-center">
                    <input
                      type="checkbox"
                      aria-label={`${label} by email`}
                      checked={p.email}
                      onChange={(e) => void change(p.kind, 'email', e.target.checked)}
                      className="h-4 w-4 accent-brand-600"
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
