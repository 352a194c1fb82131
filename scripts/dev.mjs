// Development: the service (restarting on change) and Vite's dev server with hot reload, side by side.
import { spawn } from 'node:child_process';

const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.PORT ?? '8080' } }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit', cwd: 'apps/web' }),
];
console.log('\n  Open http://localhost:5173/ (Vite, proxying the API to :8080)\n');
const stop = () => { for (const p of procs) p.kill('SIGTERM'); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } });
