import { Router, type Request, type Response } from 'express';
import multer, { type StorageEngine } from 'multer';
import { SHARE_ACTION, SHARE_FILES_MISSED, shareFormPath, shareTextFields } from '../../schema/domain/share-target.js';

/** Reads each file part to its end and keeps none of it. */
const discardFiles: StorageEngine = {
  _handleFile(_req, file, cb) {
    file.stream.on('error', cb);
    file.stream.on('end', () => cb(null, {}));
    file.stream.resume();
  },
  _removeFile(_req, _file, cb) {
    cb(null);
  },
};

/** Sends the browser on to the share form with the text that came, noting files that came too. */
function toForm(req: Request, res: Response, sawFiles: boolean): void {
  const body = (req.body ?? {}) as Record<string, unknown>;
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(
    303,
    shareFormPath(
      shareTextFields((name) => body[name]),
      sawFiles ? SHARE_FILES_MISSED : null,
    ),
  );
}

/**
 * POST /share: a share from the phone's share sheet that no service worker received (the app was
 * installed but its worker is not running yet; the worker answers every later one, docs/API.md). The
 * session cookie does not come with this cross-site POST, and nothing of it is kept: its title, text and
 * link go on to the form's GET address (where the session applies), file parts are read and dropped,
 * and `files=missed` has the form say the files did not arrive. A body over the limits keeps what was read.
 */
export function shareFallback(maxFileBytes: number): Router {
  const r = Router();
  const parse = multer({ storage: discardFiles, limits: { fields: 10, fieldSize: 16 * 1024, files: 20, fileSize: maxFileBytes } }).any();
  r.post(SHARE_ACTION, (req, res) => {
    parse(req, res, (err: unknown) => {
      const files = Array.isArray(req.files) ? req.files.length : 0;
      // The rest of a refused body is not read: the connection goes.
      if (err) res.setHeader('Connection', 'close');
      const fileRefused = err instanceof multer.MulterError && (err.code === 'LIMIT_FILE_SIZE' || err.code === 'LIMIT_FILE_COUNT');
      toForm(req, res, files > 0 || fileRefused);
    });
  });
  return r;
}
