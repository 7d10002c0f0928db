import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';
import { auditOf } from './support/task-helpers.js';

let server: TestServer;
let admin: Client;
let manager: Client;
let member: Client;

const list = async (query = ''): Promise<any[]> => {
  const res = await admin.get(`/api/system-configs${query}`);
  expect(res.status).toBe(200);
  return res.body;
};

beforeAll(async () => {
  server = await startServer();
  [admin, manager, member] = await Promise.all([signedIn(server.url, 'admin'), signedIn(server.url, 'manager'), signedIn(server.url, 'user')]);
});
afterAll(() => server?.close());

describe('categories and priorities over REST', () => {
  it('lists every item or one type, in display order', async () => {
    const all = (await member.get('/api/system-configs')).body;
    expect(all.filter((i: any) => i.configType === 'categories').map((i: any) => i.displayLabel)).toEqual([
      'Dev',
      'IT Ops',
      'Infra',
      'Governance',
      'Design',
      'Testing',
      'Documentation',
      'Process',
    ]);
    const priorities = await list('?configType=priorities');
    expect(priorities.map((i) => i.configKey)).toEqual(['low', 'medium', 'high', 'critical']);
    expect(priorities[0]).toMatchObject({ configType: 'priorities', isActive: true, color: '#22c55e' });
  });

  it('anyone adds an item (the pickers); it goes to the end of its list', async () => {
    const res = await member.post('/api/system-configs', {
      configType: 'categories',
      configKey: 'research',
      displayLabel: 'Research',
      color: '#123ABC',
      isActive: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ configKey: 'research', displayLabel: 'Research', color: '#123abc', sortOrder: 8 });
    const same = await manager.post('/api/system-configs', { configType: 'priorities', configKey: 'research', displayLabel: 'Research' });
    expect(same.status).toBe(201); // the same key in another type is fine
    expect(same.body.color).toBeNull();
  });

  it('refuses missing fields, bad colours and duplicate keys, changing nothing', async () => {
    const before = await list();
    const dev = before.find((i) => i.configKey === 'dev');
    const cases: [string, string, unknown, number, RegExp][] = [
      ['post', '/api/system-configs', { configType: 'categories', configKey: '', displayLabel: 'X' }, 400, /^Please fill in all required fields\.$/],
      ['post', '/api/system-configs', { configType: 'categories', configKey: 'x', displayLabel: '   ' }, 400, /^Please fill in all required fields\.$/],
      ['post', '/api/system-configs', { configKey: 'x', displayLabel: 'X' }, 400, /^Please fill in all required fields\.$/],
      ['post', '/api/system-configs', { configType: 'categories', configKey: 'x', displayLabel: 'X', color: 'blue' }, 400, /Colour must be a hex colour/],
      [
        'post',
        '/api/system-configs',
        { configType: 'categories', configKey: 'DEV', displayLabel: 'Dev again' },
        409,
        /A category with the key "dev" already exists/,
      ],
      ['put', `/api/system-configs/${dev.id}`, { displayLabel: '' }, 400, /^Please fill in all required fields\.$/],
      ['put', `/api/system-configs/${dev.id}`, { configKey: 'design' }, 409, /already exists/],
      ['put', `/api/system-configs/${dev.id}`, { isActive: 'yes' }, 400, /Active must be true or false/],
    ];
    for (const [method, path, payload, status, message] of cases) {
      const res = method === 'post' ? await admin.post(path, payload) : await admin.put(path, payload);
      expect(res.status, JSON.stringify(payload)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect(await list()).toEqual(before);
  });

  it('only admins update and delete', async () => {
    const before = await list();
    const item = before.find((i) => i.configKey === 'process');
    for (const c of [manager, member]) {
      const put = await c.put(`/api/system-configs/${item.id}`, { displayLabel: 'Nope' });
      expect(put.status).toBe(403);
      expect(put.body.message).toBe('Only admins can change categories and priorities');
      expect((await c.delete(`/api/system-configs/${item.id}`)).status).toBe(403);
    }
    expect(await list()).toEqual(before);
    const put = await admin.put(`/api/system-configs/${item.id}`, { configKey: 'process', displayLabel: 'Processes', color: '#000000', isActive: false });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ displayLabel: 'Processes', color: '#000000', isActive: false });
    const del = await admin.delete(`/api/system-configs/${item.id}`);
    expect(del.status).toBe(200);
    expect((await list()).find((i) => i.id === item.id)).toBeUndefined();
    expect((await admin.delete(`/api/system-configs/${item.id}`)).status).toBe(404);
  });

  it('changing a key carries over to the tasks that use it', async () => {
    const item = (await admin.post('/api/system-configs', { configType: 'categories', configKey: 'ops', displayLabel: 'Ops' })).body;
    const task = (await member.post('/api/tasks', { title: 'Ops work', category: 'ops' })).body;
    expect((await admin.put(`/api/system-configs/${item.id}`, { configKey: 'operations' })).status).toBe(200);
    expect((await member.get(`/api/tasks/${task.id}`)).body.category).toBe('operations');
  });
});

