/**
 * Modules under api/modules import each other in one direction only. This test reads every value
 * import (not `import type`) of the server and finds the pairs of modules that reach each other: there
 * are none left. docs/DECISIONS.md, "The activity read side is a module of its own", says how each pair
 * went (modules above others; parts and key holders handed in by the composition root).
 *
 * The web client's rules (docs/ARCHITECTURE.md, "The layers"), over every import of web/ (values, types,
 * `import()`): web/lib and web/ui import no feature; a feature imports another only through its face,
 * web/features/<feature>/index.ts, which only re-exports; no file circle.
 *
 * It also reads every import, type imports included, file by file: api/common/ imports no module (a
 * module declares what it keeps in the context on the shared interfaces, docs/ARCHITECTURE.md), and no
 * files of api/ import each other in a circle.
 *
 * Across the three trees (every file of api/, migrations included, web/, web/gql included, and schema/),
 * every import of every kind: api/ and web/ import nothing of each other and schema/domain imports only
 * itself; no import points up the layer order (the composition roots, then the rest; in web/, features
 * above lib and ui, above the generated web/gql); no file circle anywhere.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const API = path.resolve(__dirname, '../../api');
const WEB = path.resolve(__dirname, '../../web');
const ROOT = path.resolve(__dirname, '../..');

function sourceFiles(dir: string, skip = 'migrations'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === skip ? [] : sourceFiles(full, skip);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
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

/** Circles of modules (strongly connected groups of two or more), each sorted: Tarjan's algorithm. */
function circles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (name: string) => {
    index.set(name, next);
    low.set(name, next++);
    stack.push(name);
    for (const to of graph.get(name) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(name, Math.min(low.get(name)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(name, Math.min(low.get(name)!, index.get(to)!));
    }
    if (low.get(name) === index.get(name)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== name);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const name of graph.keys()) if (!index.has(name)) visit(name);
  return found;
}

/** Every relative import and re-export of a file (`import type` included), resolved to the file it names. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const targets: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)) {
    const named = path.resolve(path.dirname(file), match[1]).replace(/\.js$/, '.ts');
    targets.push(named.endsWith('.ts') ? named : path.join(named, 'index.ts'));
  }
  return targets;
}

/** File -> the files of api/ it imports (relative paths from the repository's api/ folder). */
function fileGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(API)) {
    const from = path.relative(API, file);
    graph.set(
      from,
      new Set(
        importsOf(file)
          .filter((to) => to.startsWith(API + path.sep))
          .map((to) => path.relative(API, to)),
      ),
    );
  }
  return graph;
}

/** File -> the files it imports. */
function graphOf(edges: { from: string; to: string }[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(to);
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

  it('no pair of modules imports each other', () => {
    expect(mutualPairs(graph)).toEqual([]);
  });

  it('api/common/ imports no module, not even a type', () => {
    const files = fileGraph();
    const intoModules = [...files].flatMap(([from, targets]) =>
      from.startsWith(`common${path.sep}`) ? [...targets].filter((to) => to.startsWith(`modules${path.sep}`)).map((to) => `${from} -> ${to}`) : [],
    );
    expect(intoModules).toEqual([]);
    // The check sees common's imports.
    expect(files.get(path.join('common', 'context.ts'))).toContain(path.join('common', 'loaders.ts'));
  });

  it('no circle of files inside api/ (type imports included)', () => {
    const files = fileGraph();
    expect(files.get('app.ts')).toContain(path.join('common', 'context.ts'));
    expect(circles(files)).toEqual([]);
  });

  it('no circle of modules of any length (a imports b imports c imports a)', () => {
    expect(circles(graph)).toEqual([]);
    // The check finds one when there is one.
    expect(
      circles(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['c'])],
          ['c', new Set(['a'])],
          ['d', new Set(['a'])],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
  });
});

/**
 * Lazily loaded components another feature imports by their own path (`lazy(() => import(...))`,
 * `lazyWithPreload`): through a face, the chunk split would rest on the bundler alone. Only an
 * `import()` may name them; a static import goes through the face like any other.
 */
