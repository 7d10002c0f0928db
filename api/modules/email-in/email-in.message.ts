import { simpleParser, type Attachment, type ParsedMail } from 'mailparser';
import { LIMITS } from '../../../schema/domain/task-rules.js';

/** A file of a message (inline parts, such as a signature's logo, are not files). */
export interface MailFile {
  name: string;
  content: Buffer;
}

// What an incoming email becomes (issue 38): the subject without its Fwd:/Re: marks is the task's
// quick-add line, the text (mailparser turns an HTML-only body into text) its description, with the
// original sender and date of a forwarded message on top; its files become the task's attachments.

/** A received message as email-in reads it. */
export interface InboundMail {
  subject: string;
  text: string;
  attachments: MailFile[];
  /** The sender and date of the message that was forwarded, when they can be found. */
  forwarded: { from: string | null; date: string | null } | null;
  /** An automatic answer (out of office, bounce, list): never becomes a task or a comment. */
  automatic: boolean;
}

/** A leading `Fwd:`, `Fw:` or `Re:` (any case, also `Fwd[2]:`), removed again and again. */
const PREFIX = /^\s*(?:fwd?|fw|re)\s*(?:\[\d+\])?\s*:\s*/i;
export function subjectTitle(subject: string): string {
  let title = subject;
  while (PREFIX.test(title)) title = title.replace(PREFIX, '');
  return title.replace(/\s+/g, ' ').trim();
}

/** Where a forwarded message starts in the text (Gmail, Outlook, Apple Mail, Thunderbird). */
const FORWARD_MARK = /^(?:-{2,}\s*(?:forwarded message|original message)\s*-{2,}|begin forwarded message:|_{10,})\s*$/i;
const HEADER_LINE = /^\*?(from|date|sent)\s*:\*?\s*(.+)$/i;

/** The sender and date in the header block after a forward mark, or null when there is none. */
export function forwardedHeaders(text: string): { from: string | null; date: string | null } | null {
  const lines = text.split(/\r?\n/);
  const mark = lines.findIndex((l) => FORWARD_MARK.test(l.trim()));
  if (mark < 0) return null;
  let from: string | null = null;
  let date: string | null = null;
  for (const line of lines.slice(mark + 1, mark + 15)) {
    const trimmed = line.trim().replace(/^>\s?/, '');
    if (!trimmed) {
      if (from || date) break;
      continue;
    }
    const m = HEADER_LINE.exec(trimmed);
    if (!m) continue;
    const value = m[2].replace(/\*/g, '').trim();
    if (m[1].toLowerCase() === 'from') from ??= value;
    else date ??= value;
  }
  return from || date ? { from, date } : null;
}

const addressOf = (mail: ParsedMail): string | null => mail.from?.text || null;
const dateOf = (mail: ParsedMail): string | null => (mail.date ? mail.date.toUTCString() : null);

/** True for an automatic message (RFC 3834 Auto-Submitted, Precedence bulk/junk/auto_reply, X-Autoreply). */
function isAutomatic(mail: ParsedMail): boolean {
  const header = (name: string) => String(mail.headers.get(name) ?? '').toLowerCase();
  const submitted = header('auto-submitted');
  return (submitted !== '' && submitted !== 'no') || /^(bulk|junk|list|auto_reply)$/.test(header('precedence')) || mail.headers.has('x-autoreply');
}

/** Parses a raw message; a message forwarded as an attachment (message/rfc822) gives its sender, date and text. */
export async function readInboundMail(raw: Buffer): Promise<InboundMail> {
  const mail = await simpleParser(raw);
  let text = (mail.text ?? '').trim();
  const attached = mail.attachments.find((a) => a.contentType === 'message/rfc822');
  const fileOf = (a: Attachment): MailFile => ({ name: a.filename || 'unnamed attachment', content: a.content });
  const attachments = mail.attachments.filter((a) => a !== attached && a.contentDisposition !== 'inline').map(fileOf);
  let forwarded = forwardedHeaders(text);
  if (attached) {
    const inner = await simpleParser(attached.content);
    forwarded ??= { from: addressOf(inner), date: dateOf(inner) };
    text = [text, (inner.text ?? '').trim()].filter(Boolean).join('\n\n');
    attachments.push(...inner.attachments.filter((a) => a.contentDisposition !== 'inline').map(fileOf));
  }
  return { subject: mail.subject ?? '', text, attachments, forwarded, automatic: isAutomatic(mail) };
}

/** The task's description: the forwarded message's sender and date, the text, the names of files it could not attach. */
export function taskDescription(mail: InboundMail, notAttached: readonly string[] = []): string | null {
  const head = mail.forwarded
    ? [mail.forwarded.from && `From: ${mail.forwarded.from}`, mail.forwarded.date && `Date: ${mail.forwarded.date}`].filter(Boolean).join('\n')
    : '';
  const files = notAttached.length ? `Not attached: ${notAttached.join(', ')}` : '';
  const text = [head, mail.text, files].filter(Boolean).join('\n\n');
  return text ? text.slice(0, LIMITS.descriptionMax) : null;
}

/** Where the quoted message starts in a reply ("On ... wrote:", an Outlook header block, a signature). */
const QUOTE_START = [/^-{2,}\s*original message\s*-{2,}/i, /^_{10,}\s*$/, /^-- ?$/, /^(?:from|von|de):\s.+/i, /^sent from my /i];

/** The new text of a reply: up to where the quoted message starts, without quoted (`>`) lines. */
export function replyText(text: string): string {
  const lines = text.split(/\r?\n/);
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    // "On <date>, <name> wrote:", on one line or wrapped onto the next.
    const wrote = /^on\s/i.test(line) && (/wrote:\s*$/i.test(line) || /wrote:\s*$/i.test(lines[i + 1] ?? ''));
    if (wrote || QUOTE_START.some((re) => re.test(line))) break;
    if (!line.startsWith('>')) kept.push(lines[i]);
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, LIMITS.commentMax);
}
