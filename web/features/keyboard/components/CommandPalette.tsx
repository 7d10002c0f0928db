import { useEffect, useState } from 'react';
import { Command } from 'cmdk';
import { useNavigate } from 'react-router-dom';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { useApolloClient } from '@apollo/client/react';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Dialog } from '../../../ui/Dialog';
import { BOARD_COLUMNS, columnTitle, type MoveTaskById, PLANNER_VIEWS } from '../../planner';
import { useUpdateTask } from '../../task';
import { useTaskTimer } from '../../time';
import { PaletteTasksQuery } from '../palette.graphql';

/** The task that had focus when the palette opened (its card), for the task actions. */
export interface PaletteTarget {
  id: string;
  title: string;
}

type PaletteTask = NonNullable<ResultOf<typeof PaletteTasksQuery>['tasks']['nodes'][number]>;

const SEARCH_DELAY_MS = 200;
/** The fallback item for any text: the task listing filtered by it. */
const LISTING = 'open task listing filtered';

const itemClass =
  'flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm text-slate-800 data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-800';
const groupClass =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-600';

/**
 * Ctrl/Cmd+K: find a task by title across every column and date (server search), go to any screen or
 * view, create a task, and act on the task whose card had focus (complete, assign to me, move, start or
 * stop its timer).
 * Arrow keys choose, Enter runs, Escape closes; cmdk gives the list its combobox semantics.
 */