const LAZY_BY_PATH = [
  'features/calendar/components/CalendarView.tsx', // the planner's weekly and monthly views
  'features/keyboard/components/KeyboardShortcuts.tsx', // the keyboard layer, after the first paint
  'features/notifications/components/NotificationPanel.tsx',
  'features/planner/components/ConfigLabelsLoader.tsx', // reads the configured labels, after the first paint
  'features/planner/components/MoveToDateDialog.tsx', // a calendar card's 'Move to date...'
  'features/offline/components/OfflineSupport.tsx',
  'features/task/components/CreateTaskDialog.tsx',
  'features/task/components/TaskDetailsSheet.tsx',
  'features/templates/components/TemplatesView.tsx',
];

interface WebImport {
  from: string;
  to: string;
  lazy: boolean;
}

/** The file an import names (relative to the repository), as TypeScript or Vite would find it. */
function resolveFrom(file: string, specifier: string): string {
  const base = path.resolve(path.dirname(file), specifier.replace(/\?.*$/, ''));
  const stem = base.replace(/\.js$/, '');
  const found = [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (c) => existsSync(c) && statSync(c).isFile(),
  );
  return path
    .relative(ROOT, found ?? base)
    .split(path.sep)
    .join('/');
}

/** The same, relative to web/. */
const resolveWeb = (file: string, specifier: string): string => resolveFrom(file, specifier).replace(/^web\//, '');

/** Every relative import of web/ outside the generated web/gql: static, type-only, re-exports and import(). */
function webImports(): WebImport[] {
  const found: WebImport[] = [];
  for (const file of sourceFiles(WEB, 'gql')) {
    const source = readFileSync(file, 'utf8');
    const from = path.relative(WEB, file).split(path.sep).join('/');
    for (const match of source.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/gms)) {
      found.push({ from, to: resolveWeb(file, match[1] ?? match[2] ?? match[3]), lazy: match[3] !== undefined });
    }
  }
  return found;
}

/** The feature a web/ path belongs to (features/<name>/...), or null. */
const featureOf = (file: string): string | null => (/^features\/([^/]+)\/./.exec(file) ?? [])[1] ?? null;

describe('web imports', () => {
  const imports = webImports();

  it('reads the client (the imports are not empty)', () => {
    expect(imports).toContainEqual({ from: 'App.tsx', to: 'lib/auth.tsx', lazy: false });
    expect(imports.some((i) => i.lazy)).toBe(true);
  });

  it('web/lib and web/ui import no feature', () => {
    expect(imports.filter((i) => /^(lib|ui)\//.test(i.from) && i.to.startsWith('features/')).map((i) => `${i.from} -> ${i.to}`)).toEqual([]);
  });

  it('a feature imports another only through its index.ts (or a listed lazy component by import())', () => {
    const crossing = imports.filter((i) => featureOf(i.from) && featureOf(i.to) && featureOf(i.from) !== featureOf(i.to));
    expect(crossing.length).toBeGreaterThan(0);
    const wrong = crossing.filter((i) => !/^features\/[^/]+\/index\.ts$/.test(i.to) && !(i.lazy && LAZY_BY_PATH.includes(i.to)));
    expect(wrong.map((i) => `${i.from} -> ${i.to}${i.lazy ? ' (import())' : ''}`)).toEqual([]);
    // Each listed exception is still a lazy import somewhere (the list does not outlive its reason).
    expect(LAZY_BY_PATH.filter((to) => !crossing.some((i) => i.lazy && i.to === to))).toEqual([]);
  });

  it("a feature's index.ts only re-exports: no code runs when it is imported", () => {
    const faces = readdirSync(path.join(WEB, 'features'))
      .map((name) => path.join(WEB, 'features', name, 'index.ts'))
      .filter((file) => existsSync(file));
    expect(faces.length).toBeGreaterThan(0);
    for (const face of faces) {
      const statements = readFileSync(face, 'utf8')
        .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean);
      expect(
        statements.filter((statement) => !/^export\s+(type\s+)?(\*|\{[^}]*\})\s+from\s+'\.\/[^']+'$/.test(statement)),
        path.relative(WEB, face),
      ).toEqual([]);
    }
  });

  it('no circle of files in web/ (imports of every kind, import() included)', () => {
    expect(circles(graphOf(imports))).toEqual([]);
  });
});

