// The attachment feature's face: the task details' Attachments section. Re-exports only, no side effects.
export { AttachmentsSection } from './components/AttachmentsSection';
