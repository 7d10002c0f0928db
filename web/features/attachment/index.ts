// The attachment feature's face: the task details' Attachments section. Re-exports only, no side effects.
export { AttachmentsSection } from './components/AttachmentsSection';
// For files that arrive another way (a share into the installed app): the same uploads, with progress.
export { useAttachmentUploads, type PendingUpload } from './hooks/useAttachmentUploads';
export { formatSize, isPreviewable } from './upload';
