import { LIMITS } from '../../../schema/domain/task-rules';
import { BOOKMARKLET_BODY_MAX } from './bookmarklet-source';

/** The email data the bookmarklet passes to the create-task page. */
export interface BookmarkletEmail {
  subject: string;
  body: string;
  sender: string;
  url: string;
}

/** Reads the bookmarklet's query parameters: missing ones are empty, the body is cut to 500 characters. */
export function readBookmarkletParams(params: URLSearchParams): BookmarkletEmail {
  const get = (name: string) => (params.get(name) ?? '').trim();
  return { subject: get('subject'), body: get('body').slice(0, BOOKMARKLET_BODY_MAX), sender: get('sender'), url: get('url') };
}

/** The email's address when it is a web link (http or https); anything else (javascript:, data:) is never a link. */
export function emailLink(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The task title from the email: its subject (cut to the title limit). */
export const emailTitle = (email: BookmarkletEmail): string => email.subject.replace(/\s+/g, ' ').slice(0, LIMITS.titleMax);

/** The task description from the email: the body, then who sent it and where it is (plain text). */
export function emailDescription(email: BookmarkletEmail): string {
  const about = [email.sender && `From: ${email.sender}`, email.url && `Email: ${email.url}`].filter(Boolean).join('\n');
  return [email.body, about].filter(Boolean).join('\n\n').slice(0, LIMITS.descriptionMax);
}
