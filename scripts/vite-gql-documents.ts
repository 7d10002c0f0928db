import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Replaces each `graphql(`...`)` call in the web sources with the document it stands for, inlined as the
 * object literal that codegen wrote for it in web/gql/graphql.ts (`PlannerTasksDocument`, ...).
 *
 * Why: the client preset's `graphql()` looks documents up in one map (web/gql/gql.ts) that references every
 * operation of every screen, so importing `graphql` anywhere put all of them in the first download, and
 * importing the constants instead does not help either: graphql.ts is one module, and a bundler puts a
 * module in one chunk, so every screen's documents would still share one chunk that the first page
 * loads. Inlined at the call site, each document travels with the chunk that uses it. This is what the
 * preset's babel plugin does; Vite 8 builds without babel, so this small transform does it instead
 * (docs/DECISIONS.md, "Documents per chunk"). A call whose text is not in the map (a stale web/gql during
 * development) is left as it is and still works through the map.
 */
export function gqlDocumentsPlugin(webRoot: string): Plugin {
  const gqlDir = path.join(webRoot, 'gql');
  let byText = new Map<string, string>();
  let literals = new Map<string, string>();

  const load = (): void => {
    const source = readFileSync(path.join(gqlDir, 'gql.ts'), 'utf8');
    // The runtime map: `    "<document text>": types.XxxDocument,`
    const runtime = source.slice(source.indexOf('const documents'));
    byText = new Map();
    for (const m of runtime.matchAll(/^\s{4}("(?:[^"\\]|\\.)*"): types\.(\w+),$/gm)) {
      byText.set(JSON.parse(m[1]) as string, m[2]);
    }
    // `export const XxxDocument = {...} as unknown as DocumentNode<...>;`, one per line.
    literals = new Map();
    for (const m of readFileSync(path.join(gqlDir, 'graphql.ts'), 'utf8').matchAll(/^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm)) {
      literals.set(m[1], m[2]);
    }
  };

  return {
    name: 'lwf-gql-documents',
    enforce: 'pre',
    buildStart() {
      load();
      this.addWatchFile(path.join(gqlDir, 'gql.ts'));
      this.addWatchFile(path.join(gqlDir, 'graphql.ts'));
    },
    watchChange(id) {
      if (id.startsWith(gqlDir)) load();
    },
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.startsWith(gqlDir) || !code.includes('graphql(`')) return null;
      let replaced = false;
      const out = code.replace(/\bgraphql\(\s*`((?:[^`\\$]|\$(?!\{))*)`\s*\)/g, (call, text: string) => {
        const name = byText.get(text);
        const literal = name ? literals.get(name) : undefined;
        if (!literal) return call;
        replaced = true;
        return `(${literal})`;
      });
      return replaced ? { code: out, map: null } : null;
    },
  };
}
