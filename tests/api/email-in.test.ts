import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';
import { people, newTask, dayKey, type Person } from './support/task-helpers.js';
import { freePort } from './support/ports.js';
import { startMailSink, type MailSink } from './support/mail-sink.js';
import { replyAddress } from '../../api/modules/email-in/email-in.tokens.js';

// Email-in (issue 38, README "Email-in"): real SMTP to the listener the server starts on INBOUND_SMTP_PORT.

const DOMAIN = 'in.planner.test';
const ADDRESS_QUERY = '{ emailIn { address } }';
const ROTATE = 'mutation { rotateEmailIn { address } }';

/** The SMTP error a refused send rejects with (nodemailer sets the reply code and the command refused). */
type SmtpError = Error & { responseCode?: number; command?: string };

let counter = 0;
const marker = () => `m${Date.now().toString(36)}${++counter}`;

/** Sends one message over SMTP to the listener on `port` (no TLS); resolves once it is accepted. */
const sendTo = (port: number, message: SendMailOptions) =>
  nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }).sendMail({ from: 'Someone <someone@example.com>', ...message });
/** The refusal of a message the listener must refuse. */
async function refusedBy(port: number, message: SendMailOptions): Promise<SmtpError> {
  const err = await sendTo(port, message).then(
    () => null,
    (e: SmtpError) => e,
  );
  expect(err, 'the message was accepted').not.toBeNull();
  return err!;
}

/** On the PostgreSQL run, the scale-out setup: the rate limit then counts in Redis. */
const redisEnv = (): Record<string, string> => (usingPostgres() && process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {});

