// The mention feature's face (issue 42): the @ composer and the chips of a mentioning text. Re-exports only, no side effects.
export { MentionInput } from './components/MentionInput';
export { MentionChip, MentionText, type MentionPart } from './components/MentionText';
export { useLinkedComment } from './hooks/useLinkedComment';
