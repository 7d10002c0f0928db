import {
  DndContext,
  DragOverlay,
  pointerWithin,
  rectIntersection,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { format } from 'date-fns/format';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useViewer } from '../../../lib/auth';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/icons';
import { LoadBoundary } from '../../../ui/LoadBoundary';
import { fromDayKey } from '../../../lib/dates';
import {
  matchesSearch,
  type PlannerActions,
  PlannerActionsContext,
  type PlannerTask,
  taskAutoScroll,
  taskDay,
  useDropTargetAtRelease,
  usePlannerActions,
  useTaskDragSensors,
} from '../../planner';
import { dropDay, isDayDrop, isUnscheduled, PANEL_DROP_ID, tasksByDay } from '../calendar-model';
import { useCalendarRange, type CalendarMode } from '../hooks/useCalendarRange';
import { useMediaQuery, WIDE_CALENDAR } from '../hooks/useMediaQuery';
import { usePanelWidth } from '../hooks/usePanelWidth';
import { CalendarCard } from './CalendarCard';
import { DayColumn } from './DayColumn';
import { CompactMonth, MonthGrid } from './MonthView';
import { PanelSplitter } from './PanelSplitter';
import { UnscheduledPanel } from './UnscheduledPanel';

const DayListDialog = lazy(() => import('./DayListDialog'));
const MoveToDateDialog = lazy(() => import('../../planner/components/MoveToDateDialog'));

const dayName = (day: string) => format(fromDayKey(day), 'EEEE, MMMM d');
const targetName = (id: UniqueIdentifier) =>
  String(id) === PANEL_DROP_ID ? 'Unscheduled Tasks' : isDayDrop(String(id)) ? dayName(dropDay(String(id))) : 'nothing';

/** What a drag is over: the day (or the panel) under the pointer; the dragged card's area for the keyboard. */
const collisionDetection: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args)).slice(0, 1);

/** Keyboard drag: the arrow keys jump to the nearest drop target in that direction (days, the panel). */
const coordinateGetter: KeyboardCoordinateGetter = (event, { context }) => {
  const { collisionRect, droppableRects, droppableContainers } = context;
  const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[event.code];
  if (!collisionRect || !dir) return undefined;
  event.preventDefault();
  const cx = collisionRect.left + collisionRect.width / 2;
  const cy = collisionRect.top + collisionRect.height / 2;
  let best: { x: number; y: number; score: number } | null = null;
  for (const container of droppableContainers.getEnabled()) {
    const r = droppableRects.get(container.id);
    if (!r) continue;
    const tx = r.left + r.width / 2;
    const ty = r.top + Math.min(r.height / 2, 40);
    const along = (tx - cx) * dir[0] + (ty - cy) * dir[1];
    if (along <= 8) continue;
    const across = Math.abs((tx - cx) * dir[1]) + Math.abs((ty - cy) * dir[0]);
    const score = along + across * 2;
    if (!best || score < best.score) best = { x: tx - collisionRect.width / 2, y: ty - collisionRect.height / 2, score };
  }
  return best ? { x: best.x, y: best.y } : undefined;
};

/**
 * The weekly and monthly calendars: the resizable Unscheduled Tasks panel beside a
 * Monday-to-Sunday week or month. Built from the planner's one task list (so board live updates show
 * here too); every drop is the planner's one move (audited, pushed live): panel -> day schedules,
 * day -> day reschedules (a timed task keeps its time), day -> panel unschedules. Below 1024 px the
 * week is a list of days and the month a compact grid, with the panel behind a toggle.
 */
