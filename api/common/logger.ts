type Level = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

let threshold: Level = (process.env.LOG_LEVEL as Level) || 'info';

/** A tiny leveled logger writing one line per event to stderr. */
export const logger = {
  setLevel(level: Level) {
    threshold = level;
  },
  debug: (msg: string, extra?: unknown) => write('debug', msg, extra),
  info: (msg: string, extra?: unknown) => write('info', msg, extra),
  warn: (msg: string, extra?: unknown) => write('warn', msg, extra),
  error: (msg: string, extra?: unknown) => write('error', msg, extra),
};

function write(level: Level, msg: string, extra?: unknown): void {
  if (ORDER[level] < ORDER[threshold]) return;
  const detail = extra instanceof Error ? ` ${extra.stack ?? extra.message}` : extra === undefined ? '' : ` ${JSON.stringify(extra)}`;
  process.stderr.write(`${new Date().toISOString()} ${level.toUpperCase()} ${msg}${detail}\n`);
}
