// npm run dev: the API server (restarting on change) and the Vite dev server side by side.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn('node_modules/.bin/tsx', ['watch', 'server/main.ts', '--demo'], { stdio: 'inherit', env: { LOG_FORMAT: 'pretty', ...process.env, PORT: apiPort } }),
  spawn('node_modules/.bin/vite', ['--config', 'web/vite.config.ts'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = (): void => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
