/**
 * The screens of the scale benchmark: each screen's main call as the web client sends it (the
 * documents codegen builds from web/features/**\/*.graphql.ts, so they follow the client), for one
 * signed-in viewer, with a per-request timeout.
 */
import { print, visit, type DocumentNode } from 'graphql';
import {
  ActivityTimelineDocument,
  ListingTasksDocument,
  ManagerDashboardDocument,
  NotificationListDocument,
  PaletteTasksDocument,
  PlannerTasksDocument,
  PlannerTasksPageDocument,
  ProjectsPanelDocument,
  TaskDetailsDocument,
  UpdateTaskDocument,
} from '../../../web/gql/graphql.js';
import { Client } from '../../api/support/client.js';

export type Role = 'member' | 'manager' | 'admin';
export const VIEWERS: { role: Role; username: string }[] = [
  { role: 'member', username: 'user' },
  { role: 'manager', username: 'manager' },
  { role: 'admin', username: 'admin' },
];

/** A request that took longer than this is reported as a timeout. */
export const REQUEST_TIMEOUT_MS = 120_000;

export class Timeout extends Error {}

/** A signed-in viewer's requests, with the time zone header the web client sends. */
export class Viewer {
  private constructor(
    readonly role: Role,
    private readonly url: string,
    private readonly cookie: string,
    readonly userId: string,
  ) {}

  static async signIn(url: string, role: Role, username: string): Promise<Viewer> {
    const client = new Client(url);
    const me = await client.login(username);
    return new Viewer(role, url, client.cookieHeader(), (me.user ?? me).id as string);
  }

