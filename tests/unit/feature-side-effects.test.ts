/**
 * The build treats every module under web/features as free of side effects when imported
 * (vite.config.ts, `treeshake.moduleSideEffects`), so that a feature's index.ts brings a chunk only what
 * it uses. That holds while no such module runs a statement of its own at the top level: a call, an
 * assignment, a loop. Declarations (imports, exports, functions, classes, types, `const x = ...`) are
 * what a feature module holds; this test fails on anything else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const FEATURES = path.resolve(__dirname, '../../web/features');

/** Entry files of builds of their own (vite.explorer.config.ts, the service worker's share target), which the setting does not cover. */
const ENTRIES = new Set(['explorer/main.tsx', 'share/share-target.worker.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const DECLARATIONS = new Set([
  ts.SyntaxKind.ImportDeclaration,
  ts.SyntaxKind.ImportEqualsDeclaration,
  ts.SyntaxKind.ExportDeclaration,
  ts.SyntaxKind.ExportAssignment,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.VariableStatement,
  ts.SyntaxKind.EmptyStatement,
]);

/** The top-level statements of a file that are not declarations, as `file:line kind`. */
function sideEffects(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  return source.statements
    .filter((statement) => !DECLARATIONS.has(statement.kind))
    .map(
      (statement) => `${path.relative(FEATURES, file)}:${source.getLineAndCharacterOfPosition(statement.getStart()).line + 1} ${ts.SyntaxKind[statement.kind]}`,
    );
}

describe('web/features modules run nothing when imported', () => {
  it('holds only declarations at the top level of every file', () => {
    const files = sourceFiles(FEATURES).filter((file) => !ENTRIES.has(path.relative(FEATURES, file).split(path.sep).join('/')));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(sideEffects)).toEqual([]);
  });
});
