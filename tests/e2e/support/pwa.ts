import type { Page } from '@playwright/test';

/** Waits until the page's service worker registration has an activated worker; its scope and script. */
export const activeWorker = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== 'activated') {
      await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
    }
    return { scope: registration.scope, script: worker.scriptURL };
  });