interface Edge {
  from: string;
  to: string;
}

/** Every relative import of api/, web/ and schema/: static, type-only, side-effect, re-exports and import(). */
function allImports(): Edge[] {
  const files = ['api', 'web', 'schema'].flatMap((dir) => sourceFiles(path.join(ROOT, dir), 'node_modules'));
  return files.flatMap((file) => {
    const from = path.relative(ROOT, file).split(path.sep).join('/');
    const source = readFileSync(file, 'utf8');
    // Either quote: the generated web/gql uses double quotes.
    return [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]|^import\s+['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/gms)].map(
      (m) => ({
        from,
        to: resolveFrom(file, m[1] ?? m[2] ?? m[3]),
      }),
    );
  });
}

/**
 * The layer of a file, from the top (docs/ARCHITECTURE.md, "The layers"); an import points to its own
 * layer or a lower one. Inside api/ below the composition root the modules' own rules above hold.
 */
const LAYERS: [RegExp, number][] = [
  [/^api\/main\.ts$/, 0],
  [/^api\/app\.ts$/, 1],
  [/^api\//, 2],
  [/^web\/main\.tsx$/, 0],
  [/^web\/App\.tsx$/, 1],
  [/^web\/features\//, 2],
  [/^web\/(lib|ui)\//, 3],
  [/^web\/gql\//, 4],
  [/^web\//, 3], // the styles and the other files at web/'s top
  [/^schema\//, 5],
];
const layerOf = (file: string): number => LAYERS.find(([pattern]) => pattern.test(file))?.[1] ?? -1;
const side = (file: string): string => file.split('/')[0];

const upward = (edges: Edge[]): string[] => edges.filter(({ from, to }) => layerOf(to) < layerOf(from)).map(({ from, to }) => `${from} -> ${to}`);
const acrossSides = (edges: Edge[]): string[] =>
  edges
    .filter(({ from, to }) => (from.startsWith('schema/') ? !to.startsWith('schema/domain/') : side(from) !== side(to) && side(to) !== 'schema'))
    .map(({ from, to }) => `${from} -> ${to}`);

describe('layers across api/, web/ and schema/', () => {
  const edges = allImports();

  it('reads every tree (migrations, web/gql and schema/domain included)', () => {
    const from = new Set(edges.map((e) => e.from.split('/').slice(0, 3).join('/')));
    expect([...from]).toEqual(expect.arrayContaining(['api/db/migrations', 'web/gql/index.ts', 'api/main.ts', 'web/main.tsx']));
    expect(edges).toContainEqual({ from: 'web/main.tsx', to: 'web/App.tsx' });
    expect(edges.some((e) => e.from.startsWith('web/') && e.to.startsWith('schema/domain/'))).toBe(true);
    expect(edges.some((e) => e.from.startsWith('api/') && e.to.startsWith('schema/domain/'))).toBe(true);
  });

  it('api/ and web/ import nothing of each other; schema/domain imports only itself', () => {
    expect(acrossSides(edges)).toEqual([]);
    // The check finds one when there is one.
    expect(
      acrossSides([
        { from: 'web/lib/a.ts', to: 'api/config.ts' },
        { from: 'schema/domain/b.ts', to: 'web/lib/a.ts' },
      ]),
    ).toHaveLength(2);
  });

  it('no import points up the layer order (nothing imports a composition root; lib and ui import no feature)', () => {
    expect(edges.filter((e) => layerOf(e.from) < 0 || layerOf(e.to) < 0).map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
    expect(upward(edges)).toEqual([]);
    expect(
      upward([
        { from: 'web/ui/a.tsx', to: 'web/features/b/index.ts' },
        { from: 'api/db/seed.ts', to: 'api/app.ts' },
      ]),
    ).toHaveLength(2);
  });

  it('no circle of files anywhere (imports of every kind)', () => {
    expect(circles(graphOf(edges))).toEqual([]);
  });
});
