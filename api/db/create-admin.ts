/**
 * npm run create-admin -- --username alice --email alice@example.com [--password ...] [--first Alice --last Smith]
 * Creates the first administrator of a real deployment (SEED_DEMO=false). The password may come from
 * ADMIN_PASSWORD instead of the command line, so it stays out of the shell history.
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { MikroORM } from '@mikro-orm/core';
import { loadConfig } from '../config.js';
import { ormOptions } from './orm.config.js';
import { entitiesOf } from '../common/module.js';
import { SERVER_MODULES } from '../modules/index.js';
import { seedCatalog } from './seed.js';
import { assertPasswordRules, hashPassword } from '../auth/passwords.js';
import { User } from '../modules/user/user.entity.js';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    first: { type: 'string', default: '' },
    last: { type: 'string', default: '' },
  },
});

const username = values.username?.trim();
const email = values.email?.trim();
const password = values.password ?? process.env.ADMIN_PASSWORD;
if (!username || !email || !password) {
  console.error('Usage: npm run create-admin -- --username NAME --email ADDRESS [--password PASS | ADMIN_PASSWORD=...] [--first F --last L]');
  process.exit(2);
}
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error('The email address is not valid');
  process.exit(2);
}
try {
  assertPasswordRules(password);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}

const config = loadConfig();
const orm = await MikroORM.init(ormOptions({ entities: entitiesOf(SERVER_MODULES), databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
try {
  await orm.migrator.up();
  const em = orm.em.fork();
  await seedCatalog(em);
  if (await em.findOne(User, { username })) {
    console.error(`A user named "${username}" already exists`);
    process.exitCode = 1;
  } else {
    const admin = Object.assign(new User(), {
      username,
      email,
      firstName: values.first ?? '',
      lastName: values.last ?? '',
      role: 'admin' as const,
      passwordHash: await hashPassword(password),
    });
    await em.persist(admin).flush();
    console.log(`Created administrator "${username}"`);
  }
} finally {
  await orm.close(true);
}
