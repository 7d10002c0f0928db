import { describe, expect, it } from 'vitest';
import { betterSqlite3 } from '../../api/db/sqlite-native.js';
import { cachePreparedStatements } from '../../api/db/statement-cache.js';

const Database = betterSqlite3<new (file: string) => Parameters<typeof cachePreparedStatements>[0] & { exec(sql: string): void }>();

function database(max?: number) {
  const db = cachePreparedStatements(new Database(':memory:'), max);
  db.exec('create table t (id integer primary key, name text)');
  return db;
}

describe('cachePreparedStatements: a better-sqlite3 connection reuses its prepared statements', () => {
  it('hands out the same statement for the same text, and it answers each run with its own bindings', () => {
    const db = database();
    const insert = db.prepare('insert into t (name) values (?)');
    expect(db.prepare('insert into t (name) values (?)')).toBe(insert);
    for (const name of ['a', 'b', 'c']) db.prepare('insert into t (name) values (?)').run(name);
    const byName = (name: string) => db.prepare('select id, name from t where name = ?').all(name);
    expect(byName('b')).toEqual([{ id: 2, name: 'b' }]);
    expect(byName('c')).toEqual([{ id: 3, name: 'c' }]);
    expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 3 });
    expect(db.prepare('select count(*) as n from t')).not.toBe(db.prepare('select count(*) as n from t where id > ?'));
  });

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const db = database(2);
    const a = db.prepare('select ? + 1');
    const b = db.prepare('select ? + 2');
    expect(db.prepare('select ? + 1')).toBe(a); // used again: now the most recent
    db.prepare('select ? + 3'); // drops "select ? + 2"
    expect(db.prepare('select ? + 1')).toBe(a);
    expect(db.prepare('select ? + 2')).not.toBe(b);
  });

  it('does not keep texts without placeholders (values written into them): they would push out the ones that repeat', () => {
    const db = database(2);
    const byId = db.prepare('select name from t where id = ?');
    db.prepare("insert into t (name) values ('a')").run();
    const inlined = db.prepare("insert into t (name) values ('b')");
    inlined.run();
    expect(db.prepare("insert into t (name) values ('b')")).not.toBe(inlined);
    db.prepare('select ? + 1');
    expect(db.prepare('select name from t where id = ?')).toBe(byId);
    expect(byId.get(2)).toEqual({ name: 'b' });
  });

  it('still works after the schema changes under a kept statement', () => {
    const db = database();
    db.prepare('insert into t (name) values (?)').run('x');
    const select = db.prepare('select * from t where id > ?');
    expect(select.all(0)).toEqual([{ id: 1, name: 'x' }]);
    db.exec('alter table t add column note text');
    expect(db.prepare('select * from t where id > ?')).toBe(select);
    expect(db.prepare('select * from t where id > ?').all(0)).toEqual([{ id: 1, name: 'x', note: null }]);
  });
});
