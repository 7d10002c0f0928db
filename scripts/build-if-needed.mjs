// Builds the server (tsc) and the web client (vite) when their sources are newer than the last build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    latest = Math.max(latest, newest(path.join(target, entry.name)));
  }
  return latest;
}

const stale = (stamp, sources) => !existsSync(stamp) || sources.some((s) => newest(s) > statSync(stamp).mtimeMs);

function run(script) {
  console.log(`> npm run ${script}`);
  const result = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Builds what is missing or stale; `root` is the repository. */
export function buildIfNeeded(root) {
  process.chdir(root);
  mkdirSync('dist', { recursive: true });
  const apiStamp = 'dist/.api-built';
  if (stale(apiStamp, ['api', 'schema/domain', 'tsconfig.json', 'tsconfig.api.json', 'package.json'])) {
    run('build:api');
    writeFileSync(apiStamp, new Date().toISOString());
  }
  const webStamp = 'dist/.web-built';
  if (
    existsSync('web/index.html') &&
    stale(webStamp, [
      'web',
      'schema',
      'vite.config.ts',
      'vite.explorer.config.ts',
      'scripts/vite-gql-documents.ts',
      'scripts/vite-share-worker.ts',
      'codegen.ts',
      'package.json',
    ])
  ) {
    run('build:web');
    writeFileSync(webStamp, new Date().toISOString());
  }
}
