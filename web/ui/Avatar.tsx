/** A person's initials: first and last name, else the first two letters of the username; '?' when unknown. */
export function initials(person: { firstName?: string | null; lastName?: string | null; username?: string | null } | null | undefined): string {
  if (!person) return '?';
  const named = [person.firstName, person.lastName].map((p) => p?.trim()[0] ?? '').join('');
  return (named || person.username?.trim().slice(0, 2) || '?').toUpperCase();
}

// Background per person, picked from the id so a person keeps their colour (white text passes 4.5:1 on each).
const TONES = ['bg-indigo-600', 'bg-emerald-700', 'bg-sky-700', 'bg-rose-600', 'bg-amber-700', 'bg-violet-600', 'bg-teal-700', 'bg-fuchsia-700'];
const toneOf = (id: string) => TONES[[...id].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) >>> 0, 7) % TONES.length];

/**
 * A round avatar with initials (decorative: the name beside it, or a label, says who it is). No id:
 * 'Unassigned', drawn as an empty dashed circle.
 */
export function Avatar({ id, text, size = 20 }: { id?: string | null; text: string; size?: number }) {
  return (
    <span
      aria-hidden="true"
      data-testid="avatar"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }}
      className={`inline-flex shrink-0 items-center justify-center rounded-full leading-none font-semibold ${
        id ? `${toneOf(id)} text-white` : 'border border-dashed border-slate-400 text-slate-600'
      }`}
    >
      {id ? text : ''}
    </span>
  );
}
