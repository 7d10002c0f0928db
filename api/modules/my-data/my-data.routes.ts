import { Router, type Response } from 'express';
import type { ServiceContext } from '../../common/context.js';
import { logger } from '../../common/logger.js';
import { dayKey } from '../../../schema/domain/task-rules.js';
import { handle, responseWriter } from '../../rest/http.js';
import { writeMyDataJson, writeMyDataZip } from './my-data.export.js';

/** The download's file name: let-work-flow-my-data-YYYY-MM-DD.<extension>, the day in the viewer's time zone. */
const fileName = (ctx: ServiceContext, extension: string): string => `let-work-flow-my-data-${dayKey(ctx.now(), ctx.timeZone)}.${extension}`;

/**
 * Streams a download: the status and headers go out with the first chunk (an error before it, such as
 * 401, is answered as usual); a failure after it cuts the connection, so the client sees a truncated
 * file, never a complete wrong one.
 */
async function download<T extends string | Uint8Array>(
  res: Response,
  headers: { type: string; name: string },
  write: (send: (chunk: T) => Promise<boolean>) => Promise<void>,
): Promise<void> {
  const out = responseWriter(res);
  let started = false;
  try {
    await write((chunk) => {
      if (!started) {
        started = true;
        res.status(200).set({ 'content-type': headers.type, 'content-disposition': `attachment; filename="${headers.name}"`, 'cache-control': 'no-store' });
      }
      return out.write(chunk);
    });
  } catch (err) {
    if (!started) throw err;
    logger.error('A personal data export failed after its first byte', err);
    res.destroy(err as Error);
    return;
  }
  res.end();
}

/** REST adapter of "Export my data" (Settings): the signed-in person's own data, by session or API token. */
export function myDataRoutes(): Router {
  const r = Router();
  r.get(
    '/me/export.json',
    handle((_req, ctx, res) =>
      download<string>(res, { type: 'application/json; charset=utf-8', name: fileName(ctx, 'json') }, (send) => writeMyDataJson(ctx, send)),
    ),
  );
  r.get(
    '/me/export.zip',
    handle((_req, ctx, res) => download<Uint8Array>(res, { type: 'application/zip', name: fileName(ctx, 'zip') }, (send) => writeMyDataZip(ctx, send))),
  );
  return r;
}
