// The presence feature's face (issue 42, "who is here now"): the others on an open task, and on the
// board's cards. Re-exports only, no side effects.
export { EditingNotice, PresenceAvatars } from './components/PresenceAvatars';
export { useBoardPresence, useCardPresence } from './hooks/useBoardPresence';
export { useTaskPresence } from './hooks/useTaskPresence';
