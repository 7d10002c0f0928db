import { build, type Plugin, type Rolldown } from 'vite';

/**
 * Builds a script for the service worker on its own (one classic script, its imports bundled in, as
 * Workbox's `importScripts` loads it) and adds it to the web build under `fileName`, before
 * vite-plugin-pwa writes sw.js. The app's chunks are ES modules that share code with each other, which a
 * classic worker script cannot import.
 */
export function serviceWorkerScriptPlugin(entry: string, fileName: string): Plugin {
  return {
    name: 'service-worker-script',
    apply: 'build',
    async generateBundle() {
      const result = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        build: {
          write: false,
          minify: true,
          target: 'es2022',
          lib: { entry, formats: ['iife'], name: 'lwfShareTarget', fileName: () => fileName },
        },
      });
      const output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
      const chunk = output.output.find((item): item is Rolldown.OutputChunk => item.type === 'chunk' && item.isEntry);
      if (!chunk) throw new Error(`No script was built from ${entry}`);
      this.emitFile({ type: 'asset', fileName, source: chunk.code });
    },
  };
}
