import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = path.dirname(fileURLToPath(import.meta.url));

// The API explorer (GraphiQL at /graphql): a build of its own into dist/web/explorer, run after the
// app's (which empties dist/web), so the app's chunks are exactly what they would be without it.
export default defineConfig({
  root: 'web',
  base: '/explorer/',
  plugins: [react()],
  build: {
    outDir: '../dist/web/explorer',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 4000,
    rollupOptions: { input: { explorer: path.join(root, 'web/explorer.html') } },
  },
  logLevel: 'warn',
});
