import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { isUtf8 } from 'node:buffer';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import { fileTypeFromFile } from 'file-type';

// Where attachments' bytes live: ATTACHMENTS_DIR (config.attachmentsDir), one file per content, named by
// its SHA-256 under a two-level fan-out (ab/cd/abcd...). Uploads stream into a temporary file there
// (`.upload-<uuid>`), hashed as they are written; the service moves it into place once its row commits.

/** What the upload engine knows of a file it wrote (added to multer's `req.files` entries). */
export interface StoredUpload {
  /** The temporary file (removed by multer on a refused upload, by the route otherwise). */
  path: string;
  size: number;
  sha256: string;
  /** Valid UTF-8 without NUL bytes: served as text/plain when file-type knows no better. */
  isText: boolean;
}

const SHA256 = /^[0-9a-f]{64}$/;

/** The path of the stored content with this SHA-256. */
export function contentPath(dir: string, sha256: string): string {
  if (!SHA256.test(sha256)) throw new Error('Not a SHA-256');
  return path.join(dir, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
}

/** multer's storage: streams each file to a temporary file in `dir`, hashing it and checking for text on the way. */
export function hashingStorage(dir: string): StorageEngine {
  return {
    _handleFile(_req: Request, file: Express.Multer.File, cb: (error?: unknown, info?: Partial<Express.Multer.File>) => void) {
      const temp = path.join(dir, `.upload-${randomUUID()}`);
      const hash = createHash('sha256');
      const decoder = new TextDecoder('utf-8', { fatal: true });
      let size = 0;
      let isText = true;
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          hash.update(chunk);
          if (isText) {
            try {
              decoder.decode(chunk, { stream: true });
              if (chunk.includes(0)) isText = false;
            } catch {
              isText = false;
            }
          }
          done(null, chunk);
        },
      });
      mkdir(dir, { recursive: true })
        .then(() => pipeline(file.stream, tap, createWriteStream(temp, { flags: 'wx' })))
        .then(async () => {
          // Cut off by limits.fileSize: multer answers 413; nothing of it is kept.
          if ((file.stream as unknown as { truncated?: boolean }).truncated) {
            await rm(temp, { force: true });
            return cb(new Error('The file is over the size limit'));
          }
          if (isText) {
            try {
              decoder.decode();
            } catch {
              isText = false;
            }
          }
          const info: StoredUpload = { path: temp, size, sha256: hash.digest('hex'), isText };
          cb(null, info as unknown as Partial<Express.Multer.File>);
        })
        .catch(async (err: unknown) => {
          await rm(temp, { force: true });
          cb(err);
        });
    },
    _removeFile(_req: Request, file: Express.Multer.File, cb: (error: Error | null) => void) {
      rm(file.path, { force: true }).then(
        () => cb(null),
        (err: Error) => cb(err),
      );
    },
  };
}

/** Writes bytes already in memory (a file of an email) as a temporary upload in `dir`, as hashingStorage would have. */
export async function storeBytes(dir: string, content: Buffer): Promise<StoredUpload> {
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.upload-${randomUUID()}`);
  await writeFile(temp, content, { flag: 'wx' });
  return { path: temp, size: content.length, sha256: createHash('sha256').update(content).digest('hex'), isText: isUtf8(content) && !content.includes(0) };
}

/** The content type read from the bytes (file-type), else text/plain for text, else application/octet-stream. */
export async function sniffContentType(upload: StoredUpload): Promise<string> {
  const found = upload.size > 0 ? await fileTypeFromFile(upload.path) : undefined;
  if (found) return found.mime;
  return upload.isText ? 'text/plain' : 'application/octet-stream';
}

/** Moves an upload into its content's place; when that content is already stored, drops the upload instead. */
export async function placeContent(dir: string, upload: StoredUpload): Promise<void> {
  const target = contentPath(dir, upload.sha256);
  if (await exists(target)) {
    await rm(upload.path, { force: true });
    return;
  }
  await mkdir(path.dirname(target), { recursive: true });
  await rename(upload.path, target);
}

/** Removes stored content (no error when it is already gone). */
export async function removeContent(dir: string, sha256: string): Promise<void> {
  await rm(contentPath(dir, sha256), { force: true });
}

/** Removes temporary uploads left over (after the request, whatever happened). */
export async function discardUploads(uploads: readonly { path: string }[]): Promise<void> {
  await Promise.all(uploads.map((u) => rm(u.path, { force: true })));
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

const STALE_UPLOAD_MS = 24 * 3600_000;
let lastSweep = 0;

/**
 * Removes temporary uploads a stopped server left behind (older than a day), at most once an hour and
 * never holding up the upload that calls it.
 */
export function sweepStaleUploads(dir: string, now = Date.now()): void {
  if (now - lastSweep < 3600_000) return;
  lastSweep = now;
  void (async () => {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (!name.startsWith('.upload-')) continue;
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > STALE_UPLOAD_MS) await rm(file, { force: true });
    }
  })().catch(() => undefined);
}
