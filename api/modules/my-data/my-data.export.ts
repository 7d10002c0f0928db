import { createReadStream } from 'node:fs';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { contentPath } from '../attachment/attachment.storage.js';
import type { ServiceContext } from '../../common/context.js';
import { userJson } from '../user/user.presenter.js';
import {
  activityCsv,
  activityDocument,
  attachmentCsv,
  attachmentDocument,
  attachmentFile,
  commentCsv,
  commentDocument,
  CSV_HEADERS,
  taskCsv,
  taskDocument,
} from './my-data.presenter.js';
import { myAccount, myActivity, myAttachments, myComments, myTasks } from './my-data.service.js';

/*
 * The two files of "Export my data": one JSON document, and a zip of four CSV files with the files the
 * person uploaded. Both are written
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
 * The JSON document `{ format, version, exportedAt, user, tasks, comments, activity, attachments }`: the
 * person's account (never the password hash), their tasks with subtasks, their comments, their activity
 * and the files they uploaded (described; the bytes are in the zip).
 */
export async function writeMyDataJson(ctx: ServiceContext, send: Send<string>): Promise<void> {
  const { user } = await myAccount(ctx);
  const head = JSON.stringify({ ...MY_DATA_FORMAT, exportedAt: ctx.now(), user: user ? userJson(user) : null });
  const ok =
    (await jsonArray(send, `${head.slice(0, -1)},"tasks":[`, myTasks(ctx), (page) =>
      page.tasks.map((t) => taskDocument(ctx, t, page.subtasks.get(t.id) ?? [])),
    )) &&
    (await jsonArray(send, ',"comments":[', myComments(ctx), (page) => page.comments.map((c) => commentDocument(c, page.taskTitles.get(c.taskId) ?? null)))) &&
    (await jsonArray(send, ',"activity":[', myActivity(ctx), (entries) => entries.map(activityDocument))) &&
    (await jsonArray(send, ',"attachments":[', myAttachments(ctx), (page) => page.map(attachmentDocument)));
  if (ok) await send('}');
}

/** The zip's files, in order: a name, a header row, the pages and their CSV lines. */
function csvFiles(ctx: ServiceContext) {
  return [
    { name: 'tasks.csv', header: CSV_HEADERS.tasks, lines: csvPages(myTasks(ctx), taskCsv) },
    { name: 'comments.csv', header: CSV_HEADERS.comments, lines: csvPages(myComments(ctx), commentCsv) },
    { name: 'activity.csv', header: CSV_HEADERS.activity, lines: csvPages(myActivity(ctx), activityCsv) },
    { name: 'attachments.csv', header: CSV_HEADERS.attachments, lines: csvPages(myAttachments(ctx), attachmentCsv) },
  ];
}

async function* csvPages<P>(pages: AsyncIterable<P>, present: (page: P) => string): AsyncGenerator<string> {
  for await (const page of pages) yield present(page);
}

/**
 * The zip of tasks.csv, comments.csv, activity.csv and attachments.csv (fflate, deflated as it streams),
 * then the uploaded files under attachments/ (stored as they are: most are compressed already). Each
 * file's pages or chunks are sent before the next is read. A file whose bytes are gone is left out.
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
  const dir = ctx.app.config.attachmentsDir;
  for await (const page of myAttachments(ctx)) {
    for (const attachment of page) {
      const stream = createReadStream(contentPath(dir, attachment.sha256));
      const opened = await new Promise<boolean>((resolve) => stream.once('open', () => resolve(true)).once('error', () => resolve(false)));
      if (!opened) continue;
      const entry = new ZipPassThrough(attachmentFile(attachment));
      zip.add(entry);
      for await (const chunk of stream) {
        entry.push(chunk as Buffer);
        if (!(await drain())) {
          stream.destroy();
          return;
        }
      }
      entry.push(new Uint8Array(0), true);
      if (!(await drain())) return;
    }
  }
  zip.end();
  await drain();
}
