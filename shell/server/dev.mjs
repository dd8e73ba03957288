#!/usr/bin/env node
// Development: the API (tsx watch) and a webpack-dev-server with React Fast Refresh for the shell
// and each remote, every one on its own port. Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ports } from './ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const apps = ['shell', 'mfe-marketplace', 'mfe-booking', 'mfe-account', 'mfe-miniview'];

const children = [
  spawn('npm', ['run', 'dev', '-w', 'api'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(ports.api) },
  }),
  ...apps.map((app) => spawn('npm', ['run', 'dev', '-w', app], { cwd: root, stdio: 'inherit' })),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log(
  `Dev servers starting: shell http://127.0.0.1:${ports.shell}/ (remotes on ${ports.mfe_marketplace}-${ports.mfe_miniview}, API ${ports.api})`,
);
