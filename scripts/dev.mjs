#!/usr/bin/env node
// npm run dev: the API with reload (tsx watch) on API_PORT (3000) and Vite on 5173 proxying /api and /graphql (HTTP and WebSocket).
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'api/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort, NODE_ENV: 'development' } }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` } }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
