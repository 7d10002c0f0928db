import { displayName } from '../../../lib/auth';
import { Avatar, initials } from '../../../ui/Avatar';
import type { Viewer } from '../presence-store';

/** How many faces show before '+N'. */
const SHOWN = 3;

const label = (v: Viewer) => `${displayName(v.user)} is ${v.editing ? 'editing' : 'viewing'}`;

/**
 * The faces of the others who have a task open, overlapping, each named in its label and tooltip
 * ("Maya Manager is viewing"); someone editing has a ring. Nothing when nobody else is here.
 */
export function PresenceAvatars({ viewers, size = 24, className = '' }: { viewers: Viewer[]; size?: number; className?: string }) {
  if (viewers.length === 0) return null;
  const shown = viewers.slice(0, SHOWN);
  const more = viewers.slice(SHOWN);
  return (
    <span role="group" aria-label="Also here now" data-testid="presence-avatars" className={`inline-flex shrink-0 items-center ${className}`}>
      {shown.map((v, i) => (
        <span
          key={v.user.id}
          role="img"
          aria-label={label(v)}
          title={label(v)}
          data-testid="presence-avatar"
          data-editing={v.editing || undefined}
          className={`inline-flex rounded-full ring-2 ${v.editing ? 'ring-amber-400' : 'ring-white'} ${i > 0 ? '-ml-1.5' : ''}`}
        >
          <Avatar id={v.user.id} text={initials(v.user)} size={size} />
        </span>
      ))}
      {more.length > 0 && (
        <span
          role="img"
          aria-label={more.map(label).join(', ')}
          title={more.map(label).join('\n')}
          style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
          className="-ml-1.5 inline-flex items-center justify-center rounded-full bg-slate-200 font-semibold text-slate-700 ring-2 ring-white"
        >
          +{more.length}
        </span>
      )}
    </span>
  );
}

/** "Maya is editing..." while someone else has unsaved changes in the task (a polite live region, always present). */
export function EditingNotice({ viewers, className = '' }: { viewers: Viewer[]; className?: string }) {
  const names = viewers.filter((v) => v.editing).map((v) => v.user.firstName?.trim() || displayName(v.user));
  const text =
    names.length === 0
      ? ''
      : names.length === 1
        ? `${names[0]} is editing...`
        : names.length === 2
          ? `${names[0]} and ${names[1]} are editing...`
          : `${names[0]} and ${names.length - 1} others are editing...`;
  return (
    <p role="status" data-testid="presence-editing" className={`truncate text-xs font-medium text-amber-700 ${text ? '' : 'sr-only'} ${className}`}>
      {text}
    </p>
  );
}
