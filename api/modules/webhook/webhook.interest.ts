import type { EventSubscriber, FlushEventArgs, MikroORM, TransactionEventArgs } from '@mikro-orm/core';
import { logger } from '../../common/logger.js';
import { Webhook } from './webhook.entity.js';

/**
 * Which events an enabled webhook wants, so that a change nobody listens for queues nothing in the
 * outbox (the worker would only delete it: its payload, insert and delete cost a write a fifth of its
 * CPU). A webhook receives the events recorded while it is enabled.
 *
 * Known exactly only where this process is the one writer of the database (no Redis: one server
 * process, docs/SCALE-OUT.md); with several processes, another one may enable a webhook at any time,
 * so every event is queued and the worker decides, as before.
 *
 * Kept current by a flush subscriber: from the moment a flush that changes a webhook starts, `wants`
 * answers yes to everything until the change has committed and the enabled webhooks have been read
 * again, so an event is never skipped for a webhook enabled before it. A flush that fails keeps that
 * answer until the next change of a webhook; a webhook changed without the unit of work (a statement
 * by hand) is seen at the next change or restart.
 */
export interface WebhookInterest {
  /** Whether an enabled webhook may want this event (always true unless known exactly). */
  wants(event: string): boolean;
}

declare module '../../common/context.js' {
  interface AppRuntime {
    /** Which events an enabled webhook wants (the outbox queues only those). */
    webhookInterest: WebhookInterest;
  }
}

/** Every event is queued: the worker decides (several server processes). */
export const QUEUE_EVERY_EVENT: WebhookInterest = { wants: () => true };

/** Reads the enabled webhooks now and follows every change of them made through `orm`. */
export async function watchWebhookInterest(orm: MikroORM): Promise<WebhookInterest> {
  /** The events of every enabled webhook, as last read. */
  let wanted = new Set<string>();
  /** Transactions that changed a webhook and have not ended yet. */
  const open = new Set<unknown>();
  /** Bumped by every change; a read that raced one is not trusted. */
  let version = 0;
  /** A change whose read has not finished (or failed): everything is wanted meanwhile. */
  let settled = false;

  async function read(): Promise<void> {
    const started = ++version;
    settled = false;
    try {
      const hooks = await orm.em.fork().find(Webhook, { enabled: true }, { fields: ['events'] });
      if (started !== version) return; // a later change reads again
      wanted = new Set(hooks.flatMap((hook) => hook.events));
      settled = true;
    } catch (err) {
      // Unknown: keep queueing everything (the worker decides) until the next change reads again.
      logger.warn(`Webhook interest not read: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  const changesWebhook = (args: FlushEventArgs) => args.uow.getChangeSets().some((cs) => cs.entity instanceof Webhook);
  const subscriber: EventSubscriber = {
    onFlush(args: FlushEventArgs) {
      if (!changesWebhook(args)) return;
      version++; // a read in flight is not trusted
      settled = false;
    },
    afterFlush(args: FlushEventArgs) {
      if (!changesWebhook(args)) return;
      // Inside a transaction: read once it has ended (a read before would not see the change).
      if (args.em.isInTransaction()) open.add(args.em.getTransactionContext());
      else void read();
    },
    afterTransactionCommit: (args: TransactionEventArgs) => ended(args),
    afterTransactionRollback: (args: TransactionEventArgs) => ended(args),
  };
  function ended(args: TransactionEventArgs): void {
    if (open.delete(args.transaction)) void read();
  }
  orm.em.getEventManager().registerSubscriber(subscriber);

  await read();
  return {
    // A change inside a nested transaction never reports its end here: queueing everything is the safe side.
    wants: (event) => !settled || open.size > 0 || wanted.has(event),
  };
}