export default function CommandPalette({
  target,
  moveTask,
  onClose,
  onShowShortcuts,
}: {
  target: PaletteTarget | null;
  /** The planner's move (useMoveTask: the task's version, an optimistic card, one move of a task after another). */
  moveTask: MoveTaskById;
  onClose(): void;
  onShowShortcuts(): void;
}) {
  const navigate = useNavigate();
  const { viewer } = useAuth();
  const { toast } = useToast();
  const [query, setQuery] = useState('');
  const client = useApolloClient();
  // The server's answer and the text it answers (a newer text makes it stale).
  const [found, setFound] = useState<{ text: string; tasks: PaletteTask[] } | null>(null);
  // The task form's save, as the details use it.
  const { updateTask } = useUpdateTask();
  const timer = useTaskTimer(target?.id ?? null);
  const timerLabel = timer.running ? 'stop timer' : 'start timer';
  const text = query.trim();

  useEffect(() => {
    if (text.length < 2) return;
    let current = true;
    const timer = setTimeout(() => {
      client
        .query({ query: PaletteTasksQuery, variables: { search: text }, fetchPolicy: 'network-only' })
        .then(({ data }) => current && setFound({ text, tasks: data?.tasks.nodes ?? [] }))
        .catch(() => current && setFound({ text, tasks: [] }));
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, client]);

  const run = (action: () => void | Promise<void>) => {
    onClose();
    void Promise.resolve()
      .then(action)
      .catch((e: unknown) =>
        toast({
          title: 'Error',
          description: errorMessage(e, 'Failed to update task'),
          variant: 'destructive',
        }),
      );
  };
  const go = (to: string) => run(() => navigate(to));
  const act = (change: () => Promise<unknown>) =>
    run(async () => {
      await change();
      toast({ title: 'Task updated successfully' });
    });

  // The listing fallback shows once the server has answered for what is typed, so it is never chosen
  // ahead of a task that is still on its way.
  const searched = text.length >= 2 && found?.text === text;
  const loading = text.length >= 2 && !searched;
  const tasks = searched ? found.tasks : [];
  // Our own filter (cmdk's would re-sort by its score): every word typed, in the label, in any order.
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const shows = (label: string) => words.every((w) => label.toLowerCase().includes(w));
  // The server's answer arrives after the typing: its first task becomes the chosen item, unless a
  // screen or an action matched what was typed (then that stays chosen).
  const [chosen, setChosen] = useState('');
  const firstTask = tasks[0]?.id;
  useEffect(() => {
    if (firstTask) setChosen((current) => (current === '' || current === LISTING ? `task ${firstTask}` : current));
  }, [firstTask]);
  const screens = [
    ...PLANNER_VIEWS.map((v) => ({ label: v.label, to: `/?view=${v.mode}` })),
    { label: 'Task Listing', to: '/task-listing' },
    { label: 'Projects', to: '/projects' },
    { label: 'Activity', to: '/activity' },
    ...(viewer && viewer.role !== 'member' ? [{ label: 'My Reportees', to: '/manager-dashboard' }] : []),
    ...(viewer?.role === 'admin' ? [{ label: 'Admin', to: '/admin' }] : []),
    { label: 'Settings', to: '/settings' },
    { label: 'Bookmarklet', to: '/bookmarklet' },
  ];

  const shownScreens = screens.filter((s) => shows(`go to ${s.label}`));

  return (
    <Dialog open onClose={onClose} title="Command palette" size="md">
      <Command label="Command palette" shouldFilter={false} value={chosen} onValueChange={setChosen} className="-mx-2">
        <Command.Input
          value={query}
          onValueChange={setQuery}
          autoFocus
          placeholder="Search tasks, screens and actions..."
          className="mx-2 mb-2 h-10 w-[calc(100%-1rem)] rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
        />
        <Command.List className="max-h-[min(24rem,60vh)] overflow-y-auto">
          <Command.Empty className="px-3 py-6 text-center text-sm text-slate-600">{loading ? 'Searching...' : 'No results found'}</Command.Empty>
          {target && ['complete', 'assign to me', timerLabel, ...BOARD_COLUMNS.map((c) => `move to ${columnTitle(c)}`)].some(shows) && (
            <Command.Group heading={`Task: ${target.title}`} className={groupClass}>
              {shows('complete') && (
                <Command.Item value="complete task" onSelect={() => act(() => moveTask(target.id, { column: 'COMPLETED' }))} className={itemClass}>
                  Complete
                </Command.Item>
              )}
              {viewer && shows('assign to me') && (
                <Command.Item
                  value="assign to me"
                  onSelect={() => run(() => updateTask(target.id, { assignedToId: viewer.id }).then(() => undefined))}
                  className={itemClass}
                >
                  Assign to me
                </Command.Item>
              )}
              {shows(timerLabel) && (
                <Command.Item value={timerLabel} onSelect={() => run(timer.toggle)} className={itemClass}>
                  {timer.running ? 'Stop timer' : 'Start timer'}
                </Command.Item>
              )}
              {BOARD_COLUMNS.filter((c) => c !== 'COMPLETED' && shows(`move to ${columnTitle(c)}`)).map((column) => (
                <Command.Item
                  key={column}
                  value={`move to ${columnTitle(column)}`}
                  onSelect={() => act(() => moveTask(target.id, { column }))}
                  className={itemClass}
                >
                  Move to {columnTitle(column)}
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {tasks.length > 0 && (
            <Command.Group heading="Tasks" className={groupClass}>
              {tasks.map((task) => (
                <Command.Item key={task.id} value={`task ${task.id}`} onSelect={() => go(`/?task=${task.id}`)} className={itemClass}>
                  <span className="min-w-0 truncate">{task.title}</span>
                  <span className="shrink-0 text-xs text-slate-600">{task.scheduledDate ? task.scheduledDate.slice(0, 10) : columnTitle(task.column)}</span>
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {shownScreens.length > 0 && (
            <Command.Group heading="Go to" className={groupClass}>
              {shownScreens.map((s) => (
                <Command.Item key={s.to} value={`go to ${s.label}`} onSelect={() => go(s.to)} className={itemClass}>
                  {s.label}
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {(searched || shows('new task create') || shows('keyboard shortcuts help')) && (
            <Command.Group heading="Actions" className={groupClass}>
              {shows('new task create') && (
                <Command.Item value="new task create" onSelect={() => go('/?new=1')} className={itemClass}>
                  New task
                  <kbd className="font-mono text-xs text-slate-600">n</kbd>
                </Command.Item>
              )}
              {searched && (
                <Command.Item value={LISTING} onSelect={() => go(`/task-listing?q=${encodeURIComponent(text)}`)} className={itemClass}>
                  Task listing matching "{text}"
                </Command.Item>
              )}
              {shows('keyboard shortcuts help') && (
                <Command.Item value="keyboard shortcuts help" onSelect={() => run(onShowShortcuts)} className={itemClass}>
                  Keyboard shortcuts
                  <kbd className="font-mono text-xs text-slate-600">?</kbd>
                </Command.Item>
              )}
            </Command.Group>
          )}
        </Command.List>
      </Command>
    </Dialog>
  );
}