describe('categories and priorities over GraphQL', () => {
  it('systemConfigs, createSystemConfig, updateSystemConfig, deleteSystemConfig with roles', async () => {
    const q = await member.gql('{ systemConfigs(configType: "priorities") { configKey displayLabel viewerCan { update } } }');
    expect(q.data.systemConfigs.map((i: any) => i.configKey)).toContain('critical');
    expect(q.data.systemConfigs[0].viewerCan.update).toBe(false);
    const created = await member.gql(
      'mutation { createSystemConfig(input: { configType: "priorities", configKey: "urgent", displayLabel: "Urgent", color: "#ff0000" }) { id configKey } }',
    );
    expect(created.errors).toBeUndefined();
    const id = created.data.createSystemConfig.id;
    const missing = await member.gql('mutation { createSystemConfig(input: { configType: "priorities", configKey: "", displayLabel: "" }) { id } }');
    expect(missing.errors?.[0]).toMatchObject({ message: 'Please fill in all required fields.', extensions: { code: 'BAD_USER_INPUT' } });
    const dup = await member.gql('mutation { createSystemConfig(input: { configType: "priorities", configKey: "urgent", displayLabel: "Again" }) { id } }');
    expect(dup.errors?.[0].extensions?.code).toBe('CONFLICT');
    const denied = await member.gql('mutation($id: ID!) { updateSystemConfig(id: $id, input: { displayLabel: "Mine" }) { id } }', { id });
    expect(denied.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const updated = await admin.gql('mutation($id: ID!) { updateSystemConfig(id: $id, input: { displayLabel: "Very urgent" }) { displayLabel } }', { id });
    expect(updated.data.updateSystemConfig.displayLabel).toBe('Very urgent');
    const deniedDelete = await manager.gql('mutation($id: ID!) { deleteSystemConfig(id: $id) }', { id });
    expect(deniedDelete.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const deleted = await admin.gql('mutation($id: ID!) { deleteSystemConfig(id: $id) }', { id });
    expect(deleted.data).toEqual({ deleteSystemConfig: id });
  });
});

describe('renaming a key', () => {
  it('rewrites it in tasks (audited) and in templates; the other type and other keys stay', async () => {
    const item = (await admin.post('/api/system-configs', { configType: 'categories', configKey: 'field-work', displayLabel: 'Field work' })).body;
    const task = (await member.post('/api/tasks', { title: 'Visit the site', category: 'field-work', priority: 'high' })).body;
    const other = (await member.post('/api/tasks', { title: 'Stay in', category: 'dev' })).body;
    const template = (await admin.post('/api/task-templates', { name: 'Site visit', title: 'Visit', category: 'field-work' })).body;
    expect([task.category, template.category]).toEqual(['field-work', 'field-work']);

    expect((await admin.put(`/api/system-configs/${item.id}`, { configKey: 'on-site' })).status).toBe(200);
    expect((await member.get(`/api/tasks/${task.id}`)).body).toMatchObject({ category: 'on-site', priority: 'high' });
    expect((await member.get(`/api/tasks/${other.id}`)).body.category).toBe('dev');
    expect((await admin.get(`/api/task-templates/${template.id}`)).body.category).toBe('on-site');
    const [latest] = await auditOf(member, task.id);
    expect(latest.description).toBe('The category of task "Visit the site" was renamed to "on-site"');
  });
});
