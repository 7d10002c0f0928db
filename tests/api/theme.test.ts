import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';
import { Client, signedIn } from './support/client.js';

const ME = '{ me { id theme } }';
const SET = 'mutation($theme: ThemePreference!) { setTheme(theme: $theme) { id theme } }';

describe("a person's colour theme", () => {
  let server: TestServer;
  let admin: Client;
  let member: Client;

  beforeAll(async () => {
    server = await startServer();
    [admin, member] = await Promise.all([signedIn(server.url, 'admin'), signedIn(server.url, 'user')]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('starts as the system setting and keeps what the person chose, across sign-ins', async () => {
    expect((await member.gql(ME)).data.me.theme).toBe('SYSTEM');
    const set = await member.gql(SET, { theme: 'DARK' });
    expect(set.errors).toBeUndefined();
    expect(set.data.setTheme.theme).toBe('DARK');
    const again = await signedIn(server.url, 'user');
    expect((await again.gql(ME)).data.me.theme).toBe('DARK');
    // Someone else's is theirs alone: no other user reads it, and theirs is untouched.
    const memberId = (await member.gql(ME)).data.me.id;
    const seen = await admin.gql('query($id: ID!) { user(id: $id) { theme } }', { id: memberId });
    expect(seen.data.user.theme).toBeNull();
    expect((await admin.gql(ME)).data.me.theme).toBe('SYSTEM');
  });

  it('refuses an unknown theme and a signed-out caller, changing nothing', async () => {
    const bad = await member.gql(SET, { theme: 'PURPLE' });
    expect(bad.errors?.[0].message).toMatch(/ThemePreference/);
    expect((await member.gql(ME)).data.me.theme).toBe('DARK');

    const anonymous = await new Client(server.url).gql(SET, { theme: 'LIGHT' });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await member.gql(ME)).data.me.theme).toBe('DARK');
  });
});
