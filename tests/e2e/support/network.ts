import { expect, type Page, type WebSocketRoute } from '@playwright/test';

/** The page's live sockets, routed through the test so it can cut them like a flaky network. */
export interface FlakySockets {
  /** Closes every open socket (1012, which the client retries) and refuses new ones until `restore`. */
  cut(): Promise<void>;
  /** Waits until the client has tried to reconnect and been refused at least once: really offline. */
  refusedOnce(): Promise<void>;
  /** Lets new sockets through to the server again. */
  restore(): void;
  /** How many sockets reached the server so far. */
  connected(): number;
}

/** Routes every socket of `page` to /graphql (call before the page opens one). */
export async function flakySockets(page: Page): Promise<FlakySockets> {
  const open: WebSocketRoute[] = [];
  let connected = 0;
  let offline = false;
  let refused = 0;
  await page.routeWebSocket(/\/graphql$/, (ws) => {
    if (offline) {
      refused += 1;
      void ws.close({ code: 1012, reason: 'network down' });
      return;
    }
    ws.connectToServer();
    open.push(ws);
    connected += 1;
  });
  return {
    async cut() {
      offline = true;
      for (const ws of open.splice(0)) await ws.close({ code: 1012, reason: 'network down' });
    },
    async refusedOnce() {
      await expect.poll(() => refused, { timeout: 20_000 }).toBeGreaterThan(0);
    },
    restore() {
      offline = false;
    },
    connected: () => connected,
  };
}
