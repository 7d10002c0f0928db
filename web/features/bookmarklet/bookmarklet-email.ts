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

/** The path the installed app receives shares on (the web app manifest's share_target, vite.config.ts). */
export const SHARE_PATH = '/share';

/**
 * Reads a share (`/share?title=&text=&url=`, the manifest's share_target) as the bookmarklet's data: the
 * title is the subject, the text the body (the description's limit, not the bookmarklet's), the url the link.
 */
export function readShareParams(params: URLSearchParams): BookmarkletEmail {
  const get = (name: string) => (params.get(name) ?? '').trim();
  return { subject: get('title'), body: get('text').slice(0, LIMITS.descriptionMax), sender: '', url: get('url') };
}

/** The task description of a share: the text, then the link unless the text holds it already. */
export function shareDescription(shared: BookmarkletEmail): string {
  const link = shared.url && !shared.body.includes(shared.url) ? shared.url : '';
  return [shared.body, link].filter(Boolean).join('\n\n').slice(0, LIMITS.descriptionMax);
}

/** The title of a share: its title, else the first line of its text (Android often shares text alone). */
export const shareTitle = (shared: BookmarkletEmail): string => emailTitle({ ...shared, subject: shared.subject || shared.body.split('\n')[0] || shared.url });
