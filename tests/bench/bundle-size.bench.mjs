#!/usr/bin/env node
// Bundle size of the web client: the JavaScript the sign-in and planner route load before the first
// paint (index.html's entry script, its modulepreload links and every chunk they import statically),
// and each chunk loaded on demand. Reads dist/web as `npm run build:web` left it; builds nothing.
// Prints figures only (gzip at level 9, 1 kB = 1000 bytes); the budget line is informative.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 170_000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dist/web');
const indexFile = path.join(dist, 'index.html');

if (!existsSync(indexFile)) {
  console.log('bundle-size: dist/web/index.html not found; run `npm run build:web` first.');
  process.exit(0);
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const gzip = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const raw = (file) => readFileSync(file).length;
const local = (url) => path.join(dist, url.replace(/^\//, '').split('?')[0]);

const html = readFileSync(indexFile, 'utf8');
const entries = [
  ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
].map(local);
const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => local(m[1]));

// Static imports of a built ES module: `import x from"./a.js"`, `import"./a.js"`, `export * from"./a.js"`
// (never `import("./a.js")`, which loads on demand).
const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'`]([^"'`]+\.js)["'`]/g;
function staticImports(file) {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(STATIC_IMPORT)].map((m) => path.resolve(path.dirname(file), m[1]));
}

const initial = new Set();
const queue = [...entries];
while (queue.length) {
  const file = queue.shift();
  if (initial.has(file) || !existsSync(file)) continue;
  initial.add(file);
  queue.push(...staticImports(file));
}

const assets = path.join(dist, 'assets');
const allJs = readdirSync(assets)
  .filter((f) => f.endsWith('.js'))
  .map((f) => path.join(assets, f));
const lazy = allJs.filter((f) => !initial.has(f));
const rel = (f) => path.relative(dist, f);

const initialGzip = [...initial].reduce((sum, f) => sum + gzip(f), 0);
const initialRaw = [...initial].reduce((sum, f) => sum + raw(f), 0);
const cssGzip = css.filter(existsSync).reduce((sum, f) => sum + gzip(f), 0);

console.log('Web bundle (dist/web), gzip level 9');
console.log(`Initial JS (sign-in and planner route): ${kB(initialGzip)} gzip, ${kB(initialRaw)} raw, ${initial.size} file(s)`);
for (const f of initial) console.log(`  ${rel(f).padEnd(52)} ${kB(gzip(f)).padStart(10)} gzip ${kB(raw(f)).padStart(10)} raw`);
console.log(
  `Budget: ${kB(BUDGET_BYTES)} gzip -> ${initialGzip <= BUDGET_BYTES ? `within budget (${kB(BUDGET_BYTES - initialGzip)} left)` : `over budget by ${kB(initialGzip - BUDGET_BYTES)}`}`,
);
console.log(`Initial CSS: ${kB(cssGzip)} gzip`);
console.log(`Lazy chunks (${lazy.length}), loaded on demand:`);
for (const f of lazy.sort((a, b) => gzip(b) - gzip(a))) console.log(`  ${rel(f).padEnd(52)} ${kB(gzip(f)).padStart(10)} gzip ${kB(raw(f)).padStart(10)} raw`);
console.log(`Total JS: ${kB(allJs.reduce((s, f) => s + gzip(f), 0))} gzip`);