  /** The response's body text (read whole, as the client does); throws Timeout or an Error for a failed call. */
  async fetch(path: string, init: { method?: string; body?: unknown } = {}): Promise<string> {
    try {
      const res = await fetch(this.url + path, {
        method: init.method ?? 'GET',
        headers: { cookie: this.cookie, 'content-type': 'application/json', 'x-time-zone': 'Europe/Berlin', 'apollo-require-preflight': 'true' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
      return text;
    } catch (err) {
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) throw new Timeout('timeout');
      throw err;
    }
  }

  /** A GraphQL operation's data; throws on errors. */
  async gql<T = any>(document: DocumentNode | string, variables: Record<string, unknown> = {}): Promise<T> {
    const query = typeof document === 'string' ? document : print(document);
    const body = JSON.parse(await this.fetch('/graphql', { method: 'POST', body: { query, variables } })) as { data?: T; errors?: { message: string }[] };
    if (body.errors?.length)
      throw new Error(
        body.errors
          .map((e) => e.message)
          .join('; ')
          .slice(0, 200),
      );
    return body.data as T;
  }
}

/** The timeline's document without its per-day counts (the field the issue measures on its own). */
const ACTIVITY_WITHOUT_DAYS = visit(ActivityTimelineDocument, { Field: (node) => (node.name.value === 'days' ? null : undefined) });

interface PlannerPage {
  tasks: { totalCount: number; pageInfo?: { hasNextPage: boolean; endCursor?: string | null }; nodes: { id: string }[] };
}

/** What a screen's run reports beside its time (pages read, bytes). */
export type Note = string | void;

export interface Screen {
  name: string;
  /** Who sees it (all by default). */
  roles?: Role[];
  /** Slow screens (every page of the board) run fewer times: until their runs have taken this long. */
  budgetMs?: number;
  run(viewer: Viewer, state: ViewerState): Promise<Note>;
}

/** What the screens learn about a viewer once (a task of theirs to open and change). */
export interface ViewerState {
  taskId: string;
  writes: number;
}

/** How long one read of every page may go on (BENCH_PAGES_MAX_S, 300 s): past it the read stops and says how far it got. */
const PAGES_MAX_MS = Math.max(10, Number(process.env.BENCH_PAGES_MAX_S ?? 300)) * 1000;

/** The planner's first read of `scope` and then every page of 500 after it, as usePlannerTasks reads them. */
async function everyPlannerPage(viewer: Viewer, scope: 'team' | 'everyone'): Promise<Note> {
  const started = performance.now();
  const first = await viewer.gql<PlannerPage>(PlannerTasksDocument, { scope });
  const known = new Set(first.tasks.nodes.map((t) => t.id));
  let pages = 1;
  let last = 0;
  // Each page follows the end cursor of the one before, starting at the first read's (as usePlannerTasks).
  let cursor: string | null | undefined = first.tasks.pageInfo?.endCursor;
  if (first.tasks.totalCount <= known.size || !cursor) return `1 page, ${known.size} tasks`;
  for (let guard = 0; guard < 5_000; guard++) {
    const t0 = performance.now();
    const page: PlannerPage = await viewer.gql<PlannerPage>(PlannerTasksPageDocument, { scope, after: cursor });
    last = performance.now() - t0;
    pages++;
    for (const t of page.tasks.nodes) known.add(t.id);
    if (!page.tasks.pageInfo?.hasNextPage || page.tasks.nodes.length === 0) break;
    if (performance.now() - started > PAGES_MAX_MS)
      return `stopped after ${pages} pages (${known.size} of ${page.tasks.totalCount} tasks), last page ${Math.round(last)} ms`;
    cursor = page.tasks.pageInfo.endCursor;
  }
  return `${pages} pages, ${known.size} tasks, last page ${Math.round(last)} ms`;
}

/** The planner's default scope: the viewer's team (a member's own tasks). */
const TEAM = { scope: 'team' };

export const SCREENS: Screen[] = [
  { name: 'manager dashboard', roles: ['manager', 'admin'], run: async (v) => void (await v.gql(ManagerDashboardDocument, { days: 30 })) },
  { name: 'planner first read (100)', run: async (v) => void (await v.gql(PlannerTasksDocument, TEAM)) },
  {
    name: 'planner page of 500',
    run: async (v) => {
      const first = await v.gql<PlannerPage>(PlannerTasksDocument, TEAM);
      if (first.tasks.totalCount > first.tasks.nodes.length) await v.gql(PlannerTasksPageDocument, { ...TEAM, after: first.tasks.pageInfo?.endCursor });
    },
  },
  { name: 'planner every page (team)', budgetMs: 60_000, run: (v) => everyPlannerPage(v, 'team') },
  { name: 'planner every page (everyone)', roles: ['manager', 'admin'], budgetMs: 60_000, run: (v) => everyPlannerPage(v, 'everyone') },
  { name: 'activity first page + days', run: async (v) => void (await v.gql(ActivityTimelineDocument, { first: 50 })) },
  { name: 'activity first page, no days', run: async (v) => void (await v.gql(ACTIVITY_WITHOUT_DAYS, { first: 50 })) },
  { name: 'REST GET /api/tasks', run: async (v) => `${((await v.fetch('/api/tasks')).length / 1048576).toFixed(1)} MB` },
  { name: 'listing first page', run: async (v) => void (await v.gql(ListingTasksDocument, { first: 50, sortBy: 'updatedAt', sortOrder: 'desc' })) },
  {
    name: 'listing search "invoice"',
    run: async (v) => void (await v.gql(ListingTasksDocument, { first: 50, sortBy: 'updatedAt', sortOrder: 'desc', filter: { search: 'invoice' } })),
  },
  { name: 'palette search "invoice"', run: async (v) => void (await v.gql(PaletteTasksDocument, { search: 'invoice' })) },
  { name: 'projects panel', run: async (v) => void (await v.gql(ProjectsPanelDocument)) },
  { name: 'task details', run: async (v, s) => void (await v.gql(TaskDetailsDocument, { id: s.taskId })) },
  { name: 'notifications', run: async (v) => void (await v.gql(NotificationListDocument, { first: 30 })) },
  {
    name: 'write (update a task)',
    run: async (v, s) => void (await v.gql(UpdateTaskDocument, { id: s.taskId, input: { description: `Bench write ${++s.writes}` } })),
  },
];

/** A task the viewer owns (their newest), for the details and write screens. */
export async function viewerState(viewer: Viewer): Promise<ViewerState> {
  const data = await viewer.gql<{ tasks: { nodes: { id: string }[] } }>(ListingTasksDocument, {
    first: 1,
    sortBy: 'createdAt',
    sortOrder: 'desc',
    filter: { assignedToId: viewer.userId },
  });
  const taskId = data.tasks.nodes[0]?.id;
  if (!taskId) throw new Error(`${viewer.role} has no task to open`);
  return { taskId, writes: 0 };
}
