// What a command costs before it does its work (npm run bench:startup): the CPU time (user +
// system, every thread, from /usr/bin/time) of `squabble --version`, `validate`, and `run
// --games 1000 --no-report` on Worms with the default workers and with --workers 0, each
// BENCH_REPEAT times (default 5), median and range; then `watch`'s first result after a save at
// 1,000 games (Worms and Squirmish Classic 70 greedy, with and without the report page): the wall
// time from the save to the line of the run it started, which is what a designer waits for, and
// the CPU time the watch process spent meanwhile (on an idle machine the wall time is about that).
// CPU time is what a busy machine does not blur; the watch figure is wall time and moves with the
// host's load (the load average is printed beside it). Prints a table; writes nothing.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';

const repeats = Math.max(1, Number(process.env.BENCH_REPEAT ?? 5));
const dir = mkdtempSync(join(tmpdir(), 'squabble-startup-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];

/** CPU seconds of one command (user + system, all threads), from /usr/bin/time. */
function cpuOf(args) {
  const file = join(dir, 'time.txt');
  execFileSync('/usr/bin/time', ['-o', file, '-f', 'CPU %U %S', process.execPath, 'bin/squabble.js', ...args], { stdio: 'ignore' });
  const [, user, sys] = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(readFileSync(file, 'utf8'));
  return Number(user) + Number(sys);
}

const commands = [
  ['--version', ['--version']],
  ['validate (a Worms scenario)', ['validate', 'scenarios/worms/random-2p.yaml']],
  ['run Worms 1,000 games --no-report', ['run', 'scenarios/worms/random-2p.yaml', '--games', '1000', '--no-report', '--quiet', '--out', join(dir, 'run')]],
  ['(same) --workers 0', ['run', 'scenarios/worms/random-2p.yaml', '--games', '1000', '--no-report', '--quiet', '--workers', '0', '--out', join(dir, 'run0')]],
];
const rows = [];
for (const [label, args] of commands) {
  const cpu = [];
  for (let r = 0; r < repeats; r++) cpu.push(cpuOf(args));
  rows.push({ label, cpu });
  console.error(`  ${label}: ${cpu.map((x) => x.toFixed(2)).join(', ')} s CPU`);
}

/** CPU seconds of a running process, every thread (Linux: /proc/<pid>/stat, 100 ticks a second). */
function cpuSecondsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Seconds (wall, and CPU of the watch process) from a save of the scenario to `watch` printing the run that save started. */
async function watchAfterSave(scenario, report) {
  const copy = join(dir, `watched-${report ? 'r' : 'n'}-${scenario.split('/').pop()}`);
  // The copy keeps the scenario's relative paths (decks) working from the scenario's folder.
  const watched = join(scenario.slice(0, scenario.lastIndexOf('/')), `.startup-bench-${process.pid}-${copy.split('/').pop()}`);
  copyFileSync(scenario, watched);
  const child = spawn(process.execPath, ['bin/squabble.js', 'watch', watched, '--quick', '1000', '--games', '1000', '--out', join(dir, `watch-${report}-${copy.split('/').pop()}`), ...(report ? [] : ['--no-report'])], { stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  const seen = (pattern) =>
    new Promise((resolve) => {
      const look = () => pattern.test(text) && resolve();
      child.stdout.on('data', (d) => {
        text += d;
        look();
      });
      look();
    });
  try {
    await seen(/^run 1 /m);
    await sleep(500);
    const t0 = Date.now();
    const cpu0 = cpuSecondsOf(child.pid);
    writeFileSync(watched, `${readFileSync(watched, 'utf8')}\n# saved\n`);
    await seen(/^run 2 \(after a save/m);
    return { seconds: (Date.now() - t0) / 1000, cpu: cpuSecondsOf(child.pid) - cpu0 };
  } finally {
    child.kill('SIGINT');
    await new Promise((r) => child.once('close', r));
    rmSync(watched, { force: true });
  }
}

const watches = [];
for (const [label, scenario, bound] of [
  ['Worms', 'scenarios/worms/random-2p.yaml', 2],
  ['Squirmish Classic 70 greedy', 'scenarios/squirmish/classic-greedy.yaml', 5],
])
  for (const report of [false, true]) {
    const load = loadavg()[0];
    const { seconds, cpu } = await watchAfterSave(scenario, report);
    watches.push({ label: `${label}${report ? '' : ', --no-report'}`, seconds, cpu, bound, load });
    console.error(`  watch ${label}${report ? '' : ' --no-report'}: ${seconds.toFixed(2)} s after the save, ${cpu.toFixed(2)} s CPU (load ${load.toFixed(1)})`);
  }
rmSync(dir, { recursive: true, force: true });

console.log(`\nCPU seconds per command, median of ${repeats} (range)`);
for (const r of rows) console.log(`  ${r.label.padEnd(36)}${median(r.cpu).toFixed(2)} (${Math.min(...r.cpu).toFixed(2)}-${Math.max(...r.cpu).toFixed(2)})`);
console.log('\nwatch: seconds from a save to its run at 1,000 games, wall and CPU of the watch process (bound; load average at the start)');
for (const w of watches) console.log(`  ${w.label.padEnd(42)}${w.seconds.toFixed(2).padStart(6)} s wall, ${w.cpu.toFixed(2)} s CPU (${w.bound} s; load ${w.load.toFixed(1)})`);
