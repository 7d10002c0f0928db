import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type TextareaHTMLAttributes } from 'react';
import { useQuery } from '@apollo/client/react';
import { mentionMatches, mentionQueryAt, mentionToken } from '../../../../schema/domain/mentions';
import { Avatar, initials } from '../../../ui/Avatar';
import { MentionableUsersQuery } from '../mention.graphql';

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'>;

/**
 * A textarea where typing `@` and letters offers the people who can read the task (avatar and name):
 * ArrowUp/ArrowDown move, Enter or Tab picks, Escape closes; a tap picks on touch. Picking inserts the
 * mention token `@[Name](user:id)`; the posted text shows it as a chip. Without `taskId` (a task not
 * created yet) it offers the people who will read the viewer's new task assigned to `assignedToId`.
 */
export function MentionInput({
  taskId,
  assignedToId,
  value,
  onValueChange,
  onKeyDown,
  ...textarea
}: TextareaProps & { taskId?: string | null; assignedToId?: string | null; value: string; onValueChange: (value: string) => void }) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [highlight, setHighlight] = useState(0);
  const [closed, setClosed] = useState<string | null>(null);
  const pendingCaret = useRef<number | null>(null);

  const typed = mentionQueryAt(value, caret);
  // Escape closes the list for the @word as it is; typing on opens it again.
  const open = !!typed && closed !== `${typed.start}:${typed.query}`;
  const { data, previousData } = useQuery(MentionableUsersQuery, {
    variables: { taskId: taskId ?? null, assignedToId: taskId ? null : assignedToId || null, search: typed?.query || null },
    skip: !open,
  });
  // While the answer for what is typed now is on its way, the earlier answer shows, narrowed to it.
  const people = open ? ((data ?? previousData)?.mentionableUsers ?? []).filter((p) => mentionMatches(p, typed?.query ?? '')) : [];
  const shown = open && people.length > 0;
  const active = shown ? Math.min(highlight, people.length - 1) : -1;

  useEffect(() => setHighlight(0), [typed?.query]);

  useLayoutEffect(() => {
    if (pendingCaret.current === null || !ref.current) return;
    ref.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    setCaret(pendingCaret.current);
    pendingCaret.current = null;
  }, [value]);

  const track = () => setCaret(ref.current?.selectionStart ?? 0);

  const pick = (index: number) => {
    const person = people[index];
    if (!typed || !person) return;
    const token = `${mentionToken(person.id, person.name)} `;
    const next = value.slice(0, typed.start) + token + value.slice(caret);
    pendingCaret.current = typed.start + token.length;
    onValueChange(next);
    ref.current?.focus();
  };

  const keyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (shown && typed) {
      const move = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
      if (move) {
        e.preventDefault();
        setHighlight((active + move + people.length) % people.length);
        return;
      }
      if ((e.key === 'Enter' && !e.metaKey && !e.ctrlKey && !e.shiftKey) || e.key === 'Tab') {
        e.preventDefault();
        pick(active);
        return;
      }
      if (e.key === 'Escape') {
        // Closes the list only, not the sheet or dialog around it.
        e.preventDefault();
        e.stopPropagation();
        setClosed(`${typed.start}:${typed.query}`);
        return;
      }
    }
    onKeyDown?.(e);
  };

  return (
    <div className="relative">
      <textarea
        {...textarea}
        ref={ref}
        value={value}
        aria-autocomplete="list"
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={shown ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          onValueChange(e.target.value);
          setCaret(e.target.selectionStart ?? e.target.value.length);
        }}
        onSelect={track}
        onClick={track}
        onKeyDown={keyDown}
      />
      {shown && (
        <ul
          id={listId}
          role="listbox"
          aria-label="People who can read this task"
          className="absolute bottom-full left-0 z-10 mb-1 max-h-60 w-full max-w-xs overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {people.map((person, i) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard picks from the textarea (aria-activedescendant)
            <li
              key={person.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // Keeps the focus (and the caret) in the textarea while a tap or click picks.
              onPointerDown={(e) => e.preventDefault()}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(i)}
              className={`flex min-h-11 cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-800 sm:min-h-0 ${i === active ? 'bg-slate-100' : ''}`}
            >
              <Avatar id={person.id} text={initials(person)} size={24} />
              <span className="truncate">{person.name}</span>
              <span className="truncate text-xs text-slate-500">@{person.username}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
