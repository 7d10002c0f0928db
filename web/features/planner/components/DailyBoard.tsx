import {
  DndContext,
  DragOverlay,
  pointerWithin,
  rectIntersection,
  useDroppable,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { taskAutoScroll, useTaskDragSensors } from '../hooks/useTaskDragSensors';
import { Suspense, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { twelveHourLabel } from '../../../../schema/domain/task-rules';
import type { TaskColumn } from '../../../gql/graphql';
import { Loading } from '../../../ui/States';
import { useDropTargetAtRelease } from '../hooks/useDropTargetAtRelease';
import { usePlannerActions } from '../hooks/usePlannerActions';
import { PAGED_STRIP_ATTRIBUTE, useStripPaging } from '../hooks/useStripPaging';
import { BOARD_COLUMNS, columnOnDay, columnTitle, matchesSearch, sortForColumn, todayKey, type PlannerTask } from '../planner-model';
import { LoadBoundary } from '../../../ui/LoadBoundary';
import { lazyWithPreload } from '../../../ui/lazy-preload';
import { BoardColumn, COLUMN_STYLE, columnDropId, SLOTS_SCROLLER_ID } from './BoardColumn';
import { DraggableTaskCard } from './DraggableTaskCard';
import { PendingActions } from './PendingActions';
import { TaskCard } from './TaskCard';

const FOCUS_KEY = 'lwf.planner.focus';
const TODAY_VIEW_KEY = 'lwf.planner.todayView';

const TimeSlots = lazyWithPreload(() => import('./TimeSlots'));

/**
 * Settles when what the board's first render needs is loaded: the time slots, when Today's Plan was
 * last shown as slots (PlannerPage waits for it, so the board never opens on a loading spinner).
 */
export const boardPartsReady: Promise<unknown> =
  stored(TODAY_VIEW_KEY, 'list', ['list', 'slots'] as const) === 'slots' ? TimeSlots.preload().catch(() => undefined) : Promise.resolve();

const isSlot = (id: UniqueIdentifier) => String(id).startsWith('slot:');
const isColumn = (id: UniqueIdentifier) => String(id).startsWith('column:');
const dropColumn = (id: UniqueIdentifier) => String(id).slice('column:'.length) as TaskColumn;
const dropTime = (id: UniqueIdentifier) => String(id).slice('slot:'.length);
const targetName = (id: UniqueIdentifier) => (isSlot(id) ? `the ${twelveHourLabel(dropTime(id))} time slot of Today's Plan` : columnTitle(dropColumn(id)));

const within = (x: number, y: number, r: DOMRect) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;

/**
 * What a drag is over as it moves (highlight, announcements, a keyboard drop): the target under the
 * pointer (mouse, touch) or the dragged card (keyboard). A time slot wins over its column, but only
 * while it is inside the visible part of the slot list. A mouse or touch drop is placed by the page
 * at the release itself (useDropTargetAtRelease), by the same rule.
 */
const collisionDetection: CollisionDetection = (args) => {
  const hits = args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);
  const scroller = document.getElementById(SLOTS_SCROLLER_ID)?.getBoundingClientRect();
  if (scroller) {
    const point = args.pointerCoordinates ?? { x: args.collisionRect.left + args.collisionRect.width / 2, y: args.collisionRect.top + 12 };
    if (within(point.x, point.y, scroller)) {
      const slot = hits.find((h) => isSlot(h.id));
      if (slot) return [slot];
    }
  }
  const column = hits.find((h) => isColumn(h.id));
  return column ? [column] : [];
};

/** Keyboard drag: Left and Right jump to the neighbouring column, Up and Down move by a quarter of a slot. */
const coordinateGetter: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (!collisionRect) return undefined;
  if (event.code === 'ArrowRight' || event.code === 'ArrowLeft') {
    event.preventDefault();
    const center = collisionRect.left + collisionRect.width / 2;
    const columns = droppableContainers
      .getEnabled()
      .filter((c) => isColumn(c.id))
      .map((c) => droppableRects.get(c.id))
      .filter((r): r is NonNullable<typeof r> => !!r)
      .sort((a, b) => a.left - b.left);
    const target =
      event.code === 'ArrowRight'
        ? columns.find((r) => r.left + r.width / 2 > center + 8)
        : [...columns].reverse().find((r) => r.left + r.width / 2 < center - 8);
    if (!target) return currentCoordinates;
    return { x: target.left + (target.width - collisionRect.width) / 2, y: target.top + 56 };
  }
  if (event.code === 'ArrowDown' || event.code === 'ArrowUp') {
    event.preventDefault();
    return { x: currentCoordinates.x, y: currentCoordinates.y + (event.code === 'ArrowDown' ? 20 : -20) };
  }
  return undefined;
};

