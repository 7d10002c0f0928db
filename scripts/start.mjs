#!/usr/bin/env node
// npm start: build what is missing or stale (server and web client), then serve both on one port.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function stale(stamp, sources) {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return sources.some((s) => (existsSync(s) && statSync(s).isFile() ? statSync(s).mtimeMs : newest(s)) > built);
}

function run(script) {
  console.log(`> npm run ${script}`);
  const result = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

mkdirSync('dist', { recursive: true });
const apiStamp = 'dist/.api-built';
if (stale(apiStamp, ['api', 'schema/domain', 'tsconfig.json', 'tsconfig.api.json', 'package.json'])) {
  run('build:api');
  writeFileSync(apiStamp, new Date().toISOString());
}
const webStamp = 'dist/.web-built';
if (existsSync('web/index.html') && stale(webStamp, ['web', 'schema/domain', 'vite.config.ts', 'package.json'])) {
  run('build:web');
  writeFileSync(webStamp, new Date().toISOString());
}

const server = spawn(process.execPath, ['dist/api/main.js'], { stdio: 'inherit', env: { NODE_ENV: 'production', ...process.env } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
