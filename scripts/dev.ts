// npm run dev: the API server and the Vite dev server side by side, with openapi/ watched. An
// edit there regenerates generated/ (scripts/watch-openapi.ts); the server restarts on the new
// generated/openapi.json (tsx watch includes it) and the screens reload (the declared screens'
// module depends on it, web/declared-screens-plugin.ts). A refused edit prints its one-line
// reason and changes nothing; the loop goes on.
import { spawn } from 'node:child_process';
import { generate } from './generate';
import { watchOpenApi } from './watch-openapi';

const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn('node_modules/.bin/tsx', ['watch', '--clear-screen=false', '--include', 'generated/openapi.json', 'server/main.ts', '--demo'], { stdio: 'inherit', env: { LOG_FORMAT: 'pretty', ...process.env, PORT: apiPort } }),
  spawn('node_modules/.bin/vite', ['--configLoader', 'runner', '--config', 'web/vite.config.ts'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const openapi = watchOpenApi({ dir: 'openapi', regenerate: () => generate(), log: (line) => console.log(line) });
const stop = (): void => {
  openapi.close();
  children.forEach((child) => child.kill('SIGTERM'));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
