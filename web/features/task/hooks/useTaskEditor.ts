import { useCallback, useEffect, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useForm } from 'react-hook-form';
import type { TaskDetails_TaskFragment } from '../../../gql/graphql';
import { taskValues, updateInput, type TaskFormValues } from '../task-form';
import { clearDraft, readDraft, writeDraft } from '../task-drafts';
import { TaskDetailsQuery } from '../task.graphql';
import { useUpdateTask } from './useUpdateTask';

type FieldName = keyof TaskFormValues;

/** A refused save, shown as theirs against yours for each field both changed. */
export interface TaskConflict {
  fields: FieldName[];
  message: string;
  /** Who made the newest of the changes since (null when unknown). */
  changedBy: { id: string; name: string } | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const fieldNames = (values: TaskFormValues) => Object.keys(values) as FieldName[];

/**
 * The edit form of one task (react-hook-form). It saves only the fields the person changed, with the
 * version they were based on (the server merges a stale save that touches nothing changed since and
 * refuses one that does). While the person edits, fields they have not touched follow live changes;
 * a field someone else changed that they also edited is listed in `changedUnderneath`. A refused save
 * becomes `conflict` (theirs against yours) with `keepMine` / `takeTheirs`. Unsaved edits are kept as
 * a draft across a reload until saved or discarded.
 */
export function useTaskEditor(task: TaskDetails_TaskFragment | null | undefined, onSaved?: () => void) {
  const form = useForm<TaskFormValues>({ defaultValues: task ? taskValues(task) : undefined });
  const { updateTask, saving } = useUpdateTask();
  const client = useApolloClient();
  const { isDirty, dirtyFields } = form.formState;
  /** The server values and version the person's edits are based on. */
  const base = useRef<{ values: TaskFormValues; version: number } | null>(null);
  const restoredFor = useRef<string | null>(null);
  const [changedUnderneath, setChangedUnderneath] = useState<ReadonlySet<FieldName>>(new Set());
  const [conflict, setConflict] = useState<TaskConflict | null>(null);

  const startFrom = useCallback(
    (t: TaskDetails_TaskFragment) => {
      const values = taskValues(t);
      form.reset(values);
      base.current = { values, version: t.version };
      setChangedUnderneath(new Set());
      setConflict(null);
    },
    [form],
  );

  useEffect(() => {
    if (!task) return;
    const next = taskValues(task);
    if (restoredFor.current !== task.id) {
      // First sight of the task: start from it, then put back a draft left by a reload.
      restoredFor.current = task.id;
      const draft = readDraft(task.id);
      startFrom(task);
      if (draft) {
        // The draft's version first: the draft writer records it with the restored edits.
        base.current = { values: next, version: draft.version };
        for (const [key, value] of Object.entries(draft.values)) {
          if (key in next) form.setValue(key as FieldName, value as never, { shouldDirty: true });
        }
      }
      return;
    }
    if (!base.current || !form.formState.isDirty) {
      startFrom(task);
      return;
    }
    // Editing: untouched fields follow the task; edited ones that changed underneath are marked.
    const dirty = form.formState.dirtyFields as Partial<Record<FieldName, unknown>>;
    const values = { ...base.current.values };
    const marked = new Set(changedUnderneath);
    const follow: FieldName[] = [];
    for (const name of fieldNames(next)) {
      if (same(next[name], base.current.values[name])) continue;
      if (dirty[name]) marked.add(name);
      else {
        follow.push(name);
        (values as Record<FieldName, unknown>)[name] = next[name];
      }
    }
    // The base first: the draft writer compares with it, and a followed field is not an edit.
    base.current = { values, version: base.current.version };
    for (const name of follow) form.resetField(name, { defaultValue: next[name] as never });
    setChangedUnderneath(marked);
    // Only when the task itself changes (a save, a teammate's change), never over unsaved edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [task]);

  // Keep the edited fields as a draft (a reload brings them back).
  useEffect(() => {
    if (!task) return;
    const sub = form.watch((values) => {
      if (!base.current) return;
      const edited: Partial<TaskFormValues> = {};
      for (const name of fieldNames(base.current.values)) {
        if (!same(values[name], base.current.values[name])) (edited as Record<string, unknown>)[name] = values[name];
      }
      writeDraft(task.id, { values: edited, version: base.current.version });
    });
    return () => sub.unsubscribe();
  }, [form, task?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const send = async (values: TaskFormValues, version: number) => {
    if (!task) return;
    const input = updateInput(values, form.formState.dirtyFields as Record<string, unknown>);
    if (Object.keys(input).length === 0) {
      clearDraft(task.id);
      startFrom(task);
      onSaved?.();
      return;
    }
    const updated = await updateTask(
      task.id,
      { ...input, version },
      {
        onConflict: async ({ fields, message, changedBy }) => {
          // Read the task as it is now (the cache, and so the untouched fields, follow), then compare.
          await client.query({ query: TaskDetailsQuery, variables: { id: task.id }, fetchPolicy: 'network-only' }).catch(() => undefined);
          const edited = Object.keys(input) as FieldName[];
          const clashing = edited.filter((f) => fields.includes(f));
          setConflict({ fields: clashing.length > 0 ? clashing : edited, message, changedBy });
        },
      },
    );
    if (updated) {
      clearDraft(task.id);
      startFrom(updated);
      onSaved?.();
    }
  };

  const save = form.handleSubmit((values) => send(values, base.current?.version ?? task?.version ?? 1));

  /** Saves the person's values over theirs: the same edits, based on the task's current version. */
  const keepMine = form.handleSubmit((values) => send(values, task?.version ?? 1));

  /** Drops the person's edits of the conflicting fields for the current values; other edits stay. */
  const takeTheirs = () => {
    if (!task || !conflict || !base.current) return;
    const current = taskValues(task);
    const values = { ...base.current.values };
    for (const name of conflict.fields) (values as Record<FieldName, unknown>)[name] = current[name];
    base.current = { values, version: base.current.version };
    for (const name of conflict.fields) form.resetField(name, { defaultValue: current[name] as never });
    setChangedUnderneath(new Set([...changedUnderneath].filter((f) => !conflict.fields.includes(f))));
    setConflict(null);
    if (!form.formState.isDirty) {
      clearDraft(task.id);
      startFrom(task);
    }
  };

  /** Throws the unsaved edits away (Cancel, or a confirmed 'Discard unsaved changes?'). */
  const cancel = () => {
    if (!task) return;
    clearDraft(task.id);
    startFrom(task);
  };

  return {
    form,
    save,
    saving,
    isDirty: isDirty && Object.keys(dirtyFields).length > 0,
    cancel,
    changedUnderneath,
    conflict,
    keepMine,
    takeTheirs,
    /** The values the task has now, for 'theirs'. */
    current: task ? taskValues(task) : null,
  };
}
