#!/usr/bin/env node
// npm run bench: builds what is stale, then runs every benchmark under tests/bench (*.bench.ts with tsx,
// *.bench.mjs with node) one after another and
// prints their figures. Benchmarks never pass or fail on time; a crash still fails the run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));

const dir = path.resolve('tests/bench');
const only = process.argv.slice(2);
// Benchmarks that run only when named (npm run bench -- scale): they build large datasets first.
const ONLY_WHEN_NAMED = ['scale.bench.ts'];
const files = readdirSync(dir)
  .filter((f) => /\.bench\.(ts|mjs)$/.test(f))
  .filter((f) => (only.length === 0 ? !ONLY_WHEN_NAMED.includes(f) : only.some((o) => f.includes(o))))
  .sort();
if (files.length === 0) {
  console.log('No benchmarks found under tests/bench');
  process.exit(0);
}
let failed = 0;
for (const file of files) {
  console.log(`\n### ${file}`);
  const started = Date.now();
  const args = file.endsWith('.ts') ? ['--import', 'tsx', path.join(dir, file)] : [path.join(dir, file)];
  const run = spawnSync(process.execPath, args, { stdio: 'inherit', env: process.env });
  console.log(`### ${file} finished in ${((Date.now() - started) / 1000).toFixed(1)} s${run.status === 0 ? '' : ` (exit ${run.status ?? run.signal})`}`);
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
