import { strToU8, Zip, ZipDeflate } from 'fflate';
import type { ServiceContext } from '../../common/context.js';
import { userJson } from '../user/user.presenter.js';
import { activityCsv, activityDocument, commentCsv, commentDocument, CSV_HEADERS, taskCsv, taskDocument } from './my-data.presenter.js';
import { myAccount, myActivity, myComments, myTasks } from './my-data.service.js';

/*
 * The two files of "Export my data": one JSON document, and a zip of three CSV files. Both are written
 * as they are read, a page at a time, through `send`, which resolves once the chunk may be followed by
 * another (backpressure) and to false once the client has gone (the export then reads no further).
 * Nothing is sent before the actor is known, so an anonymous request still gets its 401.
 */

/** What the JSON document says it is. */
export const MY_DATA_FORMAT = { format: 'let-work-flow/my-data', version: 1 } as const;

type Send<T> = (chunk: T) => Promise<boolean>;

/** Writes a JSON array's items, page by page, after `opening`; false when the client went away. */
async function jsonArray<P>(send: Send<string>, opening: string, pages: AsyncIterable<P>, present: (page: P) => unknown[]): Promise<boolean> {
  let first = true;
  let chunk = opening;
  for await (const page of pages) {
    const items = present(page).map((item) => JSON.stringify(item));
    if (!items.length) continue;
    chunk += (first ? '' : ',') + items.join(',');
    first = false;
    if (!(await send(chunk))) return false;
    chunk = '';
  }
  return send(`${chunk}]`);
}

/**
 * The JSON document `{ format, version, exportedAt, user, tasks, comments, activity }`: the person's
 * account (never the password hash), their tasks with subtasks, their comments and their activity.
 */
export async function writeMyDataJson(ctx: ServiceContext, send: Send<string>): Promise<void> {
  const { user } = await myAccount(ctx);
  const head = JSON.stringify({ ...MY_DATA_FORMAT, exportedAt: ctx.now(), user: user ? userJson(user) : null });
  const ok =
    (await jsonArray(send, `${head.slice(0, -1)},"tasks":[`, myTasks(ctx), (page) =>
      page.tasks.map((t) => taskDocument(ctx, t, page.subtasks.get(t.id) ?? [])),
    )) &&
    (await jsonArray(send, ',"comments":[', myComments(ctx), (page) => page.comments.map((c) => commentDocument(c, page.taskTitles.get(c.taskId) ?? null)))) &&
    (await jsonArray(send, ',"activity":[', myActivity(ctx), (entries) => entries.map(activityDocument)));
  if (ok) await send('}');
}

/** The zip's files, in order: a name, a header row, the pages and their CSV lines. */
function csvFiles(ctx: ServiceContext) {
  return [
    { name: 'tasks.csv', header: CSV_HEADERS.tasks, lines: csvPages(myTasks(ctx), taskCsv) },
    { name: 'comments.csv', header: CSV_HEADERS.comments, lines: csvPages(myComments(ctx), commentCsv) },
    { name: 'activity.csv', header: CSV_HEADERS.activity, lines: csvPages(myActivity(ctx), activityCsv) },
  ];
}

async function* csvPages<P>(pages: AsyncIterable<P>, present: (page: P) => string): AsyncGenerator<string> {
  for await (const page of pages) yield present(page);
}

/**
 * The zip of tasks.csv, comments.csv and activity.csv (fflate, deflated as it streams): each file's
 * pages are compressed as they are read, and the compressed bytes sent before the next page is read.
 */
export async function writeMyDataZip(ctx: ServiceContext, send: Send<Uint8Array>): Promise<void> {
  await myAccount(ctx);
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failure = err;
    else ready.push(data);
  });
  const drain = async (): Promise<boolean> => {
    if (failure) throw failure;
    for (let chunk = ready.shift(); chunk; chunk = ready.shift()) if (!(await send(chunk))) return false;
    return true;
  };
  for (const file of csvFiles(ctx)) {
    const entry = new ZipDeflate(file.name, { level: 6 });
    zip.add(entry);
    entry.push(strToU8(file.header));
    for await (const lines of file.lines) {
      entry.push(strToU8(lines));
      if (!(await drain())) return;
    }
    entry.push(new Uint8Array(0), true);
    if (!(await drain())) return;
  }
  zip.end();
  await drain();
}
