import type { EntityManager, EventSubscriber, FlushEventArgs, TransactionEventArgs, UnitOfWork } from '@mikro-orm/core';
import { TaskEvent } from './task-event.entity.js';

/** Any constant: the PostgreSQL advisory lock that orders the board event log's commits. */
export const EVENT_LOG_LOCK = 7_245_914;

const stagesEvent = (uow: UnitOfWork | undefined): boolean => !!uow?.getChangeSets().some((cs) => cs.entity instanceof TaskEvent);

async function lockEventLog(em: EntityManager, transaction: unknown): Promise<void> {
  await em.getConnection('write').execute('select pg_advisory_xact_lock(?)', [EVENT_LOG_LOCK], 'get', transaction as never);
}

/**
 * PostgreSQL only: a transaction that writes board events takes one advisory lock before its inserts
 * and holds it until it commits, so events commit in the order of their sequence numbers. Without it
 * seq 11 could commit (and be fanned out) before seq 10, and a client resuming from the highest seq it
 * saw would never receive 10. With it, once an event is visible every lower seq is visible too (or
 * was rolled back), which is what the fan-out's gap filling and every client's resume point rely on.
 * SQLite needs nothing: it has one writer at a time. The lock covers only the flush that carries the
 * events (a few statements), so writes of board changes serialise for about a millisecond each.
 */
export class EventLogOrdering implements EventSubscriber {
  /** A flush in its own (implicit) transaction. */
  async afterTransactionStart(args: TransactionEventArgs): Promise<void> {
    if (stagesEvent(args.uow)) await lockEventLog(args.em, args.transaction);
  }

  /** A flush inside a transaction the service opened (em.transactional, em.begin). */
  async onFlush(args: FlushEventArgs): Promise<void> {
    if (args.em.isInTransaction() && stagesEvent(args.uow)) await lockEventLog(args.em, args.em.getTransactionContext());
  }
}
