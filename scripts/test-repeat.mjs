#!/usr/bin/env node
// npm run test:repeat [-- N] [playwright args]: runs the browser suite N times over (REPEAT or the first
// argument, default 5) with Playwright's --repeat-each, through e2e.mjs (build, server, Playwright), and
// prints each test's pass count per project, failures first. Exits non-zero when any run failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const times = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : Number(process.env.REPEAT ?? 5);
if (!Number.isInteger(times) || times < 1) {
  console.error('test-repeat: the number of runs (REPEAT or the first argument) must be a positive whole number');
  process.exit(2);
}

/** Runs e2e.mjs with a JSON report; answers Playwright's exit code and the report (null if none was written). */
function runSuite() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lwf-repeat-'));
  const reportFile = path.join(dir, 'report.json');
  try {
    const { status } = spawnSync(process.execPath, [path.join(root, 'scripts/e2e.mjs'), `--repeat-each=${times}`, '--reporter=dot,json', ...args], {
      stdio: 'inherit',
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile },
    });
    return { status: status ?? 1, report: existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One row per test and project: how many of its runs passed, out of how many ran. */
function tally(report) {
  const rows = new Map();
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'skipped') continue;
        const name = [...titles, spec.title].join(' › ');
        const key = `${test.projectName}\u0000${name}`;
        const row = rows.get(key) ?? { project: test.projectName, name, passed: 0, runs: 0 };
        row.runs += 1;
        if (test.status === 'expected') row.passed += 1;
        rows.set(key, row);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const file of report.suites) visit(file, [file.title]);
  return [...rows.values()];
}

const { status, report } = runSuite();
if (!report) {
  console.error('test-repeat: Playwright wrote no report');
  process.exit(status || 1);
}
const rows = tally(report).sort((a, b) => a.passed / a.runs - b.passed / b.runs || a.name.localeCompare(b.name) || a.project.localeCompare(b.project));
const width = Math.max(...rows.map((r) => r.project.length), 0);
console.log(`\nPass counts over ${times} run${times === 1 ? '' : 's'} each (failures first):`);
for (const row of rows) console.log(`${`${row.passed}/${row.runs}`.padStart(7)}  ${row.project.padEnd(width)}  ${row.name}`);
const failing = rows.filter((r) => r.passed < r.runs).length;
console.log(failing ? `\n${failing} of ${rows.length} tests failed at least once.` : `\nAll ${rows.length} tests passed every run.`);
process.exit(failing || status !== 0 ? 1 : 0);
