import type { EntityManager, EventSubscriber, FlushEventArgs, MikroORM, UnitOfWork } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import type { AppRuntime } from '../../common/context.js';
import { logger } from '../../common/logger.js';
import { AuditEntry } from '../audit/audit.entity.js';
import { User } from '../user/user.entity.js';
import { Notification } from './notification.entity.js';
import { createMailer, notificationEmail, type Mailer } from './notification.mailer.js';
import { deliveriesForAudit, type Delivery } from './notification.service.js';
import { reminderDeliveries } from './notification.reminders.js';
import { replyAddress } from '../email-in/email-in.tokens.js';

/** What the composition root holds of the notification module (one per app, so two apps in one test process never share it). */
export interface NotificationRuntime {
  /** Runs one reminder round now (what the timer does every REMINDER_INTERVAL_SECONDS); resolves with the reminders made. */
  runReminderRound(): Promise<number>;
  /** Resolves when every email in flight was sent or given up. */
  mailIdle(): Promise<void>;
  /** Stops the scheduler (waiting for a round in flight) and the mailer. */
  close(): Promise<void>;
}

/**
 * Any constant of its own: the PostgreSQL advisory lock that lets one process at a time run a reminder
 * round. (It was the board event log's, event-log-ordering.ts: a round was skipped whenever a write
 * held that lock, and writes of board events waited for a round.)
 */
const REMINDER_LOCK = 7_245_915;

/** The link that opens a task in the planner's details sheet (scrolled to the comment, when given). */
export const taskLink = (publicUrl: string, taskId: string | null, commentId: string | null = null): string | null =>
  taskId ? `${publicUrl}/?task=${encodeURIComponent(taskId)}${commentId ? `&comment=${encodeURIComponent(commentId)}` : ''}` : null;

/**
 * The notification module's extension point: a MikroORM flush subscriber. Before a flush it reads the
 * audit entries the change staged (every service records one per change, audit.service) and persists
 * the notifications they cause in the same flush (so they commit with the change, and no service
 * imports this module); after the flush it pushes them live and emails them.
 */
class NotificationFlushSubscriber implements EventSubscriber {
  private readonly seen = new WeakSet<AuditEntry>();
  private readonly staged = new WeakMap<UnitOfWork, Delivery[]>();

  constructor(
    private readonly emailAvailable: boolean,
    private readonly deliver: (deliveries: Delivery[]) => void,
  ) {}

  async beforeFlush({ em, uow }: FlushEventArgs): Promise<void> {
    this.staged.delete(uow);
    const entries: AuditEntry[] = [];
    for (const e of uow.getPersistStack()) if (e instanceof AuditEntry && !this.seen.has(e)) entries.push(e);
    if (entries.length === 0) return;
    for (const e of entries) this.seen.add(e);
    const deliveries = await deliveriesForAudit(em, entries, this.emailAvailable);
    for (const d of deliveries) if (d.push) em.persist(d.notification);
    if (deliveries.length) this.staged.set(uow, deliveries);
  }

  afterFlush({ uow }: FlushEventArgs): void {
    const deliveries = this.staged.get(uow);
    if (!deliveries) return;
    this.staged.delete(uow);
    this.deliver(deliveries);
  }
}

/** Runs `round` holding the reminder lock (PostgreSQL: a transaction-scoped advisory lock; SQLite is one process). */
async function withReminderLock<T>(orm: MikroORM, postgres: boolean, round: (em: EntityManager) => Promise<T>, skipped: T): Promise<T> {
  return orm.em.fork().transactional(async (em) => {
    if (postgres) {
      const [row] = await (em as unknown as { execute(sql: string, params: unknown[]): Promise<{ locked: boolean }[]> }).execute(
        'select pg_try_advisory_xact_lock(?) as locked',
        [REMINDER_LOCK],
      );
      if (!row?.locked) return skipped;
    }
    return round(em);
  });
}

