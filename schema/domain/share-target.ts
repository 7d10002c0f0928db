/**
 * A share into the installed app (the web app manifest's share_target, vite.config.ts) arrives as a
 * multipart POST to /share. The service worker keeps its files under a one-time key and sends the
 * browser on to the form's GET address, `/share?title=&text=&url=&files=<key>`; the server, which
 * answers the POST when no worker is installed yet, sends `files=missed` instead and keeps nothing.
 * Shared by the worker, the page and the server.
 */

/** The path shares arrive on: a POST (from the share sheet), a GET (the form, and older links). */
export const SHARE_ACTION = '/share';

/** The text fields of a share, as the manifest names them. */
export const SHARE_TEXT_FIELDS = ['title', 'text', 'url'] as const;

/** The multipart field the manifest names for files. */
export const SHARE_FILES_FIELD = 'files';

/** The form's query parameter naming the kept files: a key, or SHARE_FILES_MISSED. */
export const SHARE_FILES_PARAM = 'files';

/** Files were shared but nothing kept them (no service worker yet, or the device refused them). */
export const SHARE_FILES_MISSED = 'missed';

/** Kept files older than this are deleted unread. */
export const SHARE_KEEP_MS = 24 * 60 * 60 * 1000;

/** A text field longer than this is cut (the description holds 5,000 characters; the URL stays short). */
const FIELD_MAX = 8000;

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A share's text fields from a form (`get` reads one by name): strings with text in them, cut to size. */
export function shareTextFields(get: (name: string) => unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of SHARE_TEXT_FIELDS) {
    const value = get(name);
    if (typeof value === 'string' && value.trim()) fields[name] = value.slice(0, FIELD_MAX);
  }
  return fields;
}

/** The form's GET address for a share: its text fields, and the kept files' key or SHARE_FILES_MISSED. */
export function shareFormPath(fields: Record<string, string>, files: string | null): string {
  const query = new URLSearchParams();
  for (const name of SHARE_TEXT_FIELDS) if (fields[name]) query.set(name, fields[name]);
  if (files) query.set(SHARE_FILES_PARAM, files);
  const search = query.toString();
  return search ? `${SHARE_ACTION}?${search}` : SHARE_ACTION;
}

/** What the form's address says about files: none, the key they are kept under, or that they were missed. */
export type SharedFilesRef = { kind: 'none' } | { kind: 'kept'; key: string } | { kind: 'missed' };

export function readSharedFilesRef(params: URLSearchParams): SharedFilesRef {
  const value = params.get(SHARE_FILES_PARAM);
  if (!value) return { kind: 'none' };
  // Anything but a key (SHARE_FILES_MISSED, a mangled key) names no kept files.
  return KEY.test(value) ? { kind: 'kept', key: value } : { kind: 'missed' };
}

/** True when files kept at `keptAt` (ms) are past their day (or the time is unreadable). */
export const isStaleShare = (keptAt: number, now: number): boolean => !(now - keptAt < SHARE_KEEP_MS);
