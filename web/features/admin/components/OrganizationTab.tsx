import { useState } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useQuery } from '@apollo/client/react';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { EmptyState, Loading } from '../../../ui/States';
import type { AdminUser_UserFragment, OrgFunction_FunctionFragment, OrgTeam_TeamFragment } from '../../../gql/graphql';
import { displayName } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { inputClass } from '../../../ui/FormControls';
import { OrganizationQuery } from '../admin.graphql';
import { roleLabel } from '../admin-labels';
import { useOrgMutations } from '../hooks/useOrgMutations';
import { FunctionDialog, TeamDialog } from './OrgDialogs';

const SUB_TABS = ['Functions', 'Teams', 'Users'] as const;
const subTabClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 focus:outline-none data-focus:ring-2 data-focus:ring-brand-500 data-selected:bg-brand-600 data-selected:text-white';

function ColorDot({ color }: { color: string }) {
  return <span aria-hidden="true" className="inline-block h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: color }} />;
}

function FunctionsPanel({
  functions,
  teams,
  users,
}: {
  functions: readonly OrgFunction_FunctionFragment[];
  teams: readonly OrgTeam_TeamFragment[];
  users: readonly AdminUser_UserFragment[];
}) {
  const { createFunction, updateFunction } = useOrgMutations();
  const [editing, setEditing] = useState<OrgFunction_FunctionFragment | 'new' | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-end">
        <Button onClick={() => setEditing('new')}>+ Add Function</Button>
      </div>
      {functions.length === 0 ? (
        <EmptyState title="No functions yet">Functions group teams, e.g. Engineering or Operations.</EmptyState>
      ) : (
        <ul aria-label="Functions" className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
          {functions.map((f) => (
            <li
              key={f.id}
              aria-label={f.name}
              data-testid="function-card"
              className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4"
            >
              <div className="flex items-start justify-between gap-2">
                <h4 className="flex min-w-0 items-center gap-2 font-semibold break-words text-slate-900">
                  <ColorDot color={f.color} />
                  {f.name}
                </h4>
                {f.isActive ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}
              </div>
              {f.description && <p className="text-sm break-words text-slate-600">{f.description}</p>}
              <p className="text-xs text-slate-500">
                Head: {f.head?.name ?? 'None'} · Teams: {teams.filter((t) => t.functionId === f.id).length}
              </p>
              <div>
                <Button size="sm" variant="outline" onClick={() => setEditing(f)} aria-label={`Edit function ${f.name}`}>
                  Edit
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <FunctionDialog
          fn={editing === 'new' ? null : editing}
          users={users}
          onClose={() => setEditing(null)}
          onSubmit={(input) => (editing === 'new' ? createFunction(input) : updateFunction(editing.id, input))}
        />
      )}
    </div>
  );
}

function TeamMembers({ team, users }: { team: OrgTeam_TeamFragment; users: readonly AdminUser_UserFragment[] }) {
  const { addMember, removeMember } = useOrgMutations();
  const [userId, setUserId] = useState('');
  const [busy, setBusy] = useState(false);
  const memberIds = new Set(team.members.map((m) => m.userId));
  const candidates = users.filter((u) => u.isActive && !memberIds.has(u.id)).sort((a, b) => displayName(a).localeCompare(displayName(b)));
  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    try {
      return await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs font-semibold text-slate-500 uppercase">Members ({team.members.length})</p>
      {team.members.length === 0 ? (
        <p className="text-sm text-slate-500">No members yet</p>
      ) : (
        <ul aria-label={`Members of ${team.name}`} className="flex flex-wrap gap-1.5">
          {team.members.map((m) => (
            <li key={m.id} className="flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-xs text-slate-700">
              {m.user?.name ?? 'Unknown User'}
              <button
                type="button"
                disabled={busy}
                onClick={() => void run(() => removeMember(m.id))}
                aria-label={`Remove ${m.user?.username ?? 'member'} from ${team.name}`}
                className="rounded-full px-1.5 text-slate-500 hover:bg-slate-200 hover:text-red-700"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!userId) return;
          void run(() => addMember(team.id, userId)).then((ok) => ok && setUserId(''));
        }}
      >
        <select aria-label={`Add a member to ${team.name}`} value={userId} onChange={(e) => setUserId(e.target.value)} className={`${inputClass} h-8 py-0`}>
          <option value="">Choose a person</option>
          {candidates.map((u) => (
            <option key={u.id} value={u.id}>
              {displayName(u)} (@{u.username})
            </option>
          ))}
        </select>
        <Button type="submit" size="sm" variant="outline" disabled={!userId || busy}>
          Add
        </Button>
      </form>
    </div>
  );
}

function TeamsPanel({
  functions,
  teams,
  users,
}: {
  functions: readonly OrgFunction_FunctionFragment[];
  teams: readonly OrgTeam_TeamFragment[];
  users: readonly AdminUser_UserFragment[];
}) {
  const { createTeam, updateTeam } = useOrgMutations();
  const [editing, setEditing] = useState<OrgTeam_TeamFragment | 'new' | null>(null);
  const fnName = new Map(functions.map((f) => [f.id, f.name]));
  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-end">
        <Button onClick={() => setEditing('new')}>+ Add Team</Button>
      </div>
      {teams.length === 0 ? (
        <EmptyState title="No teams yet">
          {functions.length === 0 ? 'Add a function first: every team belongs to one.' : 'Add a team to a function.'}
        </EmptyState>
      ) : (
        <ul aria-label="Teams" className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
          {teams.map((t) => (
            <li key={t.id} aria-label={t.name} data-testid="team-card" className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex items-start justify-between gap-2">
                <h4 className="flex min-w-0 items-center gap-2 font-semibold break-words text-slate-900">
                  <ColorDot color={t.color} />
                  {t.name}
                </h4>
                {t.isActive ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}
              </div>
              <p className="text-xs text-slate-500">
                Function: {fnName.get(t.functionId) ?? 'Unknown'} · Manager: {t.manager?.name ?? 'None'}
              </p>
              {t.description && <p className="text-sm break-words text-slate-600">{t.description}</p>}
              {t.skillCategories.length > 0 && (
                <ul aria-label="Skill categories" className="flex flex-wrap gap-1">
                  {t.skillCategories.map((s) => (
                    <li key={s}>
                      <Badge tone="blue">{s}</Badge>
                    </li>
                  ))}
                </ul>
              )}
              <TeamMembers team={t} users={users} />
              <div>
                <Button size="sm" variant="outline" onClick={() => setEditing(t)} aria-label={`Edit team ${t.name}`}>
                  Edit
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <TeamDialog
          team={editing === 'new' ? null : editing}
          functions={functions}
          users={users}
          onClose={() => setEditing(null)}
          onSubmit={(input) => (editing === 'new' ? createTeam(input) : updateTeam(editing.id, input))}
        />
      )}
    </div>
  );
}

/** Who reports to whom: people without a (known) manager at the top, their reportees nested below. */
export function ReportingTree({ users }: { users: readonly AdminUser_UserFragment[] }) {
  const ids = new Set(users.map((u) => u.id));
  const children = new Map<string | null, AdminUser_UserFragment[]>();
  for (const u of [...users].sort((a, b) => displayName(a).localeCompare(displayName(b)))) {
    const parent = u.managerId && ids.has(u.managerId) && u.managerId !== u.id ? u.managerId : null;
    children.set(parent, [...(children.get(parent) ?? []), u]);
  }
  const seen = new Set<string>();
  const branch = (parent: string | null, depth: number) => {
    const list = (children.get(parent) ?? []).filter((u) => !seen.has(u.id));
    if (list.length === 0) return null;
    list.forEach((u) => seen.add(u.id));
    return (
      <ul
        aria-label={depth === 0 ? 'Reporting lines' : `Reports of ${displayName(users.find((u) => u.id === parent))}`}
        className={depth === 0 ? 'flex flex-col gap-1' : 'mt-1 ml-3 flex flex-col gap-1 border-l border-slate-200 pl-3 sm:ml-5 sm:pl-4'}
      >
        {list.map((u) => {
          const sub = branch(u.id, depth + 1);
          return (
            <li key={u.id} aria-label={displayName(u)} data-testid="tree-person" className="min-w-0">
              <div className="flex min-w-0 flex-wrap items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50">
                <span className="min-w-0 truncate font-medium text-slate-900">{displayName(u)}</span>
                <span className="text-xs text-slate-500">@{u.username}</span>
                <Badge>{roleLabel(u.role)}</Badge>
                {!u.isActive && <Badge tone="amber">Inactive</Badge>}
              </div>
              {sub}
            </li>
          );
        })}
      </ul>
    );
  };
  if (users.length === 0) return <EmptyState title="No users yet" />;
  return <div className="rounded-lg border border-slate-200 bg-white p-3">{branch(null, 0)}</div>;
}

/** The admin tab Organization Structure: sub-tabs Functions, Teams and Users (reporting tree). */
export function OrganizationTab() {
  const { data, loading, error, refetch } = useQuery(OrganizationQuery);
  let body;
  if (loading && !data) body = <Loading label="Loading organization..." />;
  else if (!data)
    body = (
      <EmptyState
        title="The organization could not be loaded"
        action={
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(error, 'Failed to load the organization')}
      </EmptyState>
    );
  else
    body = (
      <TabGroup className="flex flex-col gap-3">
        <TabList aria-label="Organization sections" className="flex flex-wrap gap-1 self-start rounded-lg bg-white p-1 ring-1 ring-slate-200">
          {SUB_TABS.map((t) => (
            <Tab key={t} className={subTabClass}>
              {t}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          <TabPanel>
            <FunctionsPanel functions={data.functions} teams={data.teams} users={data.users} />
          </TabPanel>
          <TabPanel>
            <TeamsPanel functions={data.functions} teams={data.teams} users={data.users} />
          </TabPanel>
          <TabPanel>
            <ReportingTree users={data.users} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    );
  return (
    <section aria-labelledby="org-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="org-heading" className="text-lg font-semibold text-slate-900">
          Organization Structure
        </h2>
        <p className="text-sm text-slate-500">Functions, their teams and members, and who reports to whom.</p>
      </div>
      {body}
    </section>
  );
}
