/**
 * @mentions in comments (issue 42). A mention is stored in the text as a token
 * `@[Display Name](user:<id>)`: the name is what it said when it was written (a reader without the
 * structured field still sees who was meant), the id is who it is. One pure parser, used by the server
 * (which keeps only mentions of people who can read the task) and by the web client (the chips).
 */

/** One mention found in a text: whom, and where its token is (`text.slice(start, end)`). */
export interface MentionToken {
  userId: string;
  /** The name written in the token. */
  name: string;
  start: number;
  end: number;
}

export interface ParsedMentions {
  text: string;
  mentions: MentionToken[];
}

/** A name in a token: no brackets or line breaks, 1 to 200 characters. */
const NAME = /^[^[\]\r\n]{1,200}$/;
const TOKEN = /@\[([^[\]\r\n]{1,200})\]\(user:([0-9A-Za-z-]{1,64})\)/g;

/** The mentions of a text, in order (a person mentioned twice appears twice). */
export function parseMentions(text: string): ParsedMentions {
  const mentions: MentionToken[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index ?? 0;
    mentions.push({ userId: m[2]!, name: m[1]!, start, end: start + m[0].length });
  }
  return { text, mentions };
}

/** The distinct ids a text mentions, first mention first. */
export const mentionedIds = (text: string): string[] => [...new Set(parseMentions(text).mentions.map((m) => m.userId))];

/** A name as a token may hold it: brackets and line breaks become spaces, cut to 200 characters. */
export const tokenName = (name: string): string =>
  name
    .replace(/[[\]\s]+/g, ' ')
    .trim()
    .slice(0, 200) || 'someone';

/** The token that mentions a person. */
export function mentionToken(userId: string, name: string): string {
  const safe = tokenName(name);
  return `@[${NAME.test(safe) ? safe : 'someone'}](user:${userId})`;
}

/**
 * The text with each mention whose id `keep` refuses turned into plain `@Name` (so no id of someone
 * who may not be mentioned is stored).
 */
export function keepMentions(text: string, keep: (userId: string) => boolean): string {
  return text.replace(TOKEN, (whole, name: string, userId: string) => (keep(userId) ? whole : `@${name}`));
}

/** Plain text of a mentioning text: each token as `@Name` (e.g. for emails and previews). */
export const plainMentions = (text: string, nameOf: (m: MentionToken) => string = (m) => m.name): string =>
  splitMentions(text)
    .map((part) => (typeof part === 'string' ? part : `@${nameOf(part)}`))
    .join('');

/** The text cut into plain pieces and mentions, in order (for rendering chips). */
export function splitMentions(text: string): (string | MentionToken)[] {
  const parts: (string | MentionToken)[] = [];
  let last = 0;
  for (const m of parseMentions(text).mentions) {
    if (m.start > last) parts.push(text.slice(last, m.start));
    parts.push(m);
    last = m.end;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/**
 * Whether a person is offered for what follows `@`: their name, username or last name contains it
 * (any case). The server filters with it; the client uses it too, so a list still showing the answer
 * to an earlier query offers no one the current one leaves out.
 */
export function mentionMatches(person: { name: string; username: string; lastName: string }, query: string): boolean {
  const q = query.toLowerCase();
  return !q || [person.name, person.username, person.lastName].some((s) => s.toLowerCase().includes(q));
}

/**
 * The mention being typed at the caret: `@` at the start or after a space, then up to 30 characters
 * without a space or another `@`. Null when the caret is not in one.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|\s)@([^\s@[\]()]{0,30})$/.exec(before);
  if (!m) return null;
  const query = m[2]!;
  return { start: caret - query.length - 1, query };
}
