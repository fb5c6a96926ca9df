/** A test's own redis-server on 127.0.0.1 (Debian's, installed by .ci/run), on a free port, without persistence. */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { freePort } from './net.js';

export interface TestRedis {
  port: number;
  url: string;
  child: ChildProcess;
  /** Keys in the server matching a glob pattern (0 when it does not answer). */
  keys: (pattern: string) => number;
}

/** Start a redis-server on `port` (a free one if not given) and wait until it answers PING. */
export async function startRedis(port?: number): Promise<TestRedis> {
  const p = port ?? (await freePort());
  const child = spawn('redis-server', ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const cli = (...args: string[]) => execFileSync('redis-cli', ['-p', String(p), ...args], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  for (let i = 0; i < 100; i++) {
    try {
      if (cli('ping') === 'PONG') break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const keys = (pattern: string) => {
    try {
      return cli('--scan', '--pattern', pattern).split('\n').filter((k) => k !== '').length;
    } catch {
      return 0;
    }
  };
  return { port: p, url: `redis://127.0.0.1:${p}`, child, keys };
}
