/**
 * npm run seed:scale [-- --factor F] [--force]
 * Builds a company-sized dataset beside the demo data, for measuring every screen at the size of an
 * organisation after two years (docs/DECISIONS.md, "A company-sized dataset"): at factor 1, 500 people
 * under 25 managers, 100,000 tasks over 730 days (the demo `user` and `manager` own 2,000 each), 50,000
 * subtasks, 100,000 comments, 1,000,000 audit entries, 200 projects, and the notifications those
 * changes cause; `--factor 0.05` builds a twentieth of it. Writes into the embedded database of
 * DATA_DIR, or DATABASE_URL when set, after migrating it and seeding the demo accounts when missing.
 * Deterministic: the same factor on the same day builds the same rows. Refuses a database that already
 * holds a generated company unless --force, which adds another one (scale2.*, ...).
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import { loadConfig } from '../config.js';
import type { AppRuntime } from '../common/context.js';
import { hashPassword } from '../auth/passwords.js';
import { User } from '../modules/user/user.entity.js';
import { ormOptions } from './orm.config.js';
import { entitiesOf } from '../common/module.js';
import { SERVER_MODULES } from '../modules/index.js';
import { seedCatalog, seedDemo } from './seed.js';
import { BulkWriter } from './seed-scale/bulk.js';
import { companyPrefix, stageCompany, type DemoPeople } from './seed-scale/company.js';
import { planFor, type ScalePlan } from './seed-scale/plan.js';
import { Random } from './seed-scale/random.js';
import { writeWork } from './seed-scale/work.js';
import { isSqlite } from '../common/dialect.js';

export { planFor, type ScalePlan } from './seed-scale/plan.js';

/** The password of every generated person (the demo accounts keep theirs). */
export const SCALE_PASSWORD = 'scale123';

export class SeedScaleError extends Error {}

export interface SeedScaleOptions {
  factor: number;
  /** Add another company when one is there already. */
  force?: boolean;
  /** The moment the company's history ends (default: now). */
  now?: Date;
  log?: (line: string) => void;
  /** The runtime of a server running on this database (tests), which the audit listeners (webhooks) consult. */
  app?: AppRuntime;
}

export interface SeedScaleResult {
  plan: ScalePlan;
  company: number;
  /** Rows written per entity. */
  rows: Record<string, number>;
  ms: number;
}

/** The demo accounts the company is built beside; seeds them into an empty database first. */
async function demoPeople(em: EntityManager): Promise<DemoPeople> {
  await seedCatalog(em);
  await seedDemo(em);
  const [admin, manager, user] = await Promise.all(['admin', 'manager', 'user'].map((username) => em.findOne(User, { username })));
  if (!admin || !manager || !user)
    throw new SeedScaleError('The database has users but not the demo accounts admin, manager and user; seed:scale builds its company beside them.');
  return { admin, manager, user };
}

/** The number of the next company (1 on a database without one); refuses a second without `force`. */
async function nextCompany(em: EntityManager, force: boolean): Promise<number> {
  let n = 1;
  while ((await em.count(User, { username: { $like: `${companyPrefix(n)}.%` } })) > 0) n++;
  if (n > 1 && !force)
    throw new SeedScaleError(
      `This database already holds a generated company (${companyPrefix(1)}.* users); nothing was changed. Run again with --force to add another one.`,
    );
  return n;
}

/** Builds one company of `options.factor` into the ORM's database. */
export async function seedScale(orm: MikroORM, options: SeedScaleOptions): Promise<SeedScaleResult> {
  const started = Date.now();
  const plan = planFor(options.factor);
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const em = orm.em.fork();
  const demo = await demoPeople(em);
  const company = await nextCompany(em, options.force ?? false);
  const random = new Random(0x5eed + company);
  const writer = new BulkWriter(em, options.app ?? null);
  const passwordHash = await hashPassword(SCALE_PASSWORD);

  const staff = stageCompany(random, plan, company, demo, passwordHash, now, writer);
  await writer.flush();
  log(`${plan.managers + plan.people} people and ${plan.projects} projects`);
  let reported = 0;
  await writeWork(random, plan, staff, demo, writer, now, (done) => {
    if (done - reported >= plan.tasks / 10 || done === plan.tasks) {
      reported = done;
      log(
        `${done.toLocaleString('en')} of ${plan.tasks.toLocaleString('en')} tasks (${((Date.now() - started) / 1000).toFixed(0)} s, heap ${Math.round(process.memoryUsage().heapUsed / 1048576)} MB)`,
      );
    }
  });
  // PostgreSQL plans from its statistics and answers index-only scans from its visibility map: gather
  // and set both now, as autovacuum would some time after a bulk load (until then it estimated 11,718 of
  // 100,010 tasks and read the audit log from end to end).
  if (!isSqlite(orm.em)) await orm.em.getConnection().execute('vacuum analyze');
  return { plan, company, rows: writer.counts(), ms: Date.now() - started };
}

const USAGE =
  'Usage: npm run seed:scale [-- --factor F] [--force]   (F above 0 and at most 10, default 1; --force adds another company to a database that has one)';

function parseCommandLine(argv: string[]): { factor: number; force: boolean } | null {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { factor: { type: 'string', default: '1' }, force: { type: 'boolean', default: false } },
      allowPositionals: true,
    });
    const factor = Number(values.factor);
    if (positionals.length > 0 || !Number.isFinite(factor) || factor <= 0 || factor > 10) return null;
    return { factor, force: values.force === true };
  } catch {
    return null;
  }
}

async function main(argv: string[]): Promise<number> {
  const args = parseCommandLine(argv);
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const orm = await MikroORM.init(
    ormOptions({ entities: entitiesOf(SERVER_MODULES), databaseUrl: config.databaseUrl, dataDir: config.dataDir, sqliteSynchronous: config.sqliteSynchronous }),
  );
  try {
    await orm.migrator.up();
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `${config.dataDir} (SQLite)`;
    console.log(`Building a company at factor ${args.factor} into ${where}`);
    const result = await seedScale(orm, { ...args, log: (line) => console.log(`  ${line}`) });
    const rows = Object.entries(result.rows)
      .map(([entity, n]) => `${n.toLocaleString('en')} ${entity}`)
      .join(', ');
    console.log(
      `Company ${companyPrefix(result.company)} written in ${(result.ms / 1000).toFixed(1)} s: ${rows}. Its people sign in with password ${SCALE_PASSWORD}.`,
    );
    return 0;
  } finally {
    await orm.close(true);
  }
}

const invokedDirectly = process.argv[1] && /seed-scale\.(ts|js)$/.test(process.argv[1]);
if (invokedDirectly) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof SeedScaleError || err instanceof RangeError ? err.message : err);
      process.exit(1);
    },
  );
}