function stored<T extends string>(key: string, fallback: T, allowed: readonly T[]): T {
  try {
    const value = localStorage.getItem(key) as T | null;
    return value && allowed.includes(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

/** A collapsed column in focus mode: an icon with its count; a drop target; a click leaves focus mode. */
function CollapsedColumn({ column, count, onOpen }: { column: TaskColumn; count: number; onOpen(): void }) {
  const { setNodeRef, isOver } = useDroppable({ id: columnDropId(column), data: { column } });
  const { icon: ColumnIcon, count: countStyle } = COLUMN_STYLE[column];
  return (
    <button
      ref={setNodeRef}
      data-drop-target={columnDropId(column)}
      type="button"
      onClick={onOpen}
      aria-label={`${columnTitle(column)} (${count}): exit focus mode`}
      title={columnTitle(column)}
      data-testid="collapsed-column"
      data-column={column}
      className={`relative flex h-12 w-12 shrink-0 items-center justify-center rounded-xl border bg-white text-slate-600 shadow-sm transition-colors hover:border-brand-500/50 hover:text-brand-700 ${
        isOver ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-500' : 'border-slate-200'
      }`}
    >
      <ColumnIcon width={20} height={20} />
      <span className={`absolute -top-1.5 -right-1.5 min-w-5 rounded-full px-1 text-[11px] leading-5 font-semibold tabular-nums ${countStyle}`}>{count}</span>
    </button>
  );
}

/**
 * The daily board of `day` (today unless another day is chosen): five columns placed by
 * the server's `column` on today's board and, on another day's, by the derived placement (docs/DECISIONS.md) relative to that
 * day computed here from each task's status and date (moves there are made relative to that day by
 * the planner's `move`). Drag and drop by mouse,
 * touch and keyboard (a drop on another column moves the task; on its own column nothing happens),
 * Today's Plan as a list or time slots, and focus mode. On narrow screens the columns sit side by side
 * in a swipeable strip (scroll snapping, with tabs to jump), so the page itself never scrolls sideways.
 */
export default function DailyBoard({
  tasks: allTasks,
  search,
  day,
  summary,
}: {
  tasks: PlannerTask[];
  search: string;
  day?: string;
  /** Shown above the columns (the day's planned and spent time); on a phone not over the time slots, which keep six slots in view. */
  summary?: ReactNode;
}) {
  const { move } = usePlannerActions();
  const dropTargetOf = useDropTargetAtRelease();
  const [focus, setFocus] = useState(() => stored(FOCUS_KEY, 'off', ['on', 'off'] as const) === 'on');
  const [todayView, setTodayView] = useState(() => stored(TODAY_VIEW_KEY, 'list', ['list', 'slots'] as const));
  const [activeId, setActiveId] = useState<string | null>(null);
  const [currentIndex, setCurrentIndex] = useState(0);
  const strip = useRef<HTMLDivElement>(null);
  const tabs = useRef<HTMLDivElement>(null);
  const columnRefs = useRef(new Map<TaskColumn, HTMLElement>());
  const actualToday = todayKey();
  const today = day ?? actualToday;
  // Another day's board: each card carries its column on that day (cards, menus and moves read it).
  const tasks = useMemo(
    () => (today === actualToday ? allTasks : allTasks.map((t) => ({ ...t, column: columnOnDay(t, today) }))),
    [allTasks, today, actualToday],
  );

  useEffect(() => localStorage.setItem(FOCUS_KEY, focus ? 'on' : 'off'), [focus]);
  useEffect(() => localStorage.setItem(TODAY_VIEW_KEY, todayView), [todayView]);
  // Keep the tab of the column on screen visible in the (scrollable) tab row.
  useEffect(() => {
    const list = tabs.current;
    const tab = list?.children[currentIndex] as HTMLElement | undefined;
    if (list && tab && list.scrollWidth > list.clientWidth) list.scrollTo({ left: tab.offsetLeft - list.offsetLeft - 8, behavior: 'smooth' });
  }, [currentIndex]);

  const columns = useMemo(() => {
    const visible = tasks.filter((t) => matchesSearch(t, search));
    return new Map(
      BOARD_COLUMNS.map((c) => [
        c,
        sortForColumn(
          c,
          visible.filter((t) => t.column === c),
        ),
      ]),
    );
  }, [tasks, search]);
  const ids = useMemo(() => new Map([...columns].map(([c, list]) => [c, list.map((t) => t.id)])), [columns]);
  const byId = useMemo(() => new Map(tasks.map((t) => [t.id, t])), [tasks]);
  const activeTask = activeId ? byId.get(activeId) : undefined;

  const sensors = useTaskDragSensors(coordinateGetter);
  const autoScroll = useMemo(() => taskAutoScroll(), []);
  useStripPaging(strip, activeId !== null);

  const titleOf = (id: UniqueIdentifier) => byId.get(String(id))?.title ?? 'Task';
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}. Use the Left and Right arrow keys to choose a column, then Space or Enter to drop it, or Escape to cancel.`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} is over ${targetName(over.id)}.` : `${titleOf(active.id)} is not over a column.`),
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} was dropped on ${targetName(over.id)}.` : `${titleOf(active.id)} was dropped back in place.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled. It stays where it was.`,
  };

  const onDragEnd = (event: DragEndEvent) => {
    setActiveId(null);
    const task = byId.get(String(event.active.id));
    const target = dropTargetOf(event);
    if (!task || !target) return;
    if (isSlot(target)) {
      const time = dropTime(target);
      if (task.column === 'TODAY' && task.scheduledTime === time) return;
      void move(task, { column: 'TODAY', scheduledTime: time });
    } else if (isColumn(target)) {
      const column = dropColumn(target);
      if (column === task.column) return; // a drop on its own column does nothing
      void move(task, { column });
    }
  };

  /**
   * `[` and `]` move focus to the previous or next column (its first card, else the column itself), from
   * anywhere on the board except a text field; the column scrolls into view on the phone strip.
   */
  const onBoardKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if ((e.key !== '[' && e.key !== ']') || e.ctrlKey || e.metaKey || e.altKey) return;
    if ((e.target as HTMLElement).closest('input, textarea, select, [contenteditable="true"]')) return;
    const sections = BOARD_COLUMNS.map((c) => columnRefs.current.get(c)).filter((el): el is HTMLElement => !!el);
    if (sections.length === 0) return;
    const current = sections.findIndex((el) => el.contains(document.activeElement));
    const next = current === -1 ? (e.key === ']' ? 0 : sections.length - 1) : Math.max(0, Math.min(sections.length - 1, current + (e.key === ']' ? 1 : -1)));
    e.preventDefault();
    const target = sections[next].querySelector<HTMLElement>('[data-testid="task-card"]') ?? sections[next];
    target.focus();
    const column = BOARD_COLUMNS.find((c) => columnRefs.current.get(c) === sections[next]);
    if (column) showColumn(column);
  };

  // Which column the phone strip shows (for the tabs).
  const onStripScroll = () => {
    const el = strip.current;
    if (!el || !el.firstElementChild) return;
    const width = (el.firstElementChild as HTMLElement).offsetWidth + 12;
    setCurrentIndex(Math.max(0, Math.min(BOARD_COLUMNS.length - 1, Math.round(el.scrollLeft / width))));
  };
  const showColumn = (column: TaskColumn) => {
    const el = columnRefs.current.get(column);
    const container = strip.current;
    if (el && container && container.scrollWidth > container.clientWidth)
      container.scrollTo({ left: el.offsetLeft - container.offsetLeft - 12, behavior: 'smooth' });
  };
  const leaveFocus = (column: TaskColumn) => {
    setFocus(false);
    requestAnimationFrame(() => showColumn(column));
  };

  /** A column's cards for BoardColumn (virtualized there): keys, the card at an index, the dragged one. */
  const cardsOf = (column: TaskColumn) => {
    const list = columns.get(column) ?? [];
    const listIds = ids.get(column) ?? [];
    return {
      cardKeys: listIds,
      activeIndex: activeId ? listIds.indexOf(activeId) : -1,
      renderCard: (index: number) => {
        const task = list[index];
        return (
          <DraggableTaskCard
            task={task}
            listIds={listIds}
            footer={column === 'PENDING_FROM_BEFORE' ? <PendingActions task={task} listIds={listIds} today={today} /> : undefined}
          />
        );
      },
    };
  };

  const todayTools = (
    <div role="group" aria-label="Today's Plan view" className="grid grid-cols-2 rounded-lg bg-slate-200/70 p-0.5 text-xs font-medium">
      {(
        [
          ['list', 'List View'],
          ['slots', 'Add Task'],
        ] as const
      ).map(([value, label]) => (
        <button
          key={value}
          type="button"
          aria-pressed={todayView === value}
          onClick={() => setTodayView(value)}
          className="h-8 rounded-md px-2 text-slate-600 hover:text-slate-900 aria-pressed:bg-white aria-pressed:text-brand-700 aria-pressed:shadow-sm sm:h-7"
        >
          {label}
        </button>
      ))}
    </div>
  );

  const todayColumn = (className: string) => {
    const count = columns.get('TODAY')?.length ?? 0;
    return (
      <BoardColumn
        key="TODAY"
        column="TODAY"
        count={count}
        tools={todayTools}
        customBody={todayView === 'slots'}
        {...(todayView === 'slots' ? {} : cardsOf('TODAY'))}
        className={className}
        ref={(el) => void (el ? columnRefs.current.set('TODAY', el) : columnRefs.current.delete('TODAY'))}
      >
        {todayView === 'slots' ? (
          <LoadBoundary>
            <Suspense fallback={<Loading />}>
              <TimeSlots key={today} tasks={columns.get('TODAY') ?? []} listIds={ids.get('TODAY') ?? []} today={today} isToday={today === actualToday} />
            </Suspense>
          </LoadBoundary>
        ) : null}
      </BoardColumn>
    );
  };

  return (
    <>
      {summary && <div className={todayView === 'slots' ? 'max-sm:hidden' : undefined}>{summary}</div>}
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        autoScroll={autoScroll}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move a task, press Space or Enter on its drag handle, use the Left and Right arrow keys to choose a column, and press Space or Enter to drop it; Escape cancels. The Move to... button next to each task does the same from a menu.',
          },
        }}
        onDragStart={({ active }: DragStartEvent) => setActiveId(String(active.id))}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActiveId(null)}
      >
        {/* [ and ] pressed on a card or a column inside the board move focus between columns; the board itself is no control. */}
        {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
        <div className="flex min-h-0 flex-1 flex-col gap-2 @container sm:gap-3" onKeyDown={onBoardKeyDown} data-testid="daily-board" aria-keyshortcuts="[ ]">
          <div className="flex items-center gap-2">
            {focus ? (
              <p className="min-w-0 flex-1 text-sm text-slate-500">Only Today&apos;s Plan. Tap an icon to show all columns.</p>
            ) : (
              <>
                <div ref={tabs} role="tablist" aria-label="Columns" className="-my-1 flex min-w-0 flex-1 gap-1 overflow-x-auto py-1 @4xl:hidden">
                  {BOARD_COLUMNS.map((c, i) => (
                    <button
                      key={c}
                      type="button"
                      role="tab"
                      aria-selected={currentIndex === i}
                      onClick={() => showColumn(c)}
                      className="flex h-8 shrink-0 items-center gap-1.5 rounded-full border border-slate-200 bg-white px-3 text-xs font-medium whitespace-nowrap text-slate-600 aria-selected:border-brand-600 aria-selected:bg-brand-600 aria-selected:text-white"
                    >
                      {columnTitle(c)}
                      <span className="tabular-nums">{columns.get(c)?.length ?? 0}</span>
                    </button>
                  ))}
                </div>
                <p className="hidden min-w-0 flex-1 text-sm text-slate-500 @4xl:block">
                  Drag cards between columns, drop them on a time slot, or use Move to... on a card.
                </p>
              </>
            )}
            <button
              type="button"
              role="switch"
              aria-checked={focus}
              onClick={() => setFocus((f) => !f)}
              className={`inline-flex h-8 shrink-0 items-center gap-2 rounded-full border px-3 sm:h-9 text-xs font-medium transition-colors sm:px-4 sm:text-sm ${
                focus ? 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
              }`}
            >
              <span aria-hidden="true" className={`h-2 w-2 rounded-full ${focus ? 'bg-white' : 'bg-slate-300'}`} />
              Focus Mode
            </button>
          </div>

          {focus ? (
            <div className="flex min-h-0 flex-1 flex-col gap-3 sm:flex-row">
              <nav aria-label="Other columns" className="flex shrink-0 gap-3 pt-1.5 pr-1.5 sm:flex-col">
                {BOARD_COLUMNS.filter((c) => c !== 'TODAY').map((c) => (
                  <CollapsedColumn key={c} column={c} count={columns.get(c)?.length ?? 0} onOpen={() => leaveFocus(c)} />
                ))}
              </nav>
              {todayColumn('min-h-0 flex-1')}
            </div>
          ) : (
            <div
              ref={strip}
              onScroll={onStripScroll}
              data-testid="board-strip"
              {...{ [PAGED_STRIP_ATTRIBUTE]: '' }}
              className="-mx-3 flex min-h-0 flex-1 snap-x snap-mandatory gap-3 overflow-x-auto overscroll-x-contain px-3 sm:-mx-6 sm:px-6 @4xl:mx-0 @4xl:grid @4xl:snap-none @4xl:grid-cols-5 @4xl:overflow-visible @4xl:px-0"
            >
              {BOARD_COLUMNS.map((c) =>
                c === 'TODAY' ? (
                  todayColumn('h-full w-[85%] max-w-sm shrink-0 snap-center @4xl:w-auto @4xl:max-w-none')
                ) : (
                  <BoardColumn
                    key={c}
                    column={c}
                    count={columns.get(c)?.length ?? 0}
                    className="h-full w-[85%] max-w-sm shrink-0 snap-center @4xl:w-auto @4xl:max-w-none"
                    ref={(el) => void (el ? columnRefs.current.set(c, el) : columnRefs.current.delete(c))}
                    {...cardsOf(c)}
                  />
                ),
              )}
            </div>
          )}
        </div>

        <DragOverlay dropAnimation={null}>{activeTask ? <TaskCard task={activeTask} listIds={[]} overlay /> : null}</DragOverlay>
      </DndContext>
    </>
  );
}
