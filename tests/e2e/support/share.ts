import type { Page } from '@playwright/test';

/**
 * The share feature's IndexedDB store in the page: how many shares it keeps files of, after keeping
 * `file` as the service worker does when one is given (its key).
 */
export const shareStore = (page: Page, file?: { name: string; type: string; content: string }) =>
  page.evaluate(
    (file) =>
      new Promise<{ count: number; key: string }>((resolve, reject) => {
        const open = indexedDB.open('lwf-share');
        open.onupgradeneeded = () => open.result.createObjectStore('shares');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('shares', 'readwrite');
          const key = crypto.randomUUID();
          if (file) tx.objectStore('shares').put({ keptAt: Date.now(), files: [new File([file.content], file.name, { type: file.type })] }, key);
          const counted = tx.objectStore('shares').count();
          tx.oncomplete = () => (open.result.close(), resolve({ count: counted.result, key }));
          tx.onerror = () => reject(tx.error);
        };
      }),
    file,
  );

/** How many shares the page's origin keeps files of. */
export const keptShares = async (page: Page) => (await shareStore(page)).count;
