import { useState } from 'react';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/States';
import type { AdminUser_UserFragment } from '../../../gql/graphql';
import { displayName, useViewer } from '../../../lib/auth';
import { roleLabel } from '../admin-labels';
import { useUserMutations } from '../hooks/useUserMutations';
import { UserDialog } from './UserDialog';

const ROLE_TONES: Record<string, BadgeTone> = { admin: 'red', manager: 'violet', function_head: 'amber', member: 'slate' };

/** The admin tab User Management: Active and Inactive groups; add, edit, deactivate/reactivate, delete (browser confirmation). */
export function UsersTab({ users }: { users: readonly AdminUser_UserFragment[] }) {
  const viewer = useViewer();
  const { createUser, updateUser, setActive, deleteUser } = useUserMutations();
  const [editing, setEditing] = useState<AdminUser_UserFragment | 'new' | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const byId = new Map(users.map((u) => [u.id, u]));
  const sorted = [...users].sort((a, b) => a.username.localeCompare(b.username));
  const groups = [
    { key: 'active', title: 'Active Users', list: sorted.filter((u) => u.isActive), empty: 'No active users' },
    { key: 'inactive', title: 'Inactive Users', list: sorted.filter((u) => !u.isActive), empty: 'No inactive users' },
  ];

  const act = async (id: string, action: () => Promise<boolean>) => {
    setBusy(id);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };
  const remove = (u: AdminUser_UserFragment) => {
    // Deleting a user asks a browser confirmation.
    if (!window.confirm(`Are you sure you want to delete ${displayName(u)} (${u.username})? Their tasks are kept without an assignee.`)) return;
    void act(u.id, () => deleteUser(u.id));
  };

  return (
    <section aria-labelledby="users-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="users-heading" className="text-lg font-semibold text-slate-900">
            User Management
          </h2>
          <p className="text-sm text-slate-500">Add teammates, set their role and reporting manager.</p>
        </div>
        <Button onClick={() => setEditing('new')}>+ Add User</Button>
      </div>

      {groups.map((g) => (
        <section key={g.key} aria-labelledby={`users-${g.key}`} data-testid={`users-${g.key}`} className="flex flex-col gap-2">
          <h3 id={`users-${g.key}`} className="flex items-center gap-2 text-sm font-semibold text-slate-700">
            {g.title} <Badge>{g.list.length}</Badge>
          </h3>
          {g.list.length === 0 ? (
            <EmptyState title={g.empty} />
          ) : (
            <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
              <div
                aria-hidden="true"
                className="hidden grid-cols-[1.4fr_1.6fr_0.8fr_1.2fr_auto] gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold text-slate-500 uppercase md:grid"
              >
                <span>Name</span>
                <span>Email</span>
                <span>Role</span>
                <span>Reporting manager</span>
                <span className="w-64 text-right">Actions</span>
              </div>
              <ul className="divide-y divide-slate-100">
                {g.list.map((u) => {
                  const manager = u.managerId ? byId.get(u.managerId) : undefined;
                  const self = u.id === viewer.id;
                  return (
                    <li
                      key={u.id}
                      data-testid="user-row"
                      aria-label={u.username}
                      className="grid grid-cols-1 gap-2 px-4 py-3 text-sm md:grid-cols-[1.4fr_1.6fr_0.8fr_1.2fr_auto] md:items-center md:gap-3"
                    >
                      <div className="min-w-0">
                        <p className="truncate font-medium text-slate-900">{displayName(u)}</p>
                        <p className="truncate text-xs text-slate-500">@{u.username}</p>
                      </div>
                      <p className="min-w-0 truncate text-slate-700">
                        <span className="text-xs text-slate-500 md:hidden">Email: </span>
                        {u.email}
                      </p>
                      <div>
                        <Badge tone={ROLE_TONES[u.role] ?? 'slate'}>{roleLabel(u.role)}</Badge>
                      </div>
                      <p className="min-w-0 truncate text-slate-700">
                        <span className="text-xs text-slate-500 md:hidden">Reports to: </span>
                        {manager ? displayName(manager) : u.managerId ? 'Unknown User' : '—'}
                      </p>
                      <div className="flex flex-wrap gap-1 md:w-64 md:justify-end">
                        <Button size="sm" variant="outline" onClick={() => setEditing(u)} aria-label={`Edit ${u.username}`}>
                          Edit
                        </Button>
                        {!self && (
                          <Button
                            size="sm"
                            variant="ghost"
                            disabled={busy === u.id}
                            onClick={() => void act(u.id, () => setActive(u.id, !u.isActive))}
                            aria-label={`${u.isActive ? 'Deactivate' : 'Reactivate'} ${u.username}`}
                          >
                            {u.isActive ? 'Deactivate' : 'Reactivate'}
                          </Button>
                        )}
                        {!self && (
                          <Button
                            size="sm"
                            variant="ghost"
                            className="text-red-700 hover:bg-red-50"
                            disabled={busy === u.id}
                            onClick={() => remove(u)}
                            aria-label={`Delete ${u.username}`}
                          >
                            Delete
                          </Button>
                        )}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </section>
      ))}

      {editing && (
        <UserDialog
          user={editing === 'new' ? null : editing}
          users={users}
          onClose={() => setEditing(null)}
          onSubmit={(input) => (editing === 'new' ? createUser(input) : updateUser(editing.id, input))}
        />
      )}
    </section>
  );
}
