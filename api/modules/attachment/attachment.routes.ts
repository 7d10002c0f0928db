import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { AppError } from '../../common/errors.js';
import { body, contextForRequest, handle, param, runtimeOf, toJson } from '../../rest/http.js';
import { attachmentJson, contentDisposition, showsInPlace } from './attachment.presenter.js';
import type { ServiceContext } from '../../common/context.js';
import type { Attachment } from './attachment.entity.js';
import { addCommentAttachments, attachableComment, listCommentAttachments } from './attachment.comments.js';
import * as attachments from './attachment.service.js';
import type { IncomingFile } from './attachment.service.js';
import { discardUploads, hashingStorage, sweepStaleUploads, type StoredUpload } from './attachment.storage.js';

/** Files one request may carry. */
const FILES_PER_REQUEST = 20;

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
const tooLarge = (limit: number) => new AppError('PAYLOAD_TOO_LARGE', `The file is too large: attachments can be up to ${megabytes(limit)} MB each`);

/**
 * The multipart body of POST /api/tasks/:id/attachments and /api/task-comments/:id/attachments: files in the field `file` (several allowed),
 * each streamed to a temporary file and hashed as it arrives, and refused with 413 as soon as one goes
 * over ATTACHMENT_MAX_MB (multer then removes what was written).
 */
function upload(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const { attachmentMaxBytes: limit, attachmentsDir } = runtimeOf(req).config;
    if (!req.is('multipart/form-data')) {
      next(new AppError('BAD_USER_INPUT', 'Send the files as multipart/form-data in the field "file"'));
      return;
    }
    sweepStaleUploads(attachmentsDir);
    const parse = multer({
      storage: hashingStorage(attachmentsDir),
      // File names as browsers send them (UTF-8); busboy keeps only the last path segment.
      defParamCharset: 'utf8',
      limits: { fileSize: limit, files: FILES_PER_REQUEST, fields: 10, fieldSize: 1024 },
    }).array('file', FILES_PER_REQUEST);
    parse(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') {
        res.setHeader('Connection', 'close');
        return next(tooLarge(limit));
      }
      if (err instanceof multer.MulterError)
        return next(new AppError('BAD_USER_INPUT', `The upload was refused: ${err.message} (send at most ${FILES_PER_REQUEST} files in the field "file")`));
      next(new AppError('BAD_USER_INPUT', 'The upload could not be read: send it as multipart/form-data'));
    });
  };
}

const uploadsOf = (req: Request): (Express.Multer.File & StoredUpload)[] =>
  (Array.isArray(req.files) ? req.files : []) as (Express.Multer.File & StoredUpload)[];

/** Refuses an upload the viewer may not make (or without a session) before a byte of it is written to disk. */
const checkedFirst =
  (check: (ctx: ServiceContext, id: string) => Promise<unknown>): RequestHandler =>
  (req, res, next) => {
    contextForRequest(req, res)
      .then((ctx) => check(ctx, param(req, 'id')))
      .then(() => next(), next);
  };

/** Answers an upload with the attached files (201), removing the temporary files whatever happened. */
const attachUploads = (attach: (ctx: ServiceContext, id: string, files: IncomingFile[]) => Promise<Attachment[]>) =>
  handle(async (req, ctx) => {
    const files = uploadsOf(req);
    try {
      const added = await attach(
        ctx,
        param(req, 'id'),
        files.map((f) => ({ name: f.originalname, stored: { path: f.path, size: f.size, sha256: f.sha256, isText: f.isText } })),
      );
      return added.map(attachmentJson);
    } finally {
      await discardUploads(files);
    }
  }, 201);

/** The upload routes (a task's files, a comment's), mounted before the REST layer's JSON-only body rules (api/rest/router.ts). */
export function attachmentUploadRoutes(): Router {
  const r = Router();
  r.post('/tasks/:id/attachments', checkedFirst(attachments.assertCanAttach), upload(), attachUploads(attachments.addAttachments));
  r.post('/task-comments/:id/attachments', checkedFirst(attachableComment), upload(), attachUploads(addCommentAttachments));
  return r;
}

/** REST adapter of the attachment service: list, download, rename, delete. */
export function attachmentRoutes(): Router {
  const r = Router();
  r.get(
    '/tasks/:id/attachments',
    handle(async (req, ctx) => toJson((await attachments.listAttachments(ctx, param(req, 'id'))).map(attachmentJson))),
  );
  r.get(
    '/task-comments/:id/attachments',
    handle(async (req, ctx) => toJson((await listCommentAttachments(ctx, param(req, 'id'))).map(attachmentJson))),
  );
  r.get(
    '/attachments/:id',
    handle(async (req, ctx, res) => {
      const { attachment, path } = await attachments.attachmentFile(ctx, param(req, 'id'));
      const inPlace = showsInPlace(attachment.contentType) && req.query.download !== '1';
      res.setHeader('Content-Type', attachment.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : attachment.contentType);
      res.setHeader('Content-Disposition', contentDisposition(inPlace ? 'inline' : 'attachment', attachment.name));
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
      res.setHeader('Cache-Control', 'private, no-cache');
      await new Promise<void>((resolve, reject) =>
        res.sendFile(path, { cacheControl: false, dotfiles: 'allow' }, (err?: Error & { code?: string; status?: number }) => {
          if (!err) return resolve();
          if (res.headersSent) return resolve();
          reject(err.code === 'ENOENT' || err.status === 404 ? new AppError('NOT_FOUND', "This file's contents are missing on the server") : err);
        }),
      );
    }),
  );
  r.patch(
    '/attachments/:id',
    handle(async (req, ctx) => attachmentJson(await attachments.renameAttachment(ctx, param(req, 'id'), body(req).name))),
  );
  r.delete(
    '/attachments/:id',
    handle(async (req, ctx) => ({ id: await attachments.deleteAttachment(ctx, param(req, 'id')) })),
  );
  return r;
}