/**
 * Starts the notification module for one app: the flush subscriber, the mailer (when SMTP_URL is
 * set) and the reminder scheduler (a timer, one round at a time, never a busy loop).
 */
export function startNotifications(runtime: AppRuntime): NotificationRuntime {
  const { orm, config, realtime } = runtime;
  const clock = runtime.clock ?? (() => new Date());
  const mailer: Mailer | null = createMailer(config.smtpUrl, config.smtpFrom);

  const preparing = new Set<Promise<void>>();
  const email = async (deliveries: Delivery[]) => {
    const users = await orm.em.fork().find(User, { id: { $in: [...new Set(deliveries.map((d) => d.notification.userId))] } });
    const address = new Map(users.filter((u) => u.isActive && u.email).map((u) => [u.id, u.email]));
    for (const { notification: n } of deliveries) {
      const to = address.get(n.userId);
      // Replies come back as comments when this server receives email-in (INBOUND_SMTP_PORT).
      const replyTo =
        n.taskId && config.inboundSmtp && config.inboundEmailDomain ? replyAddress(config.sessionSecret, config.inboundEmailDomain, n.taskId, n.userId) : null;
      if (to) mailer!.send(notificationEmail(to, n.message, taskLink(config.publicUrl, n.taskId, n.commentId), replyTo));
    }
  };

  const deliver = (deliveries: Delivery[]) => {
    for (const d of deliveries) if (d.push) realtime.publishNotification({ userId: d.notification.userId, notificationId: d.notification.id });
    const emailed = deliveries.filter((d) => d.email);
    if (mailer && emailed.length) {
      const p: Promise<void> = email(emailed)
        .catch((err) => logger.warn('Notification emails could not be prepared', err))
        .finally(() => preparing.delete(p));
      preparing.add(p);
    }
  };

  orm.em.getEventManager().registerSubscriber(new NotificationFlushSubscriber(!!mailer, deliver));

  const runReminderRound = async (): Promise<number> => {
    const made = await withReminderLock(
      orm,
      !!config.databaseUrl,
      async (em) => {
        const candidates = await reminderDeliveries(em, clock(), !!mailer);
        if (candidates.length === 0) return [];
        const keys = candidates.map((d) => d.notification.dedupeKey!);
        const existing = new Set((await em.find(Notification, { dedupeKey: { $in: keys } }, { fields: ['dedupeKey'] })).map((n) => n.dedupeKey));
        const fresh = candidates.filter((d) => !existing.has(d.notification.dedupeKey));
        for (const { notification: n } of fresh) {
          // Insert-or-ignore on the unique key: a round that raced another (or a restart) adds nothing twice.
          await (em as SqlEntityManager)
            .createQueryBuilder(Notification)
            .insert({
              id: n.id,
              userId: n.userId,
              kind: n.kind,
              taskId: n.taskId,
              taskTitle: n.taskTitle,
              message: n.message,
              actorId: null,
              dedupeKey: n.dedupeKey,
              readAt: null,
              inApp: n.inApp,
              createdAt: n.createdAt,
            })
            .onConflict('dedupeKey')
            .ignore()
            .execute();
        }
        const inserted = new Set((await em.find(Notification, { id: { $in: fresh.map((d) => d.notification.id) } }, { fields: ['id'] })).map((n) => n.id));
        return fresh.filter((d) => inserted.has(d.notification.id));
      },
      [] as Delivery[],
    );
    if (made.length) deliver(made);
    return made.length;
  };

  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<unknown> | null = null;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      inFlight = runReminderRound()
        .catch((err) => logger.warn('A reminder round failed', err))
        .finally(() => {
          inFlight = null;
          schedule();
        });
    }, config.reminderIntervalMs);
    timer.unref();
  };
  schedule();

  return {
    runReminderRound,
    mailIdle: async () => {
      while (preparing.size) await Promise.all([...preparing]);
      await mailer?.idle();
    },
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await inFlight;
      mailer?.close();
    },
  };
}
