import http from 'node:http';
import https from 'node:https';
import { createHmac } from 'node:crypto';
import { LockMode, type EntityManager, type EventSubscriber, type FlushEventArgs, type MikroORM } from '@mikro-orm/core';
import type { AppConfig } from '../../config.js';
import { logger } from '../../common/logger.js';
import { newId } from '../../common/ids.js';
import { Webhook, WebhookDelivery, WebhookEvent } from './webhook.entity.js';
import { BlockedAddressError, guardedLookup, isPublicAddress, literalAddress } from './webhook.address.js';

/** Attempts per delivery before it is marked failed (then only a redelivery sends it again). */
export const MAX_ATTEMPTS = 6;
/** Deliveries claimed (and sent at once) per round. */
const BATCH = 10;
/** Outbox events turned into deliveries per transaction. */
const FAN_OUT_BATCH = 100;
/** How often an idle worker looks for work queued by other processes (or left by a crashed one). */
const IDLE_POLL_MS = 2_000;
/** A claim outlives the attempt's timeout by this much; after that another process may try again. */
const LEASE_MARGIN_MS = 30_000;
/** The most of a receiver's answer read (and the error text kept). */
const ERROR_MAX = 500;

export const SIGNATURE_HEADER = 'X-LWF-Signature';

/** `sha256=<hex HMAC-SHA256 of the body with the secret>`: the X-LWF-Signature header. */
export const signature = (secret: string, body: string): string => `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

/** The wait before attempt n+1 after attempt n failed: base, 2x base, 4x base ... */
export const backoffMs = (baseMs: number, attempt: number): number => baseMs * 2 ** (attempt - 1);

interface AttemptResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** The worker is stopping: the attempt does not count. */
  aborted?: boolean;
}

interface SendOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  signal: AbortSignal;
}

/**
 * POSTs a body to a URL once, without following redirects; resolves with the outcome (never rejects).
 * Unless private addresses are allowed, the address connected to must be public (a literal host is
 * checked here, a name by guardedLookup as it is resolved).
 */
export function postOnce(url: string, body: string, headers: Record<string, string>, options: SendOptions): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      resolve({ ...result, durationMs: elapsed() });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ statusCode: null, durationMs: 0, error: 'Invalid URL' });
    }
    const literal = literalAddress(target.hostname);
    if (!options.allowPrivate && literal && !isPublicAddress(literal)) {
      return resolve({ statusCode: null, durationMs: 0, error: `Refused: ${new BlockedAddressError(literal).message}` });
    }
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(target, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      agent: false,
      ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish({ statusCode: null, error: `Timed out after ${options.timeoutMs} ms` });
    }, options.timeoutMs);
    const onAbort = () => {
      req.destroy();
      finish({ statusCode: null, error: 'Stopped', aborted: true });
    };
    options.signal.addEventListener('abort', onAbort);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (text.length < ERROR_MAX) text += chunk;
      });
      res.on('end', () => {
        const ok = status >= 200 && status < 300;
        finish({ statusCode: status, error: ok ? null : `HTTP ${status}${text.trim() ? `: ${text.trim().slice(0, 200)}` : ''}` });
      });
      res.on('error', (err) => finish({ statusCode: status, error: err.message }));
    });
    req.on('error', (err) => {
      const message = err instanceof BlockedAddressError ? `Refused: ${err.message}` : err.message || String(err);
      finish({ statusCode: null, error: message.slice(0, ERROR_MAX) });
    });
    req.end(body);
  });
}

export interface WebhookWorker {
  /** Look for work now (something was queued in this process). */
  wake(): void;
  /** Stops polling, aborts attempts in flight (their claims are released for the next process) and waits for the round to end. */
  stop(): Promise<void>;
}

/**
 * The delivery worker of one server process: turns outbox events into deliveries, claims due
 * deliveries atomically (so with several processes each is sent by one of them), sends them and
 * records the outcome, retrying with exponential backoff. Idle, it sleeps until the next retry is due
 * or the slow poll (other processes' work); a change queued in this process wakes it at once.
 */
export function startWebhookWorker(orm: MikroORM, config: AppConfig, clock: () => Date = () => new Date()): WebhookWorker {
  const postgres = !!config.databaseUrl;
  const enabledTrue = postgres ? 'true' : '1';
  const aborter = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, delayMs));
    timer.unref();
  };

  function run(): void {
    timer = null;
    if (stopped) return;
    if (round) {
      again = true;
      return;
    }
    round = (async () => {
      let next = IDLE_POLL_MS;
      try {
        do {
          again = false;
          while ((await fanOut()) === FAN_OUT_BATCH && !stopped);
          while ((await sendDue()) === BATCH && !stopped);
        } while (again && !stopped);
        next = await untilNextDue();
      } catch (err) {
        if (!stopped) logger.warn(`Webhook worker: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        round = null;
      }
      schedule(next);
    })();
  }

  /** Outbox events into deliveries (one per enabled webhook subscribed to the event), in one transaction. */
  async function fanOut(): Promise<number> {
    const em = orm.em.fork();
    // No webhook enabled: the queued events concern nobody (one statement, no transaction).
    if ((await em.count(Webhook, { enabled: true })) === 0) {
      await em.nativeDelete(WebhookEvent, {});
      return 0;
    }
    return em.transactional(async (tx) => {
      const events = await tx.find(
        WebhookEvent,
        {},
        {
          orderBy: { createdAt: 'asc', id: 'asc' },
          limit: FAN_OUT_BATCH,
          // Another process fanning out at the same moment skips these rows instead of doing them twice.
          ...(postgres ? { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE } : {}),
        },
      );
      if (events.length === 0) return 0;
      const hooks = await tx.find(Webhook, { enabled: true });
      const now = clock().getTime();
      for (const event of events) {
        for (const hook of hooks) {
          if (!hook.events.includes(event.event)) continue;
          const delivery = new WebhookDelivery();
          Object.assign(delivery, {
            webhookId: hook.id,
            eventId: event.id,
            event: event.event,
            body: event.body,
            nextAttemptAt: now,
            createdAt: event.createdAt,
          });
          tx.persist(delivery);
        }
      }
      await tx.nativeDelete(WebhookEvent, { id: { $in: events.map((e) => e.id) } });
      return events.length;
    });
  }

  /**
   * Claims due deliveries with one conditional statement (PostgreSQL: the candidates are locked
   * SKIP LOCKED, so two processes never claim the same row; a claim is a lease that a crashed
   * sender's expires), sends them at once and records each outcome. Returns how many were claimed.
   */
  async function sendDue(): Promise<number> {
    const em = orm.em.fork();
    const now = clock().getTime();
    const token = newId();
    const lease = now + config.webhookTimeoutMs + LEASE_MARGIN_MS;
    await em.getConnection().execute(
      `update webhook_deliveries set claimed_until = ?, claim_token = ?, attempt = attempt + 1
       where id in (
         select d.id from webhook_deliveries d join webhooks w on w.id = d.webhook_id
         where d.status = 'pending' and w.enabled = ${enabledTrue} and d.next_attempt_at <= ? and (d.claimed_until is null or d.claimed_until < ?)
         order by d.next_attempt_at, d.id limit ${BATCH}${postgres ? ' for update of d skip locked' : ''}
       ) and (claimed_until is null or claimed_until < ?)`,
      [lease, token, now, now, now],
      'run',
    );
    const claimed = await em.find(WebhookDelivery, { claimToken: token }, { populate: ['body'] as never });
    if (claimed.length === 0) return 0;
    const hooks = new Map((await em.find(Webhook, { id: { $in: [...new Set(claimed.map((d) => d.webhookId))] } })).map((h) => [h.id, h]));
    await Promise.all(claimed.map((d) => attempt(em, d, hooks.get(d.webhookId) ?? null, token)));
    return claimed.length;
  }

  async function attempt(em: EntityManager, delivery: WebhookDelivery, hook: Webhook | null, token: string): Promise<void> {
    const result: AttemptResult = hook
      ? await postOnce(
          hook.url,
          delivery.body,
          {
            'content-type': 'application/json',
            'user-agent': 'LetWorkFlow-Webhooks/1',
            [SIGNATURE_HEADER]: signature(hook.secret, delivery.body),
            'X-LWF-Event': delivery.event,
            'X-LWF-Delivery': delivery.id,
          },
          { timeoutMs: config.webhookTimeoutMs, allowPrivate: config.webhookAllowPrivate, signal: aborter.signal },
        )
      : { statusCode: null, durationMs: 0, error: 'The webhook was deleted' };
    const mine = { id: delivery.id, claimToken: token };
    if (result.aborted) {
      // Stopping: give the claim back untouched, so the next process sends it without losing an attempt.
      await em.nativeUpdate(WebhookDelivery, mine, { attempt: delivery.attempt - 1, claimedUntil: null, claimToken: null });
      return;
    }
    const ok = result.error === null;
    const finished = ok || delivery.attempt >= MAX_ATTEMPTS || !hook;
    await em.nativeUpdate(WebhookDelivery, mine, {
      status: ok ? 'succeeded' : finished ? 'failed' : 'pending',
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      error: result.error,
      lastAttemptAt: clock(),
      nextAttemptAt: finished ? delivery.nextAttemptAt : clock().getTime() + backoffMs(config.webhookRetryBaseMs, delivery.attempt),
      claimedUntil: null,
      claimToken: null,
    });
    if (!ok) logger.debug(`Webhook delivery ${delivery.id} attempt ${delivery.attempt} failed: ${result.error}`);
  }

  /** Milliseconds until the earliest unclaimed due delivery (at most the idle poll). */
  async function untilNextDue(): Promise<number> {
    const now = clock().getTime();
    const rows = await orm.em
      .fork()
      .getConnection()
      .execute<{ next: number | string | null }[]>(
        `select min(d.next_attempt_at) as next from webhook_deliveries d join webhooks w on w.id = d.webhook_id
       where d.status = 'pending' and w.enabled = ${enabledTrue} and (d.claimed_until is null or d.claimed_until < ?)`,
        [now],
      );
    const next = rows[0]?.next;
    if (next === null || next === undefined) return IDLE_POLL_MS;
    return Math.min(IDLE_POLL_MS, Math.max(10, Number(next) - now));
  }

  // Wake on a change queued in this process: after its flush, or after the commit of the transaction it was flushed in.
  let wakeAfterCommit = false;
  const subscriber: EventSubscriber = {
    afterFlush(args: FlushEventArgs) {
      const queued = args.uow
        .getChangeSets()
        .some((cs) => cs.entity instanceof WebhookEvent || (cs.entity instanceof WebhookDelivery && cs.entity.status === 'pending'));
      if (!queued) return;
      if (args.em.isInTransaction()) wakeAfterCommit = true;
      else worker.wake();
    },
    afterTransactionCommit() {
      if (!wakeAfterCommit) return;
      wakeAfterCommit = false;
      worker.wake();
    },
  };
  orm.em.getEventManager().registerSubscriber(subscriber);

  const worker: WebhookWorker = {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      aborter.abort();
      await round;
    },
  };
  schedule(0);
  return worker;
}
