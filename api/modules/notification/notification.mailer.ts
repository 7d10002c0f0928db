import nodemailer, { type Transporter } from 'nodemailer';
import { logger } from '../../common/logger.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes: email-in's address for the task and recipient (a reply becomes a comment). */
  replyTo?: string;
}

export interface Mailer {
  /** Sends in the background: failures are retried with backoff and logged, never thrown. */
  send(message: MailMessage): void;
  /** Resolves when every send in flight has finished or given up (tests, shutdown). */
  idle(): Promise<void>;
  close(): void;
}

/** Attempts per email, and the wait before the second (doubling after). */
export const MAIL_ATTEMPTS = 3;
const FIRST_RETRY_MS = 1_000;

/** The SMTP mailer of SMTP_URL (nodemailer), or null when no SMTP_URL is set (nothing is sent). */
export function createMailer(smtpUrl: string | null, from: string): Mailer | null {
  if (!smtpUrl) return null;
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      t.unref();
      timers.add(t);
    });

  const deliver = async (message: MailMessage) => {
    for (let attempt = 1; attempt <= MAIL_ATTEMPTS && !closed; attempt++) {
      try {
        await transport.sendMail({ from, ...message });
        return;
      } catch (err) {
        const last = attempt === MAIL_ATTEMPTS;
        logger.warn(
          `Notification email to ${message.to} failed (attempt ${attempt} of ${MAIL_ATTEMPTS}${last ? ', giving up' : ''}): ${(err as Error).message}`,
        );
        if (!last) await wait(FIRST_RETRY_MS * 2 ** (attempt - 1));
      }
    }
  };

  return {
    send(message) {
      if (closed) return;
      const p = deliver(message).finally(() => inFlight.delete(p));
      inFlight.add(p);
    },
    async idle() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      transport.close();
    },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The email of one notification: its message and a link that opens the task in the planner; `replyTo` when replies are received. */
export function notificationEmail(to: string, message: string, taskLink: string | null, replyTo: string | null = null): MailMessage {
  const text = taskLink ? `${message}\n\nOpen the task: ${taskLink}\n` : `${message}\n`;
  const html =
    `<p>${escapeHtml(message)}</p>` +
    (taskLink ? `<p><a href="${escapeHtml(taskLink)}">Open the task</a></p>` : '') +
    '<p style="color:#64748b;font-size:12px">You can change which notifications you get by email in Settings.</p>';
  return { to, subject: message.length > 150 ? `${message.slice(0, 147)}...` : message, text, html, ...(replyTo ? { replyTo } : {}) };
}
