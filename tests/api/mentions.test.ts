import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client } from './support/client.js';
import { expectRefused, newTask, people, type DemoName, type Person } from './support/task-helpers.js';
import { startMailSink, type MailSink } from './support/mail-sink.js';
import { openSocket, untilLive } from './support/ws.js';

let server: TestServer;
let sink: MailSink;
let p: Record<DemoName, Person>;
/** A second member: reads only their own tasks, so not Uri's. */
let mia: Person;

beforeAll(async () => {
  sink = await startMailSink();
  server = await startServer({ env: { SMTP_URL: sink.url, PUBLIC_URL: 'http://planner.test' } });
  p = await people(server);
  const created = await p.admin.client.post('/api/users', {
    username: 'mia',
    email: 'mia@example.com',
    firstName: 'Mia',
    lastName: 'Member',
    role: 'member',
    password: 'mia-pass-123',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const client = new Client(server.url, { 'x-time-zone': 'UTC' });
  await client.login('mia', 'mia-pass-123');
  mia = { client, id: created.body.id, username: 'mia' };
});
afterAll(async () => {
  await server?.close();
  await sink?.close();
});

const token = (who: Person, name = 'Someone') => `@[${name}](user:${who.id})`;

const comment = async (c: Client, taskId: string, content: string) => {
  const res = await c.post(`/api/tasks/${taskId}/comments`, { content });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

const edit = async (c: Client, id: string, content: string) => {
  const res = await c.patch(`/api/task-comments/${id}`, { content });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const notificationsOf = async (who: Person, taskId: string) => {
  const res = await who.client.get('/api/notifications?first=100');
  expect(res.status).toBe(200);
  return (res.body.items as { kind: string; taskId: string; commentId: string | null; message: string }[]).filter((n) => n.taskId === taskId);
};

describe('@mentions in comments', () => {
  it('a mention of someone who can read the task is stored, returned beside the text (REST, GraphQL) and notifies them', async () => {
    const task = await newTask(p.user.client, { title: 'Mention me', assignedToId: p.user.id });
    const content = `Please look, ${token(p.manager, 'Old Name')} thanks`;
    const body = await comment(p.user.client, task.id, content);
    expect(body.content).toBe(content);
    const start = content.indexOf('@[');
    expect(body.mentions).toEqual([{ userId: p.manager.id, name: 'Maya Manager', start, end: start + token(p.manager, 'Old Name').length }]);

    const listed = await p.user.client.get(`/api/tasks/${task.id}/comments`);
    expect(listed.body[0].mentions).toEqual(body.mentions);

    const gql = await p.user.client.gql('query ($id: ID!) { comments(taskId: $id) { id content mentions { userId name start end } } }', { id: task.id });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.comments[0].mentions).toEqual(body.mentions);

    const added = await p.user.client.gql('mutation ($id: ID!, $c: String!) { addComment(taskId: $id, input: { content: $c }) { mentions { userId name } } }', {
      id: task.id,
      c: `And ${token(p.admin)}`,
    });
    expect(added.data.addComment.mentions).toEqual([{ userId: p.admin.id, name: 'Ada Admin' }]);

    expect(await notificationsOf(p.manager, task.id)).toEqual([
      expect.objectContaining({ kind: 'mentioned', message: 'Uri User mentioned you on "Mention me"' }),
    ]);
    expect((await notificationsOf(p.admin, task.id)).map((n) => n.kind)).toEqual(['mentioned']);
    expect(await notificationsOf(p.user, task.id)).toEqual([]);
  });

  it('a hand-typed mention of someone who cannot read the task stays plain text, notifies nobody and leaks no id', async () => {
    const task = await newTask(p.user.client, { title: 'Private work', assignedToId: p.user.id });
    const body = await comment(p.user.client, task.id, `Hi ${token(mia, 'Mia M')} and @[Nobody](user:00000000-0000-4000-8000-000000000000) and @[X](user:abc)`);
    expect(body.content).toBe('Hi @Mia M and @Nobody and @X');
    expect(body.mentions).toEqual([]);
    expect(JSON.stringify(body)).not.toContain(mia.id);
    expect(await notificationsOf(mia, task.id)).toEqual([]);
    // Editing it in by hand later is refused the same way.
    const edited = await edit(p.user.client, body.id, `Again ${token(mia)}`);
    expect(edited).toMatchObject({ content: 'Again @Someone', mentions: [] });
    expect(await notificationsOf(mia, task.id)).toEqual([]);
  });

  it('editing a comment to add a mention notifies once; editing again does not notify again', async () => {
    const task = await newTask(p.user.client, { title: 'Edited', assignedToId: p.user.id });
    const first = await comment(p.user.client, task.id, 'No one yet');
    expect(await notificationsOf(p.manager, task.id)).toEqual([]);
    const edited = await edit(p.user.client, first.id, `Now ${token(p.manager)}`);
    expect(edited.mentions).toEqual([expect.objectContaining({ userId: p.manager.id, name: 'Maya Manager' })]);
    expect((await notificationsOf(p.manager, task.id)).map((n) => n.kind)).toEqual(['mentioned']);
    await edit(p.user.client, first.id, `Now ${token(p.manager)}, and more words`);
    const gql = await p.user.client.gql('mutation ($id: ID!) { updateComment(id: $id, content: "Still @[Maya](user:' + p.manager.id + ')") { content } }', {
      id: first.id,
    });
    expect(gql.errors).toBeUndefined();
    expect((await notificationsOf(p.manager, task.id)).map((n) => n.kind)).toEqual(['mentioned']);
    // Only the author edits; someone who cannot read the task gets NOT_FOUND.
    expectRefused(await p.manager.client.patch(`/api/task-comments/${first.id}`, { content: 'mine now' }), 403);
    expectRefused(await mia.client.patch(`/api/task-comments/${first.id}`, { content: 'mine now' }), 404);
    expectRefused(await p.user.client.patch(`/api/task-comments/${first.id}`, { content: '  ' }), 400);
  });

  it('the mentioned kind follows its own preferences (email off: in the app only)', async () => {
    const prefs = await p.admin.client.put('/api/notifications/preferences', { preferences: [{ kind: 'mentioned', email: false }] });
    expect(prefs.status).toBe(200);
    const task = await newTask(p.user.client, { title: 'Quiet mention', assignedToId: p.user.id });
    await comment(p.user.client, task.id, `Hi ${token(p.admin)}`);
    await server.app.notifications.mailIdle();
    expect((await notificationsOf(p.admin, task.id)).map((n) => n.kind)).toEqual(['mentioned']);
    expect(sink.mails.some((m) => m.subject === 'Uri User mentioned you on "Quiet mention"')).toBe(false);
  });

  it('mentioning yourself notifies nobody', async () => {
    const task = await newTask(p.manager.client, { title: 'Self', assignedToId: p.user.id });
    const body = await comment(p.user.client, task.id, `Note to ${token(p.user)}`);
    expect(body.mentions).toEqual([expect.objectContaining({ userId: p.user.id })]);
    expect((await notificationsOf(p.user, task.id)).map((n) => n.kind)).toEqual(['assigned']);
    // The creator hears of the comment as before.
    expect((await notificationsOf(p.manager, task.id)).map((n) => n.kind)).toEqual(['commented']);
  });

  it('the mentionable list holds only active people who can read the task, matched by name or username', async () => {
    const task = await newTask(p.user.client, { title: 'Who reads', assignedToId: p.user.id });
    const all = await p.user.client.get(`/api/tasks/${task.id}/mentionable`);
    expect(all.status).toBe(200);
    const ids = (all.body as { id: string }[]).map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([p.admin.id, p.manager.id]));
    expect(ids).not.toContain(mia.id);
    expect(ids).not.toContain(p.user.id);
    const maya = await p.user.client.get(`/api/tasks/${task.id}/mentionable?q=MAYA`);
    expect(maya.body).toEqual([{ id: p.manager.id, username: 'manager', firstName: 'Maya', lastName: 'Manager', name: 'Maya Manager' }]);
    const gql = await p.manager.client.gql('query ($id: ID!) { mentionableUsers(taskId: $id, search: "uri") { id name } }', { id: task.id });
    expect(gql.data.mentionableUsers).toEqual([{ id: p.user.id, name: 'Uri User' }]);
    // Mia's own task: she and the managers read it, Uri does not.
    const hers = await newTask(mia.client, { title: 'Mia only', assignedToId: mia.id });
    const forManager = (await p.manager.client.get(`/api/tasks/${hers.id}/mentionable`)).body.map((u: { id: string }) => u.id);
    expect(forManager).toContain(mia.id);
    expect(forManager).not.toContain(p.user.id);
    expectRefused(await mia.client.get(`/api/tasks/${task.id}/mentionable`), 404);
  });

  it('a comment pushed live carries its mentions', async () => {
    const task = await newTask(p.user.client, { title: 'Live mention', assignedToId: p.user.id });
    const socket = openSocket(server.url, { cookie: p.manager.client.cookieHeader() });
    try {
      type Live = { boardEvents: { kind: string; taskId: string; comment: { content: string; mentions: { userId: string; name: string }[] } | null } };
      const sub = socket.subscribe<Live>('subscription { boardEvents { kind taskId comment { content mentions { userId name } } } }');
      await untilLive(
        sub,
        async () => (await comment(p.user.client, task.id, `probe ${token(p.manager)}`)).content,
        (d, content) => d.boardEvents.comment?.content === content,
      );
      const live = sub.events.find((e) => e.boardEvents.kind === 'COMMENT_CREATED' && e.boardEvents.taskId === task.id)!;
      expect(live.boardEvents.comment!.mentions).toEqual([{ userId: p.manager.id, name: 'Maya Manager' }]);
      // An edit is pushed as COMMENT_UPDATED, with the new text and mentions.
      const draft = await comment(p.user.client, task.id, 'to edit');
      const edited = await edit(p.user.client, draft.id, `edited ${token(p.admin)}`);
      const update = await sub.waitFor((d) => d.boardEvents.kind === 'COMMENT_UPDATED' && d.boardEvents.comment?.content === edited.content);
      expect(update.boardEvents.comment!.mentions).toEqual([{ userId: p.admin.id, name: 'Ada Admin' }]);
    } finally {
      await socket.dispose();
    }
  });

  it('keeps at most 20 mentions in one comment; later tokens become plain text', async () => {
    const task = await newTask(p.user.client, { title: 'Many', assignedToId: p.user.id });
    const body = await comment(p.user.client, task.id, Array.from({ length: 22 }, (_, i) => token(p.manager, `M${i}`)).join(' '));
    expect(body.mentions).toHaveLength(20);
    expect(body.content.endsWith('@M20 @M21')).toBe(true);
    expect((await notificationsOf(p.manager, task.id)).map((n) => n.kind)).toEqual(['mentioned']);
  });
});

describe('@mentions in task descriptions', () => {
  it('a new task mentioning a reader notifies them once, returns the structured field (REST, GraphQL); an unrelated edit notifies no one again', async () => {
    const description = `Plan with ${token(p.manager, 'Maya')} please`;
    const task = await newTask(p.user.client, { title: 'Described', assignedToId: p.user.id, description });
    expect(task.description).toBe(description);
    const start = description.indexOf('@[');
    const expected = [{ userId: p.manager.id, name: 'Maya Manager', start, end: start + token(p.manager, 'Maya').length }];
    expect(task.descriptionMentions).toEqual(expected);
    expect((await p.user.client.get(`/api/tasks/${task.id}`)).body.descriptionMentions).toEqual(expected);
    const listed = await p.user.client.get(`/api/tasks?search=Described&limit=10`);
    expect(listed.body.find((t: { id: string }) => t.id === task.id).descriptionMentions).toEqual(expected);
    const gql = await p.user.client.gql('query ($id: ID!) { task(id: $id) { descriptionMentions { userId name start end } } }', { id: task.id });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.task.descriptionMentions).toEqual(expected);

    const mentioned = () => notificationsOf(p.manager, task.id).then((list) => list.filter((n) => n.kind === 'mentioned'));
    expect(await mentioned()).toEqual([
      expect.objectContaining({ kind: 'mentioned', commentId: null, message: 'Uri User mentioned you in the description of "Described"' }),
    ]);
    // Other fields change, the description stays: no second notification; nor for a resent description.
    expect((await p.user.client.patch(`/api/tasks/${task.id}`, { title: 'Described again', description })).status).toBe(200);
    expect((await p.user.client.patch(`/api/tasks/${task.id}`, { description: `${description}, more words` })).status).toBe(200);
    expect(await mentioned()).toHaveLength(1);
    // The author mentioning themself is not notified.
    expect((await p.user.client.patch(`/api/tasks/${task.id}`, { description: `${description} ${token(p.user)}` })).status).toBe(200);
    expect((await notificationsOf(p.user, task.id)).filter((n) => n.kind === 'mentioned')).toEqual([]);
  });

  it('editing a description to add a mention notifies once (GraphQL); a non-reader stays plain text, notified of nothing, no id leaks', async () => {
    const task = await newTask(p.user.client, { title: 'Later mention', assignedToId: p.user.id, description: 'No one' });
    expect(task.descriptionMentions).toEqual([]);
    const update = (description: string) =>
      p.user.client.gql(
        'mutation ($id: ID!, $d: String) { updateTask(id: $id, input: { description: $d }) { description descriptionMentions { userId name } } }',
        {
          id: task.id,
          d: description,
        },
      );
    const first = await update(`Now ${token(p.admin)} and ${token(mia, 'Mia M')}`);
    expect(first.errors).toBeUndefined();
    expect(first.data.updateTask).toEqual({
      description: `Now ${token(p.admin)} and @Mia M`,
      descriptionMentions: [{ userId: p.admin.id, name: 'Ada Admin' }],
    });
    expect(JSON.stringify(first)).not.toContain(mia.id);
    await update(`Now ${token(p.admin)} and @Mia M, edited`);
    expect((await notificationsOf(p.admin, task.id)).map((n) => n.kind)).toEqual(['mentioned']);
    expect(await notificationsOf(mia, task.id)).toEqual([]);
    // A new task whose description names a non-reader by hand: plain text.
    const other = await newTask(p.user.client, { title: 'Hand typed', assignedToId: p.user.id, description: `Hi ${token(mia)}` });
    expect(other).toMatchObject({ description: 'Hi @Someone', descriptionMentions: [] });
    expect(await notificationsOf(mia, other.id)).toEqual([]);
  });

  it('on a new task, the mentionable people are those who will read it (REST, GraphQL)', async () => {
    const ids = async (c: Client, query = '') => ((await c.get(`/api/tasks/mentionable${query}`)).body as { id: string }[]).map((u) => u.id);
    // Uri's own new task: the managers and admins read it, Mia does not.
    const forUri = await ids(p.user.client);
    expect(forUri).toEqual(expect.arrayContaining([p.admin.id, p.manager.id]));
    expect(forUri).not.toContain(mia.id);
    expect(forUri).not.toContain(p.user.id);
    // A manager's new task for Mia: Mia will read it.
    expect(await ids(p.manager.client, `?assignedToId=${mia.id}`)).toContain(mia.id);
    expect(await ids(p.manager.client)).not.toContain(mia.id);
    const gql = await p.user.client.gql('{ mentionableUsers(search: "maya") { id } }');
    expect(gql.data.mentionableUsers).toEqual([{ id: p.manager.id }]);
  });
});
