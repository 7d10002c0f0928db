import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Replaces each `graphql(`...`)` call in the web sources with the generated document constant it stands
 * for (`PlannerTasksDocument`, `TaskCard_TaskFragmentDoc`), imported by name from web/gql/graphql.ts.
 *
 * Why: the client preset's `graphql()` looks documents up in one map (web/gql/gql.ts) that references every
 * operation of every screen, so the first download would carry all of them. With the calls replaced, each
 * chunk carries only its own documents. This is what the preset's babel plugin does; Vite 8 builds without
 * babel, so this small transform does it instead (docs/DECISIONS.md, "Documents per chunk").
 * A call whose text is not in the map (a stale web/gql during development) is left as it is and still works.
 */
export function gqlDocumentsPlugin(webRoot: string): Plugin {
  const gqlDir = path.join(webRoot, 'gql');
  const typesModule = path.join(gqlDir, 'graphql.ts');
  let byText = new Map<string, string>();

  const load = (): void => {
    const source = readFileSync(path.join(gqlDir, 'gql.ts'), 'utf8');
    // The runtime map: `    "<document text>": types.XxxDocument,`
    const runtime = source.slice(source.indexOf('const documents'));
    byText = new Map();
    for (const m of runtime.matchAll(/^\s{4}("(?:[^"\\]|\\.)*"): types\.(\w+),$/gm)) {
      byText.set(JSON.parse(m[1]) as string, m[2]);
    }
  };

  return {
    name: 'lwf-gql-documents',
    enforce: 'pre',
    buildStart() {
      load();
      this.addWatchFile(path.join(gqlDir, 'gql.ts'));
    },
    watchChange(id) {
      if (id.endsWith(path.join('gql', 'gql.ts'))) load();
    },
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.startsWith(gqlDir) || !code.includes('graphql(`')) return null;
      const used = new Set<string>();
      const out = code.replace(/\bgraphql\(\s*`((?:[^`\\$]|\$(?!\{))*)`\s*\)/g, (call, text: string) => {
        const name = byText.get(text);
        if (!name) return call;
        used.add(name);
        return `__lwfDocs_${name}`;
      });
      if (used.size === 0) return null;
      const imports = [...used].map((n) => `${n} as __lwfDocs_${n}`).join(', ');
      // Appended (imports are hoisted), so line numbers stay those of the source.
      return { code: `${out}\nimport { ${imports} } from ${JSON.stringify(typesModule)};\n`, map: null };
    },
  };
}
