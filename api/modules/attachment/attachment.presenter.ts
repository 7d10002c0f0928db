import type { Attachment } from './attachment.entity.js';

/** Where an attachment's bytes are read (GET, same origin; `?download=1` always as a download). */
export const attachmentUrl = (attachment: { id: string }): string => `/api/attachments/${attachment.id}`;

/** An attachment as REST answers it (docs/API.md, Attachments). */
export function attachmentJson(a: Attachment) {
  return {
    id: a.id,
    taskId: a.taskId,
    commentId: a.commentId,
    name: a.name,
    size: a.size,
    contentType: a.contentType,
    createdAt: a.createdAt.toISOString(),
    uploadedById: a.uploadedById,
    url: attachmentUrl(a),
  };
}

/** Types a browser may show in place (an image or a PDF); everything else downloads. SVG is not one: it can run script. */
const SHOWN_IN_PLACE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf']);

export const showsInPlace = (contentType: string): boolean => SHOWN_IN_PLACE.has(contentType);

/** A Content-Disposition header with an ASCII fallback name and the exact one (RFC 5987 / 6266 `filename*`). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