export default function CalendarView({ mode, tasks, search }: { mode: CalendarMode; tasks: PlannerTask[]; search: string }) {
  const viewer = useViewer();
  const parent = usePlannerActions();
  const wide = useMediaQuery(WIDE_CALENDAR);
  const range = useCalendarRange(mode);
  const [panelWidth, setPanelWidth] = usePanelWidth(viewer.id);
  const [panelOpen, setPanelOpen] = useState(false);
  const [dayList, setDayList] = useState<string | null>(null);
  const [moving, setMoving] = useState<PlannerTask | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const layout = useRef<HTMLDivElement>(null);
  const dropTargetOf = useDropTargetAtRelease();

  // A card in a day's full list opens its details or the date dialog in place of that list.
  const actions = useMemo<PlannerActions>(
    () => ({
      ...parent,
      openDetails: (id, ids) => {
        setDayList(null);
        parent.openDetails(id, ids);
      },
      openMoveToDate: (task) => {
        setDayList(null);
        setMoving(task);
      },
    }),
    [parent],
  );
  const unscheduled = useMemo(() => tasks.filter(isUnscheduled), [tasks]);
  const first = range.days[0];
  const last = range.days[range.days.length - 1];
  const byDay = useMemo(
    () =>
      tasksByDay(
        tasks.filter((t) => matchesSearch(t, search)),
        first,
        last,
      ),
    [tasks, search, first, last],
  );
  const byId = useMemo(() => new Map(tasks.map((t) => [t.id, t])), [tasks]);
  const activeTask = activeId ? byId.get(activeId) : undefined;
  const inRange = [...byDay.values()].reduce((n, list) => n + list.length, 0);

  const sensors = useTaskDragSensors(coordinateGetter);
  const autoScroll = useMemo(() => taskAutoScroll(), []);

  const titleOf = (id: UniqueIdentifier) => byId.get(String(id))?.title ?? 'Task';
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}. Use the arrow keys to choose a day or the Unscheduled Tasks panel, then Space or Enter to drop it, or Escape to cancel.`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} is over ${targetName(over.id)}.` : `${titleOf(active.id)} is not over a day.`),
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} was dropped on ${targetName(over.id)}.` : `${titleOf(active.id)} was dropped back in place.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled. It stays where it was.`,
  };

  const onDragEnd = (event: DragEndEvent) => {
    setActiveId(null);
    const task = byId.get(String(event.active.id));
    const target = dropTargetOf(event);
    if (!task || !target) return;
    const id = String(target);
    if (id === PANEL_DROP_ID) {
      if (task.scheduledDate) void actions.move(task, { column: 'UNSCHEDULED' });
    } else if (isDayDrop(id)) {
      const day = dropDay(id);
      if (task.scheduledDate && taskDay(task.scheduledDate) === day) return;
      void actions.move(task, { column: 'PENDING', scheduledDate: day });
    }
  };

  const toolbar = (
    <div className="flex flex-wrap items-center gap-2">
      <div className="flex items-center gap-1">
        <Button variant="outline" size="icon" onClick={range.previous} aria-label={mode === 'weekly' ? 'Previous week' : 'Previous month'}>
          <Icon.ChevronLeft width={18} height={18} />
        </Button>
        <Button variant="outline" size="sm" className="h-9" onClick={range.goToday}>
          Today
        </Button>
        <Button variant="outline" size="icon" onClick={range.next} aria-label={mode === 'weekly' ? 'Next week' : 'Next month'}>
          <Icon.ChevronRight width={18} height={18} />
        </Button>
      </div>
      <h2 className="min-w-0 text-base font-semibold text-slate-900 sm:text-lg" data-testid="calendar-title" aria-live="polite">
        {range.title}
      </h2>
      <span className="ml-auto text-xs text-slate-500 tabular-nums" data-testid="calendar-total">
        {inRange} scheduled
      </span>
    </div>
  );

  const days =
    mode === 'weekly' ? (
      <div data-testid="week-days" className={wide ? 'grid min-h-[28rem] flex-1 grid-cols-7 gap-1.5' : 'flex flex-col gap-2'}>
        {range.days.map((day) => (
          <DayColumn key={day} day={day} today={range.today} tasks={byDay.get(day) ?? []} layout={wide ? 'column' : 'row'} onShowAll={setDayList} />
        ))}
      </div>
    ) : wide ? (
      <MonthGrid days={range.days} month={range.anchor} today={range.today} byDay={byDay} onShowDay={setDayList} />
    ) : (
      <CompactMonth days={range.days} month={range.anchor} today={range.today} byDay={byDay} selected={range.anchor} onSelect={range.setAnchor} />
    );

  return (
    <PlannerActionsContext.Provider value={actions}>
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        autoScroll={autoScroll}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              "To move a task, press Space or Enter on its drag handle, use the arrow keys to choose a day or the Unscheduled Tasks panel, and press Space or Enter to drop it; Escape cancels. The card menu's Move to date... does the same with a date field.",
          },
        }}
        onDragStart={({ active }) => setActiveId(String(active.id))}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActiveId(null)}
      >
        <div className="flex min-w-0 flex-1 flex-col gap-3" data-testid={`calendar-${mode}`}>
          {toolbar}
          {wide ? (
            <div ref={layout} className="flex min-h-0 min-w-0 flex-1 items-stretch">
              <div style={{ width: `${panelWidth}%` }} className="flex max-h-[calc(100vh-12rem)] min-h-[28rem] shrink-0 flex-col">
                <UnscheduledPanel tasks={unscheduled} className="flex-1" />
              </div>
              <PanelSplitter width={panelWidth} onChange={setPanelWidth} containerRef={layout} />
              <div className="flex min-w-0 flex-1 flex-col">{days}</div>
            </div>
          ) : (
            <div className="flex min-w-0 flex-col gap-3">
              <Button
                variant="outline"
                className="justify-between"
                aria-expanded={panelOpen}
                aria-controls="calendar-unscheduled-panel"
                onClick={() => setPanelOpen((o) => !o)}
              >
                <span className="inline-flex items-center gap-2">
                  <Icon.Inbox width={16} height={16} />
                  {panelOpen ? 'Hide Unscheduled Tasks' : 'Show Unscheduled Tasks'}
                </span>
                <span className="rounded-full bg-slate-200 px-2 text-xs font-semibold tabular-nums">{unscheduled.length}</span>
              </Button>
              {panelOpen && <UnscheduledPanel tasks={unscheduled} className="max-h-[50vh]" />}
              {days}
            </div>
          )}
        </div>

        <DragOverlay dropAnimation={null}>
          {activeTask ? (
            <div className="w-48 rotate-1 rounded-md shadow-xl ring-2 ring-brand-500">
              <CalendarCard task={activeTask} listIds={[]} draggable={false} dense />
            </div>
          ) : null}
        </DragOverlay>

        <LoadBoundary compact>
          <Suspense fallback={null}>
            {dayList && <DayListDialog day={dayList} tasks={byDay.get(dayList) ?? []} onClose={() => setDayList(null)} />}
            {moving && <MoveToDateDialog task={moving} onClose={() => setMoving(null)} />}
          </Suspense>
        </LoadBoundary>
      </DndContext>
    </PlannerActionsContext.Provider>
  );
}
