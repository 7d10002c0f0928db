import { canAutoScroll } from './useStripPaging';
import { KeyboardSensor, MouseSensor, TouchSensor, useSensor, useSensors, type KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * The sensors every task drag uses (daily board, calendars): a mouse drag starts after 6 px, a touch drag
 * after a long press (so a swipe still scrolls), and the keyboard moves between the screen's targets
 * through `coordinateGetter`.
 */
export function useTaskDragSensors(coordinateGetter: KeyboardCoordinateGetter) {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
}

/**
 * dnd-kit auto-scroll for every task drag: near an edge the board strip, a column or a calendar
 * scrolls, gently, without racing to its end. A finger (coarse pointer) gets half the speed and
 * half the ticks: it covers the edge zone of a small screen and cannot hover to slow down. The phone
 * board's sideways strip is paged instead, one column per edge visit (useStripPaging).
 */
export const taskAutoScroll = (coarse = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches) =>
  coarse
    ? { acceleration: 2, interval: 10, threshold: { x: 0.12, y: 0.12 }, canScroll: canAutoScroll }
    : { acceleration: 4, threshold: { x: 0.12, y: 0.15 }, canScroll: canAutoScroll };
