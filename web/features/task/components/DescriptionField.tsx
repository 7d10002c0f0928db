import { useMemo } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { parseMentions } from '../../../../schema/domain/mentions';
import { inputClass } from '../../../ui/FormControls';
import { MentionChip, MentionInput, MentionText, type MentionPart } from '../../mention';
import type { TaskFormValues } from '../task-form';

/**
 * The task form's description: typing `@` offers the people who can read the task (on a new task,
 * those who will: the chosen assignee and the managers), as the comment composer does. The people
 * mentioned show under it as chips with their current names; read-only, the text shows with its chips.
 */
export function DescriptionField({
  id,
  taskId,
  readOnly,
  savedMentions = [],
}: {
  id: string;
  /** The task, once it exists. */
  taskId?: string;
  readOnly: boolean;
  /** The saved description's mentions (current names, from the server). */
  savedMentions?: readonly MentionPart[];
}) {
  const { control } = useFormContext<TaskFormValues>();
  const assignedToId = useWatch({ control, name: 'assignedToId' });
  const text = useWatch({ control, name: 'description' }) ?? '';
  const mentions = useMemo(() => currentMentions(text, savedMentions), [text, savedMentions]);

  if (readOnly) {
    return (
      <p id={id} className="min-h-[2.5rem] rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-800">
        {text ? <MentionText text={text} mentions={mentions} /> : <span className="text-slate-500">No description</span>}
      </p>
    );
  }
  return (
    <>
      <Controller
        control={control}
        name="description"
        render={({ field }) => (
          <MentionInput
            id={id}
            name={field.name}
            taskId={taskId}
            assignedToId={assignedToId}
            rows={3}
            placeholder="Add more detail... (@ to mention someone)"
            value={field.value ?? ''}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            className={`${inputClass} h-auto min-h-[5rem] py-2 leading-relaxed`}
          />
        )}
      />
      {mentions.length > 0 && (
        <p className="flex flex-wrap items-center gap-1 text-xs text-slate-600" aria-label="People mentioned">
          <span>Mentions:</span>
          {unique(mentions).map((m) => (
            <MentionChip key={m.userId} name={m.name} />
          ))}
        </p>
      )}
    </>
  );
}

/** The mentions of the text as it is now, named as the server last named each person (else as written). */
function currentMentions(text: string, saved: readonly MentionPart[]): MentionPart[] {
  const names = new Map(saved.map((m) => [m.userId, m.name]));
  return parseMentions(text).mentions.map((m) => ({ ...m, name: names.get(m.userId) ?? m.name }));
}

const unique = (mentions: MentionPart[]) => mentions.filter((m, i) => mentions.findIndex((o) => o.userId === m.userId) === i);
