// The time feature's face: the task details' Time section and the running-timer chip of the header. Re-exports only, no side effects.
export { TimeSection } from './components/TimeSection';
export { RunningTimerChip } from './components/RunningTimerChip';
export { formatMinutes } from './format';
export { useTaskTimer } from './hooks/useTaskTimer';
export { DayTimeBar } from './components/DayTimeBar';
