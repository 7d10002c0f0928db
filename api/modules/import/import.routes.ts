import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { AppError } from '../../common/errors.js';
import { handle, param, runtimeOf, toJson } from '../../rest/http.js';
import { importJobView } from './import.presenter.js';
import * as imports from './import.service.js';

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
const tooLarge = (limit: number) => new AppError('PAYLOAD_TOO_LARGE', `The file is too large: imports take files up to ${megabytes(limit)} MB`);

/**
 * The multipart body of POST /api/imports (multer, in memory): one `file` up to IMPORT_MAX_MB, refused
 * with 413 by its Content-Length before it is read when that is already over, else as it streams in.
 */
function upload(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const limit = runtimeOf(req).config.importMaxBytes;
    if (Number(req.headers['content-length']) > limit + 1024 * 1024) {
      res.setHeader('Connection', 'close');
      next(tooLarge(limit));
      return;
    }
    if (!req.is('multipart/form-data')) {
      next(new AppError('BAD_USER_INPUT', 'Send the file as multipart/form-data with the fields file, source and options'));
      return;
    }
    const parse = multer({ storage: multer.memoryStorage(), limits: { fileSize: limit, files: 1, fields: 5, fieldSize: 1024 * 1024 } }).single('file');
    parse(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') return next(tooLarge(limit));
      if (err instanceof multer.MulterError)
        return next(new AppError('BAD_USER_INPUT', `The upload was refused: ${err.message} (send one file in the field "file")`));
      next(new AppError('BAD_USER_INPUT', 'The upload could not be read: send it as multipart/form-data'));
    });
  };
}

/** The upload route, mounted before the REST layer's JSON-only body rules (api/rest/router.ts). */
export function importUploadRoutes(): Router {
  const r = Router();
  r.post(
    '/imports',
    upload(),
    handle(async (req, ctx) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const file = req.file;
      const job = await imports.startImport(
        ctx,
        { buffer: file?.buffer, fileName: file?.originalname ?? null },
        { source: body.source, options: body.options },
      );
      return { id: job.id };
    }, 202),
  );
  return r;
}

/** REST adapter of the import service: an import's progress and result, and the viewer's newest imports. */
export function importRoutes(): Router {
  const r = Router();
  r.get(
    '/imports',
    handle(async (_req, ctx) => toJson((await imports.listMyImports(ctx)).map(importJobView))),
  );
  r.get(
    '/imports/:id',
    handle(async (req, ctx) => importJobView(await imports.getImportJob(ctx, param(req, 'id')))),
  );
  return r;
}
