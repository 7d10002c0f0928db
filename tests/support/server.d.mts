import type { ChildProcess } from 'node:child_process';

/** The repository's root: the server's working directory, and what a relative `entry` is resolved from. */
export declare const repoRoot: string;

/** A TCP port free on loopback right now (for a process that must be told its port). */
export declare function freePort(): Promise<number>;

export interface WaitForHealthOptions {
  /** The path that answers 2xx once the process serves (default /healthz). */
  path?: string;
  /** Upper bound (default 120 s: a busy 2-core machine starts the server slowly). */
  timeoutMs?: number;
  /** What the process printed, for the error. */
  output?: () => string;
}

/** Polls `${baseUrl}${path}` until it answers 2xx; rejects as soon as `child` exits, or after `timeoutMs`. */
export declare function waitForHealth(baseUrl: string, child: ChildProcess, options?: WaitForHealthOptions): Promise<void>;

export interface StartServerOptions {
  /** The server's entry, relative to the repository: 'dist/api/main.js' (default) or 'api/main.ts' (run under tsx). */
  entry?: string;
  /**
   * Added to the server's environment, over this process's (which loses DATABASE_URL and REDIS_URL) and
   * the defaults NODE_ENV=production, PORT, HOST=127.0.0.1, DATA_DIR, SEED_DEMO=true, LOG_LEVEL=warn.
   * An undefined value removes the variable.
   */
  env?: Record<string, string | undefined>;
  /** A data directory of the caller's, kept on stop (also taken from env.DATA_DIR); else a fresh one, removed on stop. */
  dataDir?: string;
  /** The name prefix of the fresh data directory under the system's temp directory (default 'lwf-server-'). */
  tempPrefix?: string;
  /** Node flags before the entry (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** 'inherit' (default): the server prints to this process's output; 'pipe': kept for output(). */
  output?: 'inherit' | 'pipe';
  /** Upper bound for /healthz to answer (default 120 s). */
  startTimeoutMs?: number;
}

export interface StartedServer {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the process printed (with output: 'pipe'; else ''). */
  output(): string;
  /** Signals the process if it still runs (SIGTERM by default), waits for its exit, removes a fresh data directory. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts the server as a process of its own and resolves once /healthz answers. */
export declare function startServer(options?: StartServerOptions): Promise<StartedServer>;
