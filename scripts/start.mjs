#!/usr/bin/env node
// npm start: build what is missing or stale (server and web client), then serve both on one port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildIfNeeded(root);

const server = spawn(process.execPath, ['dist/api/main.js'], { stdio: 'inherit', env: { NODE_ENV: 'production', ...process.env } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
