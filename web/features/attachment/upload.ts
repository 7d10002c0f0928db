/** Where a task's own files are sent. */
export const taskFilesPath = (taskId: string): string => `/api/tasks/${encodeURIComponent(taskId)}/attachments`;

/** Where a comment's files are sent. */
export const commentFilesPath = (commentId: string): string => `/api/task-comments/${encodeURIComponent(commentId)}/attachments`;

/** One file on its way to the server (POST to taskFilesPath or commentFilesPath, multipart), with progress. */
export interface UploadRequest {
  /** Settles when the server has answered: 201, or the reason it refused (its own message). */
  done: Promise<void>;
  cancel(): void;
}

/** Cancelled by the person (not shown as a failure). */
export class UploadCancelled extends Error {}

const FALLBACK = 'The file could not be uploaded. Try again.';

/** The server's message from a refused upload (JSON { message }), or a plain sentence. */
function reason(xhr: XMLHttpRequest): string {
  if (xhr.status === 0) return 'Cannot reach the server. Check your connection and try again.';
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    /* not JSON */
  }
  return xhr.status === 413 ? 'The file is too large.' : FALLBACK;
}

/** Sends one file to `target` with XMLHttpRequest (upload progress, which fetch does not offer), same origin with the session. */
export function uploadFile(target: string, file: File, onProgress: (fraction: number) => void): UploadRequest {
  const xhr = new XMLHttpRequest();
  const done = new Promise<void>((resolve, reject) => {
    xhr.open('POST', target);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => (xhr.status === 201 ? resolve() : reject(new Error(reason(xhr))));
    xhr.onerror = () => reject(new Error(reason(xhr)));
    xhr.onabort = () => reject(new UploadCancelled('Cancelled'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, cancel: () => xhr.abort() };
}

/** "1.2 MB", "340 KB", "12 bytes". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Images the browser shows inline (SVG excluded, as the server serves it as a download). */
export const isPreviewable = (contentType: string): boolean => ['image/png', 'image/jpeg', 'image/gif', 'image/webp'].includes(contentType);

const STAMP = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "Nov 28, 2026, 3:05 AM", as the task details write times. */
export const formatStamp = (iso: string): string => STAMP.format(new Date(iso));
