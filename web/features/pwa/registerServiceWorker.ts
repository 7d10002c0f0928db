import { registerSW } from 'virtual:pwa-register';

/** Told when a new version of the app is installed and waiting; `update` switches to it and reloads. */
export type UpdateListener = (update: () => void) => void;

let registered = false;
let listener: UpdateListener | null = null;
let waiting: (() => void) | null = null;

/**
 * Registers the app's service worker (vite-plugin-pwa's generated sw.js, through workbox-window), once per
 * page and only after the page has loaded, so it never competes with the first paint. When a new version
 * is waiting, `onUpdate` gets a function that activates it (a SKIP_WAITING message) and reloads the page
 * once the new worker controls it. Returns a function that stops telling `onUpdate`.
 */
export function registerServiceWorker(onUpdate: UpdateListener): () => void {
  listener = onUpdate;
  if (waiting) onUpdate(waiting);
  if (!registered) {
    registered = true;
    const updateServiceWorker = registerSW({
      onNeedRefresh: () => {
        waiting = () => void updateServiceWorker();
        listener?.(waiting);
      },
    });
  }
  return () => {
    if (listener === onUpdate) listener = null;
  };
}
