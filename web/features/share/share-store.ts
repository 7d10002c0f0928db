import { createStore, del, delMany, entries, get, set, type UseStore } from 'idb-keyval';
import { isStaleShare } from '../../../schema/domain/share-target';

/**
 * Files shared into the app, kept in IndexedDB (a database of their own, apart from the offline copy)
 * between the service worker receiving the share and the form using them: one record per share under a
 * one-time key, deleted once its files are attached or dropped, and after a day unread.
 */
interface KeptShare {
  keptAt: number;
  files: File[];
}

let store: UseStore | null = null;
/** Opened on first use: importing this module opens nothing. */
const shares = (): UseStore => (store ??= createStore('lwf-share', 'shares'));

/** Keeps a share's files; its one-time key. */
export async function keepSharedFiles(files: File[], now = Date.now()): Promise<string> {
  const key = crypto.randomUUID();
  await set(key, { keptAt: now, files } satisfies KeptShare, shares());
  return key;
}

/** The files kept under `key`, or null when there are none (used, dropped or past their day). */
export async function readSharedFiles(key: string, now = Date.now()): Promise<File[] | null> {
  const kept = await get<KeptShare>(key, shares());
  if (!kept || isStaleShare(kept.keptAt, now)) return null;
  return kept.files;
}

/** Keeps only these of a share's files (one was removed from the form); none left deletes the record. */
export async function replaceSharedFiles(key: string, files: File[]): Promise<void> {
  const kept = await get<KeptShare>(key, shares());
  if (!kept) return;
  if (files.length === 0) await del(key, shares());
  else await set(key, { ...kept, files }, shares());
}

/** Deletes a share's files (they were attached, or the person let them go). */
export const forgetSharedFiles = (key: string): Promise<void> => del(key, shares());

/** Deletes every share older than a day. */
export async function sweepSharedFiles(now = Date.now()): Promise<void> {
  const stale = (await entries<IDBValidKey, KeptShare | undefined>(shares())).filter(([, kept]) => !kept || isStaleShare(kept.keptAt, now));
  if (stale.length > 0)
    await delMany(
      stale.map(([key]) => key),
      shares(),
    );
}
