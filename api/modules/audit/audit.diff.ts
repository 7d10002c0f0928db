/** Values as they are written to the audit log: dates as ISO strings, everything else as JSON. */
function auditValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(auditValue(a)) === JSON.stringify(auditValue(b));

export interface FieldChanges {
  oldValues: Record<string, unknown>;
  newValues: Record<string, unknown>;
  changed: string[];
}

/** The old and new values of exactly the fields that differ between two snapshots. */
export function diffFields<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[]): FieldChanges {
  const out: FieldChanges = { oldValues: {}, newValues: {}, changed: [] };
  for (const f of fields) {
    if (same(before[f], after[f])) continue;
    out.oldValues[f] = auditValue(before[f]);
    out.newValues[f] = auditValue(after[f]);
    out.changed.push(f);
  }
  return out;
}

/** The set (non-empty) fields of a snapshot, for a created or deleted object. */
export function presentFields<T extends object>(snapshot: T, fields: readonly (keyof T & string)[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const value = snapshot[f];
    if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    out[f] = auditValue(value);
  }
  return out;
}

/** Copies the listed fields (a snapshot to diff against after a change). */
export function snapshot<T extends object>(source: T, fields: readonly (keyof T & string)[]): Pick<T, (typeof fields)[number]> {
  const out = {} as Pick<T, (typeof fields)[number]>;
  for (const f of fields) {
    const value = source[f];
    (out as Record<string, unknown>)[f] = Array.isArray(value) ? [...value] : value instanceof Date ? new Date(value.getTime()) : value;
  }
  return out;
}
