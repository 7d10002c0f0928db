import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { gqlDocumentsPlugin } from './scripts/vite-gql-documents';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

// The web client: built into dist/web (served by the API on one port); `npm run dev` proxies to the API.
export default defineConfig({
  root: 'web',
  plugins: [gqlDocumentsPlugin(path.join(path.dirname(fileURLToPath(import.meta.url)), 'web')), react(), tailwindcss()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/graphql': { target: api, ws: true, changeOrigin: false },
    },
  },
});
