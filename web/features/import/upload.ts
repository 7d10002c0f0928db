/** What the upload form sends with the file (docs/API.md, Imports). */
export type ImportSourceKey = 'trello' | 'todoist' | 'csv';

export interface ImportRequest {
  file: File;
  source: ImportSourceKey;
  mapping?: Record<string, string>;
  assignTo?: string;
  skipClosed?: boolean;
}

/** POST /api/imports (multipart): the new import's id, or an Error with the server's message. */
export async function startImport(request: ImportRequest): Promise<string> {
  const form = new FormData();
  form.set('source', request.source);
  form.set('options', JSON.stringify({ mapping: request.mapping, assignTo: request.assignTo, skipClosed: request.skipClosed }));
  form.set('file', request.file, request.file.name);
  let res: Response;
  try {
    res = await fetch('/api/imports', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { 'X-Time-Zone': Intl.DateTimeFormat().resolvedOptions().timeZone },
    });
  } catch {
    throw new Error('The file could not be sent. Check your connection and try again.');
  }
  const body = (await res.json().catch(() => null)) as { id?: string; message?: string } | null;
  if (res.status !== 202 || !body?.id) throw new Error(body?.message ?? `The import could not start (${res.status}).`);
  return body.id;
}
