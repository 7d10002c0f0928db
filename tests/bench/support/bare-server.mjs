// The bare baseline of the server benchmarks: node:http and an SQLite driver on the same SQLite file,
// doing the least the real endpoint must do (read the rows, serialise them; an audited write in one
// transaction). No framework, no ORM, no session, no permission check. Env: PORT, DB_FILE, BARE_DRIVER:
// sqlite3 (the default: issue 10's yardstick) or better-sqlite3 (the driver the server uses; its
// statements prepared once).
import http from 'node:http';
import { randomUUID } from 'node:crypto';

const PRAGMAS = 'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;';

/** all/run/close over sqlite3 (asynchronous, a thread-pool round trip per statement). */
async function sqlite3Driver(file) {
  const { default: sqlite3 } = await import('sqlite3');
  const db = new sqlite3.Database(file);
  db.exec(PRAGMAS);
  return {
    all: (sql, params = []) => new Promise((resolve, reject) => db.all(sql, params, (err, rows) => (err ? reject(err) : resolve(rows)))),
    run: (sql, params = []) => new Promise((resolve, reject) => db.run(sql, params, (err) => (err ? reject(err) : resolve()))),
    close: () => new Promise((resolve) => db.close(() => resolve())),
  };
}

/** all/run/close over better-sqlite3 (synchronous), each statement prepared once. */
async function betterSqliteDriver(file) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  db.exec(PRAGMAS);
  const statements = new Map();
  const prepared = (sql) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  return {
    all: async (sql, params = []) => prepared(sql).all(...params),
    run: async (sql, params = []) => void prepared(sql).run(...params),
    close: async () => db.close(),
  };
}

const driver = process.env.BARE_DRIVER === 'better-sqlite3' ? await betterSqliteDriver(process.env.DB_FILE) : await sqlite3Driver(process.env.DB_FILE);
const { all, run } = driver;

// One connection: transactions take turns, as they do on the server's single SQLite connection.
let queue = Promise.resolve();
const exclusive = (fn) => (queue = queue.then(fn, fn));

async function auditedWrite(id, title) {
  return exclusive(async () => {
    const now = Date.now();
    await run('begin');
    try {
      await run('update tasks set title = ?, updated_at = ? where id = ?', [title, now, id]);
      await run(
        'insert into audit_entries (id, action, entity_type, entity_id, description, user_id, task_id, readers, old_values, new_values, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [randomUUID(), 'updated', 'task', id, `Updated task "${title}"`, null, id, '[]', null, JSON.stringify({ title }), now],
      );
      await run('commit');
    } catch (err) {
      await run('rollback');
      throw err;
    }
    return { id, title };
  });
}

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {}));
  });
}

const routes = {
  'GET /healthz': async () => ({ status: 'ok' }),
  // REST GET /api/tasks as an admin sees it: every task, most recently updated first.
  'GET /tasks': async () => all('select * from tasks order by updated_at desc, id asc'),
  // GraphQL tasks(first: n, sortBy: createdAt): one page and the total.
  'GET /page': async (url) => {
    const limit = Number(url.searchParams.get('first') ?? 500);
    const [nodes, [{ n }]] = await Promise.all([
      all('select * from tasks order by created_at desc, id asc limit ?', [limit]),
      all('select count(*) as n from tasks'),
    ]);
    return { data: { tasks: { totalCount: n, nodes } } };
  },
  'POST /write': async (_url, req) => {
    const { id, title } = await readBody(req);
    return auditedWrite(id, title);
  },
};

http
  .createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const route = routes[`${req.method} ${url.pathname}`];
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = JSON.stringify(await route(url, req));
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1');

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => driver.close().then(() => process.exit(0)));
