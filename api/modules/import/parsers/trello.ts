import { clip, cleanTags, ImportFileError, isoDay, type ImportedTask, type ImportOptions, type ParsedImport, type PersonRef } from '../import.types.js';

// Trello's board export (Board menu > Print and export > JSON): lists, cards, labels, checklists,
// members and actions. Only the parts read here are described.

interface TrelloList {
  id: string;
  name: string;
  closed?: boolean;
}
interface TrelloCard {
  id: string;
  name: string;
  desc?: string;
  due?: string | null;
  dueComplete?: boolean;
  closed?: boolean;
  idList: string;
  idMembers?: string[];
  labels?: { name?: string; color?: string | null }[];
  dateLastActivity?: string;
}
interface TrelloChecklist {
  idCard: string;
  name?: string;
  pos?: number;
  checkItems?: { name: string; state: string; pos?: number }[];
}
interface TrelloMember {
  id: string;
  username?: string;
  fullName?: string;
  email?: string;
}
interface TrelloAction {
  type: string;
  date?: string;
  idMemberCreator?: string;
  memberCreator?: TrelloMember;
  data?: { text?: string; card?: { id?: string } };
}

/** A list whose cards are finished: its name says done, complete or finished. */
export const isDoneList = (name: string): boolean => /\b(done|complete|completed|finished)\b/i.test(name);

const person = (m: TrelloMember): PersonRef => ({
  name: m.fullName || m.username || m.id,
  username: m.username,
  fullName: m.fullName,
  email: m.email,
});

function board(content: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    throw new ImportFileError('This file is not JSON. Export the board from Trello with Board menu > Print and export > JSON.');
  }
  if (
    !value ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    !Array.isArray((value as { cards?: unknown }).cards) ||
    !Array.isArray((value as { lists?: unknown }).lists)
  ) {
    throw new ImportFileError('This JSON is not a Trello board export: it has no lists and cards.');
  }
  return value as Record<string, unknown>;
}

/** The items by a key, in their order (a board's checklists and comments by card: one pass, not one per card). */
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const byPos = <T extends { pos?: number }>(a: T, b: T) => (a.pos ?? 0) - (b.pos ?? 0);

/** Reads a Trello board export into tasks (see docs/DECISIONS.md, "Importers"). */
export function parseTrello(content: string, options: ImportOptions = {}): ParsedImport {
  const data = board(content);
  const lists = new Map((data.lists as TrelloList[]).map((l) => [l.id, l]));
  const members = new Map(((data.members as TrelloMember[] | undefined) ?? []).map((m) => [m.id, m]));
  const checklists = groupBy(((data.checklists as TrelloChecklist[] | undefined) ?? []).slice().sort(byPos), (c) => c.idCard);
  const comments = groupBy(
    ((data.actions as TrelloAction[] | undefined) ?? []).filter((a) => a.type === 'commentCard' && a.data?.card?.id && a.data.text),
    (a) => a.data!.card!.id!,
  );
  const cards = data.cards as TrelloCard[];
  if (cards.length === 0) throw new ImportFileError('This Trello board has no cards to import.');

  const result: ParsedImport = { tasks: [], skipped: [] };
  for (const card of cards) {
    if (!card || typeof card.id !== 'string' || typeof card.name !== 'string')
      throw new ImportFileError('This JSON is not a Trello board export: a card has no id or name.');
    const list = lists.get(card.idList);
    const listName = list?.name ?? '';
    const finished = isDoneList(listName) || !!card.dueComplete;
    const archived = !!card.closed || !!list?.closed;
    if ((finished || archived) && options.skipClosed) {
      result.skipped.push({ ref: card.name, reason: archived ? 'Archived card (skipped as chosen)' : 'Finished card (skipped as chosen)' });
      continue;
    }
    const title = card.name.trim();
    if (!title) {
      result.skipped.push({ ref: card.id, reason: 'Card without a name' });
      continue;
    }
    const labels = (card.labels ?? []).map((l) => l.name || l.color || '');
    const fields: Record<string, unknown> = {
      title: clip(title, 500),
      tags: cleanTags([...labels, finished || archived ? null : listName]),
    };
    if (card.desc?.trim()) fields.description = clip(card.desc.trim(), 20_000);
    const due = isoDay(card.due);
    if (due) fields.dueDate = due;
    if (finished || archived) fields.status = 'Done';
    else fields.column = 'unscheduled';

    const task: ImportedTask = {
      ref: card.id,
      label: title,
      fields,
      assignees: (card.idMembers ?? [])
        .map((id) => members.get(id))
        .filter((m): m is TrelloMember => !!m)
        .map(person),
      subtasks: (checklists.get(card.id) ?? [])
        .flatMap((c) => (c.checkItems ?? []).slice().sort(byPos))
        .filter((item) => item.name?.trim())
        .map((item) => ({ title: clip(item.name.trim(), 500), done: item.state === 'complete' })),
      comments: (comments.get(card.id) ?? [])
        .map((a) => {
          const author = a.memberCreator ?? (a.idMemberCreator ? members.get(a.idMemberCreator) : undefined);
          const at = a.date ? new Date(a.date) : null;
          return { author: author ? person(author) : null, text: a.data!.text!, at: at && !Number.isNaN(at.getTime()) ? at : null };
        })
        .sort((a, b) => (a.at?.getTime() ?? 0) - (b.at?.getTime() ?? 0)),
    };
    result.tasks.push(task);
  }
  return result;
}
