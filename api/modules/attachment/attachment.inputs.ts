import { badInput } from '../../common/errors.js';

/** The longest file name kept (characters). */
export const NAME_MAX = 255;

// Control characters, and the invisible ones that reorder text (a name must read as it is stored).
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file name safe to show and to offer on download: control characters dropped, path separators and the
 * `.` and `..` segments between them gone (the segments joined by `_`), trimmed, at most 255 characters;
 * nothing left reads as "file".
 */
export function cleanFileName(raw: string | null | undefined): string {
  const segments = String(raw ?? '')
    .replace(UNSAFE, '')
    .split(/[/\\]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== '.' && s !== '..');
  const name = [...segments.join('_').trim()].slice(0, NAME_MAX).join('').trim();
  return name || 'file';
}

/** The new name of a rename: a string (cleaned as above). BAD_USER_INPUT otherwise. */
export function parseNewName(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw badInput('Give the file a name');
  return cleanFileName(raw);
}
