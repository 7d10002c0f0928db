import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { TaskColumn } from '../../../gql/graphql';
import { usePlannerActions } from '../hooks/usePlannerActions';
import { BOARD_COLUMNS, columnTitle, type PlannerTask } from '../planner-model';
import { useTaskTimer } from '../../time';

const MENU_WIDTH = 208;
const stop = (e: { stopPropagation(): void }) => e.stopPropagation();
/** Keeps presses on controls inside a card from starting a drag of the card (React events bubble through portals). */
export const stopDrag = { onMouseDown: stop, onTouchStart: stop, onPointerDown: stop };

/**
 * 'Move to...': the keyboard and touch alternative to dragging a card, and the card's timer (Start or
 * Stop timer). A small menu (arrow keys, Escape, outside tap) drawn in a portal with fixed position, so
 * scrolling columns never clip it.
 */
export function MoveToMenu({ task, compact }: { task: PlannerTask; compact?: boolean }) {
  const { move, openMoveToDate } = usePlannerActions();
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();
  const targets = BOARD_COLUMNS.filter((c) => c !== task.column);
  const isOpen = position !== null;

  const place = () => {
    const rect = button.current!.getBoundingClientRect();
    const left = Math.max(8, Math.min(window.innerWidth - MENU_WIDTH - 8, rect.right - MENU_WIDTH));
    const below = rect.bottom + 4;
    const height = 44 * (targets.length + (openMoveToDate ? 1 : 0) + 1) + 40;
    return {
      top: below + height > window.innerHeight ? Math.max(8, rect.top - height - 4) : below,
      left,
      visible: rect.bottom > 0 && rect.top < window.innerHeight,
    };
  };
  const open = () => {
    const { top, left } = place();
    setPosition({ top, left });
  };
  const close = (refocus = true) => {
    setPosition(null);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!isOpen) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) close(false);
    };
    // The menu follows its button when something scrolls, and closes once the button leaves the screen.
    const onScroll = (e: Event) => {
      if (menu.current?.contains(e.target as Node) || !button.current) return;
      const { top, left, visible } = place();
      if (visible) setPosition({ top, left });
      else close(false);
    };
    document.addEventListener('pointerdown', onPointer, true);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', () => close(false), { once: true });
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      window.removeEventListener('scroll', onScroll, true);
    };
    // Set up once per opening: place() and close() read the button and the menu as they are when called.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen]);

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      items[(index + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      items[e.key === 'Home' ? 0 : items.length - 1]?.focus();
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };

  const choose = (column: TaskColumn) => {
    close();
    void move(task, { column });
  };

  if (!task.viewerCan.update) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label="Move to..."
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? id : undefined}
        onClick={() => (isOpen ? close() : open())}
        onKeyDown={(e) => e.stopPropagation()}
        {...stopDrag}
        className={`-mt-1 -mr-1.5 shrink-0 rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 aria-expanded:bg-slate-100 aria-expanded:text-slate-700 ${compact ? 'p-1' : 'p-2'}`}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
      </button>
      {isOpen &&
        createPortal(
          <div
            ref={menu}
            id={id}
            role="menu"
            tabIndex={-1}
            aria-label={`Move ${task.title} to`}
            onKeyDown={onMenuKey}
            {...stopDrag}
            style={{ top: position.top, left: position.left, width: MENU_WIDTH }}
            className="fixed z-[60] rounded-lg border border-slate-200 bg-white p-1 shadow-xl"
          >
            <p className="px-3 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Move to...</p>
            {targets.map((column) => (
              <button
                key={column}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => choose(column)}
                className="flex h-11 w-full items-center rounded-md px-3 text-left text-sm text-slate-800 hover:bg-brand-50 hover:text-brand-700 focus:bg-brand-50 focus:text-brand-700 focus:outline-none sm:h-9"
              >
                {columnTitle(column)}
              </button>
            ))}
            {openMoveToDate && (
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close(false);
                  openMoveToDate(task);
                }}
                className="flex h-11 w-full items-center rounded-md border-t border-slate-100 px-3 text-left text-sm text-slate-800 hover:bg-brand-50 hover:text-brand-700 focus:bg-brand-50 focus:text-brand-700 focus:outline-none sm:h-9"
              >
                Move to date...
              </button>
            )}
            <TimerMenuItem taskId={task.id} onChosen={() => close()} />
          </div>,
          document.body,
        )}
    </>
  );
}

/** The menu's Start timer / Stop timer for the card's task (its hooks live only while the menu is open). */
function TimerMenuItem({ taskId, onChosen }: { taskId: string; onChosen(): void }) {
  const timer = useTaskTimer(taskId);
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      disabled={timer.busy}
      onClick={() => {
        onChosen();
        void timer.toggle();
      }}
      className="flex h-11 w-full items-center rounded-md border-t border-slate-100 px-3 text-left text-sm text-slate-800 hover:bg-brand-50 hover:text-brand-700 focus:bg-brand-50 focus:text-brand-700 focus:outline-none sm:h-9"
    >
      {timer.running ? 'Stop timer' : 'Start timer'}
    </button>
  );
}
