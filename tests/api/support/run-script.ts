import { spawn } from 'node:child_process';

/** What an npm script printed and how it ended. */
export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run <script> -- ...args` as an operator would: on the embedded database (DATABASE_URL and
 * REDIS_URL removed from a copy of the environment) unless `env` says otherwise.
 */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<ScriptRun> {
  const childEnv: Record<string, string> = { ...(process.env as Record<string, string>) };
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], { env: { ...childEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}
