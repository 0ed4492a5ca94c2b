import { spawn } from 'node:child_process';

/** `npm run dev`: the API on API_PORT (3001) restarting on change, and Vite with hot reload proxying /api to it. */
const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/serve.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, CLIENT_DIR: '/nonexistent' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
