/**
 * Modules under api/modules import each other in one direction only. This test reads every value
 * import (not `import type`) of the server and finds the pairs of modules that reach each other. No new
 * pair may appear; the known pairs are listed so that removing one shows up here too.
 * docs/DECISIONS.md, "The activity read side is a module of its own", explains them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const API = path.resolve(__dirname, '../../api');

/** Pairs of modules that still import each other (through entities or services), sorted. */
const KNOWN_PAIRS = [
  'config <-> template',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The module a file belongs to (api/modules/<name>/...), or null outside the modules. */
function moduleOf(file: string): string | null {
  const match = path.relative(API, file).split(path.sep);
  return match[0] === 'modules' && match.length > 2 ? match[1] : null;
}

/** Module -> the modules its files import values from. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(API)) {
    const from = moduleOf(file);
    if (!from) continue;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'(\.[^']+)'/gms)) {
      const to = moduleOf(path.resolve(path.dirname(file), match[1]));
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

function mutualPairs(graph: Map<string, Set<string>>): string[] {
  const pairs: string[] = [];
  for (const [a, targets] of graph) for (const b of targets) if (a < b && graph.get(b)?.has(a)) pairs.push(`${a} <-> ${b}`);
  return pairs.sort();
}

describe('module imports', () => {
  const graph = moduleGraph();

  it('reads the modules (the graph is not empty)', () => {
    expect(graph.get('task')).toContain('audit');
    expect([...(graph.get('activity') ?? [])]).toEqual(expect.arrayContaining(['audit', 'task']));
  });

  it('the activity timeline sits on top: no module imports it', () => {
    expect([...graph].filter(([, targets]) => targets.has('activity')).map(([name]) => name)).toEqual([]);
  });

  it('the audit log imports no other module: every module records into it', () => {
    expect(graph.get('audit') ?? new Set()).toEqual(new Set());
  });

  it('no new pair of modules imports each other', () => {
    expect(mutualPairs(graph)).toEqual(KNOWN_PAIRS);
  });
});
