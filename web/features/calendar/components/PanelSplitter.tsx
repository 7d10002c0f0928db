import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { PANEL_MAX, PANEL_MIN } from '../hooks/usePanelWidth';

const KEY_STEP = 10;

/**
 * The handle between the calendars' panel and the days: drag with a mouse or a finger, or
 * focus it and use the arrow keys (10% a step; with Shift all the way; Home and End for the limits).
 */
export function PanelSplitter({
  width,
  onChange,
  containerRef,
}: {
  width: number;
  onChange(width: number): void;
  containerRef: React.RefObject<HTMLElement | null>;
}) {
  const dragging = useRef(false);

  const widthAt = (clientX: number) => {
    const box = containerRef.current?.getBoundingClientRect();
    return box && box.width > 0 ? ((clientX - box.left) / box.width) * 100 : width;
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    dragging.current = true;
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) onChange(widthAt(e.clientX));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    dragging.current = false;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 100 : KEY_STEP;
    let next: number | null = null;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') next = width - step;
    else if (e.key === 'ArrowRight' || e.key === 'ArrowUp') next = width + step;
    else if (e.key === 'Home') next = PANEL_MIN;
    else if (e.key === 'End') next = PANEL_MAX;
    if (next === null) return;
    e.preventDefault();
    onChange(next);
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a focusable separator is the WAI-ARIA window splitter, a widget
    <div
      role="separator"
      tabIndex={0}
      aria-label="Resize the Unscheduled Tasks panel"
      aria-orientation="vertical"
      aria-controls="calendar-unscheduled-panel"
      aria-valuemin={PANEL_MIN}
      aria-valuemax={PANEL_MAX}
      aria-valuenow={Math.round(width)}
      aria-valuetext={`${Math.round(width)}% wide`}
      data-testid="panel-splitter"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      className="group flex w-3 shrink-0 cursor-col-resize touch-none items-center justify-center rounded outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <span aria-hidden="true" className="h-12 w-1 rounded-full bg-slate-300 group-hover:bg-brand-500 group-focus-visible:bg-brand-500" />
    </div>
  );
}
