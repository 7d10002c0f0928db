import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { SMTPServer, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AppRuntime } from '../../common/context.js';
import { logger } from '../../common/logger.js';
import type { LoginLimiterStore } from '../../auth/rate-limit.js';
import { readInboundMail } from './email-in.message.js';
import { MAX_RECIPIENTS } from './email-in.policy.js';
import { findRecipient, receiveMail } from './email-in.service.js';

/** The SMTP listener of email-in, started and stopped with the app. */
export interface EmailInListener {
  /** Binds INBOUND_SMTP_HOST:INBOUND_SMTP_PORT; resolves with the bound port. */
  listen(): Promise<number>;
  /** Stops accepting, lets messages in flight finish (a few seconds at most), then closes. */
  close(): Promise<void>;
}

/** How long open SMTP sessions may take to finish at shutdown before they are told 421. */
const CLOSE_TIMEOUT_MS = 3000;

/** An SMTP answer: smtp-server sends `code message` for an error carrying responseCode. */
const reply = (code: number, message: string): Error => Object.assign(new Error(message), { responseCode: code });

/** Messages per recipient address a minute (INBOUND_EMAIL_PER_MINUTE), in this process or in the Redis every process shares. */
function perAddressLimiter(perMinute: number, store: LoginLimiterStore): RateLimiterAbstract {
  const options = { points: perMinute, duration: 60 };
  return store.kind === 'redis'
    ? new RateLimiterRedis({ ...options, storeClient: store.client, keyPrefix: `${store.keyPrefix}email-in` })
    : new RateLimiterMemory({ ...options, keyPrefix: 'email-in' });
}

/**
 * The listener of INBOUND_SMTP_PORT, or null when it is not set (docs/DECISIONS.md, "Email-in"). A
 * recipient that names no address of ours is refused at RCPT TO (550), one over its rate at RCPT TO
 * (450, the sender retries later), a message over INBOUND_EMAIL_MAX_MB at the end of DATA (552): a
 * refused message stores nothing.
 */
export function createEmailInListener(runtime: AppRuntime, store: LoginLimiterStore): EmailInListener | null {
  const { config } = runtime;
  const smtp = config.inboundSmtp;
  if (!smtp) return null;
  const limiter = perAddressLimiter(config.inboundEmailPerMinute, store);
  const tls = smtp.keyFile && smtp.certFile ? { key: readFileSync(smtp.keyFile), cert: readFileSync(smtp.certFile) } : null;
  const inFlight = new Set<Promise<unknown>>();

  const onRcptTo = async (address: string, session: SMTPServerSession): Promise<void> => {
    if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) throw reply(452, '4.5.3 Too many recipients');
    const recipient = await findRecipient(runtime, address).catch((err: unknown) => {
      logger.warn(`Email-in could not look a recipient up: ${(err as Error).message}`);
      throw reply(451, '4.3.0 Try again later');
    });
    if (!recipient) throw reply(550, '5.1.1 No such recipient here');
    try {
      await limiter.consume(address.toLowerCase());
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw reply(450, '4.7.1 Too many messages to this address: try again later');
      logger.warn(`Email-in rate limit unavailable: ${(rejection as Error).message}`);
      throw reply(451, '4.3.0 Try again later');
    }
  };

  /** Acts on a whole message for each of its recipients (looked up again: one may have been rotated since RCPT TO). */
  const deliver = async (raw: Buffer, recipients: string[]): Promise<void> => {
    const mail = await readInboundMail(raw);
    for (const address of recipients) {
      const recipient = await findRecipient(runtime, address);
      if (recipient) await receiveMail(runtime, recipient, mail);
    }
  };

  const onData = (stream: SMTPServerDataStream, session: SMTPServerSession, done: (err?: Error | null) => void): void => {
    const chunks: Buffer[] = [];
    let kept = 0;
    stream.on('data', (chunk: Buffer) => {
      if (kept > config.inboundEmailMaxBytes) return; // read to the end, keep nothing more
      chunks.push(chunk);
      kept += chunk.length;
    });
    stream.on('end', () => {
      if (stream.sizeExceeded) return done(reply(552, '5.3.4 Message too big'));
      const p = deliver(
        Buffer.concat(chunks),
        session.envelope.rcptTo.map((r) => r.address),
      ).then(
        () => done(),
        (err: unknown) => {
          logger.warn(`Email-in could not store a message: ${(err as Error).message}`);
          done(reply(451, '4.3.0 Try again later'));
        },
      );
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    });
  };

  // smtp-server is loaded only when the listener starts: a server without INBOUND_SMTP_PORT never needs it.
  const start = async (): Promise<SMTPServer> => {
    const { SMTPServer } = await import('smtp-server');
    const created = new SMTPServer({
      name: config.inboundEmailDomain ?? undefined,
      banner: 'Let work flow email-in',
      logger: false,
      authOptional: true,
      disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
      ...(tls ?? {}),
      secure: false,
      size: config.inboundEmailMaxBytes,
      closeTimeout: CLOSE_TIMEOUT_MS,
      onRcptTo: (address, session, callback) =>
        void onRcptTo(address.address, session).then(
          () => callback(),
          (err: Error) => callback(err),
        ),
      onData,
    });
    created.on('error', (err) => logger.warn(`Email-in SMTP error: ${err.message}`));
    return created;
  };
  let server: SMTPServer | null = null;

  return {
    listen: async () => {
      const listening = (server ??= await start());
      return new Promise<number>((resolve, reject) => {
        const net = (listening as unknown as { server: { once(e: string, f: (err: Error) => void): void; address(): AddressInfo } }).server;
        net.once('error', reject);
        listening.listen(smtp.port, smtp.host, () => resolve(net.address().port));
      });
    },
    close: async () => {
      const running = server;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}
