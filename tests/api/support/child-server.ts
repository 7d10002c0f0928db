import type { ChildProcess } from 'node:child_process';
import { startServer } from '../../support/server.mjs';

/** A server in a process of its own (`api/main.ts` under tsx), for tests that signal or kill it. */
export interface ChildServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills the process if it still runs and removes its data directory (a fresh one only, not env.DATA_DIR). */
  cleanup(): Promise<void>;
}

/**
 * Starts `api/main.ts` in a child process (tests/support/server.mjs: a free loopback port, a fresh data
 * directory unless env.DATA_DIR names one, the demo accounts, without DATABASE_URL and REDIS_URL unless
 * given) with its output kept, and waits until it answers: at most 45 s, within the tests' 60 s hooks.
 */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const server = await startServer({ entry: 'api/main.ts', env, output: 'pipe', tempPrefix: 'lwf-child-', startTimeoutMs: 45_000 });
  return { url: server.baseUrl, port: server.port, child: server.child, output: server.output, exited: server.exited, cleanup: () => server.stop('SIGKILL') };
}
