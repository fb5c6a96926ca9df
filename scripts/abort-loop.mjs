// The issue 35 F4 loop: `squabble run scenarios/worms/random-2p.yaml --games 100 --workers 2`
// with its reports, again and again into the same folders, counting V8 aborts (exit 134 or
// SIGABRT), other signals and other non-zero exits, and logging the load average.
// Needs `npm run build` first. Usage:
//   node scripts/abort-loop.mjs RUNS [LOOPS] [DIR]
// RUNS in all, spread over LOOPS loops side by side (default 1; each its own output folder, so
// they load the machine the way separate sessions do); DIR defaults to a new folder in the
// system's temporary folder. Progress and the final line go to DIR/log; exit 1 if any run failed.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.argv[2] ?? 1000);
const loops = Number(process.argv[3] ?? 1);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(loops) || loops < 1) {
  console.error('usage: node scripts/abort-loop.mjs RUNS [LOOPS] [DIR]');
  process.exit(2);
}
const dir = process.argv[4] ?? mkdtempSync(join(tmpdir(), 'squabble-abort-loop-'));
mkdirSync(dir, { recursive: true });
const logFile = join(dir, 'log');
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const stamp = () => new Date().toISOString().slice(0, 19) + 'Z';
const log = (line) => appendFileSync(logFile, line + '\n');
writeFileSync(logFile, '');
log(`start ${stamp()} runs ${runs} loops ${loops} load ${load()}`);

const t0 = Date.now();
let started = 0;
let done = 0;
let aborts = 0;
let signals = 0;
let nonzero = 0;
let loadMin = Infinity;
let loadMax = 0;

function once(loop) {
  return new Promise((resolve) => {
    const args = ['bin/squabble.js', 'run', 'scenarios/worms/random-2p.yaml', '--games', '100', '--workers', '2',
      '--out', join(dir, `out${loop}`), '--quiet'];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => { if (err.length < 2000) err += d; });
    child.on('close', (code, signal) => resolve({ code, signal, err }));
  });
}

async function loop(k) {
  while (started < runs) {
    started++;
    const { code, signal, err } = await once(k);
    done++;
    const l1 = loadavg()[0];
    loadMin = Math.min(loadMin, l1);
    loadMax = Math.max(loadMax, l1);
    if (code === 134 || signal === 'SIGABRT') aborts++;
    else if (signal) signals++;
    if (code !== 0) {
      nonzero++;
      log(`run ${done} exit ${code} signal ${signal}: ${err.slice(0, 400).replace(/\n/g, ' | ')}`);
    }
    if (done % 20 === 0) log(`runs ${done} aborts ${aborts} signals ${signals} nonzero ${nonzero} load ${load()} ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
}

await Promise.all(Array.from({ length: loops }, (_, k) => loop(k)));
log(`end ${stamp()} runs ${done} aborts ${aborts} other-signals ${signals} nonzero ${nonzero} ` +
  `1-min load ${loadMin.toFixed(2)}-${loadMax.toFixed(2)} duration ${((Date.now() - t0) / 1000).toFixed(0)} s`);
process.exit(nonzero ? 1 : 0);
