// The service worker's share target (built on its own as sw-share.js and loaded by the generated worker
// through Workbox's importScripts, vite.config.ts). A share with files arrives as a cross-site POST to
// /share; the session cookie (SameSite) does not travel with it, so the worker answers it, never the
// server: it keeps the files under a one-time key and sends the browser on to the form's GET address.
import { SHARE_ACTION, SHARE_FILES_MISSED, shareFormPath } from '../../../schema/domain/share-target';
import { readShareForm } from './share-params';
import { keepSharedFiles, sweepSharedFiles } from './share-store';

/** The parts of the worker's scope used here (the WebWorker lib's types clash with the DOM's in one project). */
interface ShareFetchEvent extends Event {
  request: Request;
  respondWith(response: Promise<Response>): void;
  waitUntil(work: Promise<unknown>): void;
}
declare const self: { location: Location; addEventListener(type: 'fetch', listener: (event: ShareFetchEvent) => void): void };

async function receiveShare(request: Request): Promise<Response> {
  let fields: Record<string, string> = {};
  let files: File[] = [];
  let key: string | null = null;
  try {
    ({ fields, files } = readShareForm(await request.formData()));
    if (files.length > 0) key = await keepSharedFiles(files);
  } catch {
    // An unreadable body, or a device that would not store the files: the form still opens, and says so.
    key = SHARE_FILES_MISSED;
  }
  return Response.redirect(new URL(shareFormPath(fields, key), self.location.origin).href, 303);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'POST') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname !== SHARE_ACTION) return;
  event.respondWith(receiveShare(request));
  event.waitUntil(sweepSharedFiles().catch(() => undefined));
});