describe('email-in', () => {
  let server: TestServer;
  let sink: MailSink;
  let smtpPort: number;
  let user: Person;
  let manager: Person;
  let admin: Person;
  let address: string;
  const send = (message: SendMailOptions) => sendTo(smtpPort, message);
  const refusal = (message: SendMailOptions) => refusedBy(smtpPort, message);
  /** The user's tasks whose title or description holds `text`. */
  const tasksWith = async (text: string): Promise<any[]> => {
    const res = await user.client.get(`/api/tasks?search=${encodeURIComponent(text)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const onlyTask = async (text: string) => {
    const found = await tasksWith(text);
    expect(found).toHaveLength(1);
    return found[0];
  };
  const addressOf = async (p: Person): Promise<string> => {
    const res = await p.client.gql(ADDRESS_QUERY);
    expect(res.errors).toBeUndefined();
    return res.data.emailIn.address;
  };

  beforeAll(async () => {
    sink = await startMailSink();
    smtpPort = await freePort();
    server = await startServer({
      env: {
        INBOUND_EMAIL_DOMAIN: DOMAIN,
        INBOUND_SMTP_PORT: String(smtpPort),
        INBOUND_SMTP_HOST: '127.0.0.1',
        INBOUND_EMAIL_MAX_MB: '2',
        // Under the message limit: an email can carry a file too large to attach.
        ATTACHMENT_MAX_MB: '1',
        SMTP_URL: sink.url,
        PUBLIC_URL: 'http://planner.test',
        ...redisEnv(),
      },
    });
    ({ user, manager, admin } = await people(server));
    address = await addressOf(user);
  });

  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('gives each person their own address, readable and rotatable only by them', async () => {
    expect(address).toMatch(new RegExp(`^tasks\\+[a-z2-7]{26}@${DOMAIN.replace(/\./g, '\\.')}$`));
    expect(await addressOf(user)).toBe(address);
    const others = await Promise.all([addressOf(manager), addressOf(admin)]);
    expect(new Set([address, ...others]).size).toBe(3);
    const anonymous = await new Client(server.url).gql(ADDRESS_QUERY);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await new Client(server.url).gql(ROTATE)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const rest = await user.client.get('/api/email-in');
    expect(rest.body).toEqual({ address });
  });

  it('turns a plain message into an unscheduled task of the owner', async () => {
    const m = marker();
    await send({ to: address, subject: `Plain ${m}`, text: `Please look at this.\nSecond line ${m}.` });
    const task = await onlyTask(m);
    expect(task).toMatchObject({ title: `Plain ${m}`, assignedToId: user.id, createdById: user.id, scheduledDate: null, column: 'unscheduled' });
    expect(task.description).toBe(`Please look at this.\nSecond line ${m}.`);
  });

  it('turns an HTML-only message into text', async () => {
    const m = marker();
    await send({ to: address, subject: `Html ${m}`, html: `<p>Hello <b>there</b>, ${m}</p><ul><li>first point</li></ul><script>alert(1)</script>` });
    const task = await onlyTask(`Html ${m}`);
    expect(task.description).toContain(`Hello there, ${m}`);
    expect(task.description).toContain('first point');
    expect(task.description).not.toMatch(/<p>|<b>|alert/);
  });

  it('removes Fwd:/Re: from the subject and puts the original sender and date of a forwarded message on top', async () => {
    const m = marker();
    const text = [
      'FYI, see below.',
      '',
      '---------- Forwarded message ---------',
      'From: Alice Example <alice@example.com>',
      'Date: Mon, 23 Nov 2026 at 09:15',
      `Subject: Quarterly numbers ${m}`,
      'To: Bob <bob@example.com>',
      '',
      'The numbers are in.',
    ].join('\n');
    await send({ to: address, subject: `Fwd: RE: fw: Quarterly numbers ${m}`, text });
    const task = await onlyTask(m);
    expect(task.title).toBe(`Quarterly numbers ${m}`);
    expect(task.description.split('\n').slice(0, 2)).toEqual(['From: Alice Example <alice@example.com>', 'Date: Mon, 23 Nov 2026 at 09:15']);
    expect(task.description).toContain('The numbers are in.');
  });

  it("makes the message's files the task's attachments; inline parts are not files; one over ATTACHMENT_MAX_MB is named instead", async () => {
    const m = marker();
    await send({
      to: address,
      subject: `Files ${m}`,
      text: 'Two files attached.',
      html: '<p>Two files attached.</p><img src="cid:logo">',
      attachments: [
        { filename: 'report.pdf', content: Buffer.from('%PDF-1.4\n%not really\n') },
        { filename: 'notes.txt', content: 'some notes' },
        { filename: 'logo.png', content: Buffer.from('89504e47', 'hex'), cid: 'logo', contentDisposition: 'inline' },
        { filename: 'huge.bin', content: Buffer.alloc(1.1 * 1024 * 1024, 7) },
      ],
    });
    const task = await onlyTask(`Files ${m}`);
    expect(task.description).toBe('Two files attached.\n\nNot attached: huge.bin');
    const list = await user.client.get(`/api/tasks/${task.id}/attachments`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.map((a: any) => [a.name, a.size, a.contentType])).toEqual([
      ['report.pdf', 21, 'application/pdf'],
      ['notes.txt', 10, 'text/plain'],
    ]);
    const download = await user.client.get(`/api/attachments/${list.body[1].id}?download=1`);
    expect(download.status).toBe(200);
    expect(download.body).toBe('some notes');
  });

  it('applies quick-add words in the subject', async () => {
    const m = marker();
    await send({ to: address, subject: `Fwd: Call back ${m} tomorrow 3pm !high`, text: 'About the offer.' });
    const task = await onlyTask(m);
    expect(task).toMatchObject({ title: `Call back ${m}`, priority: 'high', scheduledTime: '15:00', assignedToId: user.id, description: 'About the offer.' });
    expect(String(task.scheduledDate).slice(0, 10)).toBe(dayKey(1));
  });

  it('keeps #project and @person words quick add cannot find in the title', async () => {
    const m = marker();
    await send({ to: address, subject: `Ask #nosuchproject about ${m} @nobody-here`, text: 'x' });
    const task = await onlyTask(m);
    expect(task).toMatchObject({ title: `Ask #nosuchproject about ${m} @nobody-here`, assignedToId: user.id });
  });

  it('adds a reply to a notification email as a comment of its recipient', async () => {
    const m = marker();
    const task = await newTask(manager.client, { title: `Assigned ${m}`, assignedToId: user.id });
    // The assignment's notification email (sent in the background; mailIdle waits for it).
    await server.app.notifications.mailIdle();
    const mail = sink.mails.find((x) => x.subject?.includes(m));
    if (!mail) throw new Error('no notification email arrived');
    const replyTo = mail.replyTo?.value[0]?.address;
    expect(replyTo).toMatch(new RegExp(`^tasks\\+r\\.[a-z2-7]{64}@${DOMAIN.replace(/\./g, '\\.')}$`));
    await send({
      to: replyTo,
      subject: `Re: ${mail.subject}`,
      text: `Done, I called them ${m}.\n\nOn Tue, 24 Nov 2026 at 10:00, Let work flow <no-reply@localhost> wrote:\n> ${mail.text?.split('\n')[0]}\n> Open the task`,
    });
    const comments = await user.client.get(`/api/tasks/${task.id}/comments`);
    expect(comments.body).toHaveLength(1);
    expect(comments.body[0]).toMatchObject({ content: `Done, I called them ${m}.`, userId: user.id });
    // A forged token (one character changed) is refused at RCPT TO.
    const forged = replyTo!.replace(/^(tasks\+r\.)(.)/, (_x, p: string, c: string) => `${p}${c === 'a' ? 'b' : 'a'}`);
    expect((await refusal({ to: forged, subject: 'Re: x', text: 'forged' })).responseCode).toBe(550);
  });

  it('stores nothing for a reply by someone who can no longer read the task, nor for an automatic answer', async () => {
    const m = marker();
    const task = await newTask(manager.client, { title: `Moved ${m}`, assignedToId: user.id });
    const { config } = server.app.runtime;
    const replyTo = replyAddress(config.sessionSecret, config.inboundEmailDomain!, task.id, user.id);
    await send({ to: replyTo, subject: 'Re: moved', text: 'Out of office', headers: { 'Auto-Submitted': 'auto-replied' } });
    expect((await manager.client.patch(`/api/tasks/${task.id}`, { assignedToId: manager.id })).status).toBe(200);
    expect((await user.client.get(`/api/tasks/${task.id}`)).status).toBe(404);
    await send({ to: replyTo, subject: 'Re: moved', text: `Too late ${m}` });
    expect((await manager.client.get(`/api/tasks/${task.id}/comments`)).body).toEqual([]);
  });

  it('refuses an unknown token and other domains at RCPT TO with 550, storing nothing', async () => {
    const m = marker();
    for (const to of ['tasks+aaaaaaaaaaaaaaaaaaaaaaaaaa@' + DOMAIN, address.replace(DOMAIN, 'elsewhere.test'), `someone@${DOMAIN}`]) {
      const err = await refusal({ to, subject: `Unknown ${m}`, text: m });
      expect(err.responseCode).toBe(550);
      expect(err.command).toBe('RCPT TO');
    }
    expect(await tasksWith(m)).toEqual([]);
  });

  it('refuses a message over INBOUND_EMAIL_MAX_MB at DATA, storing nothing', async () => {
    const m = marker();
    const err = await refusal({
      to: address,
      subject: `Big ${m}`,
      text: m,
      attachments: [{ filename: 'big.bin', content: Buffer.alloc(2.2 * 1024 * 1024, 7) }],
    });
    expect(err.responseCode).toBe(552);
    expect(err.command).toBe('DATA');
    expect(await tasksWith(m)).toEqual([]);
  });

  it("forgets a deleted person's address", async () => {
    const created = await admin.client.post('/api/users', {
      username: 'mailgone',
      email: 'mailgone@example.com',
      password: 'mailgone123',
      firstName: 'Mail',
      lastName: 'Gone',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const gone = await signedIn(server.url, 'mailgone', 'mailgone123');
    const res = await gone.gql(ADDRESS_QUERY);
    expect(res.errors).toBeUndefined();
    const rows = () =>
      server.app.runtime.orm.em
        .fork()
        .getConnection()
        .execute<{ n: number }[]>('select count(*) as n from email_in_addresses where user_id = ?', [created.body.id]);
    expect(Number((await rows())[0].n)).toBe(1);
    expect((await admin.client.delete(`/api/users/${created.body.id}`)).status).toBe(200);
    expect(Number((await rows())[0].n)).toBe(0);
    const err = await refusal({ to: res.data.emailIn.address, subject: 'After', text: 'after' });
    expect(err.responseCode).toBe(550);
  });

  it('refuses the old address after a rotation and takes the new one', async () => {
    const rotated = await user.client.gql(ROTATE);
    expect(rotated.errors).toBeUndefined();
    const fresh: string = rotated.data.rotateEmailIn.address;
    expect(fresh).not.toBe(address);
    expect(await addressOf(user)).toBe(fresh);
    const m = marker();
    const err = await refusal({ to: address, subject: `Old ${m}`, text: m });
    expect(err.responseCode).toBe(550);
    expect(err.command).toBe('RCPT TO');
    expect(await tasksWith(m)).toEqual([]);
    await send({ to: fresh, subject: `New ${m}`, text: m });
    expect((await onlyTask(m)).title).toBe(`New ${m}`);
    address = fresh;
  });
});

describe('email-in over STARTTLS, with a rate limit', () => {
  let server: TestServer;
  let smtpPort: number;
  let user: Person;
  let certDir: string;

  beforeAll(async () => {
    // A self-signed certificate for the listener's STARTTLS (INBOUND_SMTP_KEY / INBOUND_SMTP_CERT).
    certDir = mkdtempSync(path.join(os.tmpdir(), 'lwf-smtp-tls-'));
    const [key, cert] = [path.join(certDir, 'key.pem'), path.join(certDir, 'cert.pem')];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', `/CN=${DOMAIN}`], {
      stdio: 'ignore',
    });
    smtpPort = await freePort();
    server = await startServer({
      env: {
        INBOUND_EMAIL_DOMAIN: DOMAIN,
        INBOUND_SMTP_PORT: String(smtpPort),
        INBOUND_SMTP_HOST: '127.0.0.1',
        INBOUND_SMTP_KEY: key,
        INBOUND_SMTP_CERT: cert,
        INBOUND_EMAIL_PER_MINUTE: '2',
        ...redisEnv(),
      },
    });
    ({ user } = await people(server));
  });

  afterAll(async () => {
    await server?.close();
    rmSync(certDir, { recursive: true, force: true });
  });

  it('takes a message over STARTTLS, and refuses one over INBOUND_EMAIL_PER_MINUTE at RCPT TO with 450, storing nothing', async () => {
    const address = (await user.client.gql(ADDRESS_QUERY)).data.emailIn.address;
    const m = marker();
    const tls = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, requireTLS: true, tls: { rejectUnauthorized: false } });
    await tls.sendMail({ from: 'someone@example.com', to: address, subject: `First ${m}`, text: m });
    await sendTo(smtpPort, { to: address, subject: `Second ${m}`, text: m });
    const err = await refusedBy(smtpPort, { to: address, subject: `Third ${m}`, text: m });
    expect(err.responseCode).toBe(450);
    expect(err.command).toBe('RCPT TO');
    const titles = (await user.client.get(`/api/tasks?search=${m}`)).body.map((t: { title: string }) => t.title).sort();
    expect(titles).toEqual([`First ${m}`, `Second ${m}`]);
  });
});
