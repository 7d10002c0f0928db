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
