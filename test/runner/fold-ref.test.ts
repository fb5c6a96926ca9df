/**
 * A task's fold names a study (FoldRef.study), never a path: the worker loads only
 * src/studies/<study>/fold beside itself, so a task (from the pool or a queue) cannot make it
 * import anything else.
 */
import { describe, expect, it } from 'vitest';
import runShard from '../../src/runner/worker.js';
import type { ShardTask } from '../../src/runner/shard.js';
import { planOf } from '../helpers/plans.js';

const plan = planOf({ game: 'worms', players: 2, seats: [{ policy: 'random' }, { policy: 'random' }] }, { games: 4 });
const task = (study: string): ShardTask => ({ plan, cell: 0, shard: 0, start: 0, end: 4, checkInvariants: false, fold: { study, args: {} } });

describe("a task's fold", () => {
  it('refuses a name that is not a plain study name, before loading anything', async () => {
    for (const study of ['../../sim/engine', 'compare/fold', '/etc/passwd', 'file:///tmp/x.js', 'Compare', ''])
      await expect(runShard(task(study)), study).rejects.toThrow(/not a study's name/);
  });

  it('fails loudly for a study without a fold module', async () => {
    await expect(runShard(task('no-such-study'))).rejects.toThrow(/no-such-study/);
  });

  it('plays the plain accumulator when the task has no fold', async () => {
    const r = await runShard({ ...task('compare'), fold: undefined });
    expect('data' in r && r.data.length > 0).toBe(true);
  });
});
