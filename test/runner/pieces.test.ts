/**
 * Shards played in pieces (src/runner/pool.ts, pieceEnd): smaller pieces at the end of a run so
 * no worker idles through the last long shard, results unchanged, and checkpoints and stop rules
 * still at whole shards.
 */
import { describe, it, expect } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { planOf } from '../helpers/plans.js';
import { MOST_PIECES, pieceEnd, runPlan, shardTasks } from '../../src/runner/pool.js';
import type { ShardTask } from '../../src/runner/shard.js';

const plan = planOf({ game: 'worms', players: 2, seats: [{ policy: 'random' }, { policy: 'random' }] }, { games: 4000 });

/** The pieces runTasks would cut, in order, at a fixed measured speed. */
function cut(tasks: ShardTask[], workers: number, nsPerGame: number): [number, number][] {
  let unsubmitted = tasks.reduce((n, t) => n + t.end - t.start, 0);
  const pieces: [number, number][] = [];
  for (const t of tasks)
    for (let at = t.start; at < t.end; ) {
      const end = pieceEnd(t, at, unsubmitted, workers, nsPerGame);
      pieces.push([at, end]);
      unsubmitted -= end - at;
      at = end;
    }
  return pieces;
}

describe('pieces of shards', () => {
  it('cuts whole shards while much is left, smaller pieces at the end, covering every game once', () => {
    const tasks = shardTasks(plan, [0, 4000], 0, false);
    expect(tasks.length).toBe(4); // at least 1,000 games a shard
    // A slow game (1 ms a game): pieces of at least 20 games at the end.
    const pieces = cut(tasks, 2, 1e6);
    expect(pieces[0]).toEqual([0, 1000]);
    expect(pieces.length).toBeGreaterThan(8);
    pieces.forEach(([a, b], i) => {
      expect(a).toBe(i === 0 ? 0 : pieces[i - 1]![1]);
      expect(b).toBeGreaterThan(a);
    });
    expect(pieces.at(-1)![1]).toBe(4000);
    const sizes = pieces.map(([a, b]) => b - a);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(20);
    expect(sizes.at(-2)!).toBeLessThan(100);
    for (const t of tasks) expect(pieces.filter(([a]) => a >= t.start && a < t.end).length).toBeLessThanOrEqual(MOST_PIECES);
    // A fast game (10 µs a game): 20 ms of play is more than a shard, so no shard is cut.
    expect(cut(tasks, 2, 1e4)).toEqual(tasks.map((t) => [t.start, t.end]));
  });

  it('gives the same counts in pieces on two workers as whole shards in one thread, and stops only at whole shards', async () => {
    const whole = await runPlan(plan, { workers: 0 });
    let pieces = 0;
    let played = 0;
    let cpu = 0;
    const merged: number[] = [];
    const split = await runPlan(plan, {
      workers: 2,
      onTaskTime: (games, ns, cpuNs) => {
        pieces++;
        played += games;
        expect(ns).toBeGreaterThan(0);
        if (process.platform === 'linux') expect(cpuNs).toBeGreaterThanOrEqual(0);
        cpu += cpuNs;
      },
      onMerged: (total, next) => merged.push(total.games, next),
    });
    expect(pieces).toBeGreaterThan(4);
    expect(played).toBe(4000);
    if (process.platform === 'linux') expect(cpu).toBeGreaterThan(0);
    expect(merged).toEqual([1000, 1, 2000, 2, 3000, 3, 4000, 4]);
    expect(Buffer.from(split.data.buffer).equals(Buffer.from(whole.data.buffer))).toBe(true);
  });

  it('without an asked-for worker count, plays a short run in this thread in pieces doubling from one game, to the same counts', async () => {
    // 400 Worms games: a few ms of play, far under the second that would start the pool.
    const short = planOf({ game: 'worms', players: 2, seats: [{ policy: 'random' }, { policy: 'random' }] }, { games: 400 });
    const whole = await runPlan(short, { workers: 0 });
    const sizes: number[] = [];
    let pooled = false;
    const here = await runPlan(short, { workers: 2, inThreadFirst: true, onTaskTime: (games) => sizes.push(games), onPoolStart: () => (pooled = true) });
    expect(pooled).toBe(false); // so run.json records 0 worker threads for it
    // 1 game, then as many as played so far: 1, 1, 2, 4...
    expect(sizes.slice(0, 3)).toEqual([1, 1, 2]);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(400);
    expect(Buffer.from(here.data.buffer).equals(Buffer.from(whole.data.buffer))).toBe(true);
  });

  it('records the threads that played a run: 0 when run stayed in its own thread, the count asked for otherwise', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'squabble-run-workers-'));
    const workersOf = async (...extra: string[]) => {
      const out = join(dir, String(extra.length));
      expect((await cli('run', 'scenarios/worms/random-2p.yaml', '--games', '300', '--no-report', '--quiet', '--out', out, ...extra)).code).toBe(0);
      return JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).workers as number;
    };
    expect(await workersOf()).toBe(0);
    expect(await workersOf('--workers', '2')).toBe(2);
  }, 60_000);
});
