// The attachment feature's face: the task details' Attachments section and a comment's files. Re-exports only, no side effects.
export { AttachmentsSection } from './components/AttachmentsSection';
export { CommentAttachments, CommentFilesPicker, CommentUploads, useCommentFileChoice, useCommentUploads } from './components/CommentFiles';
