/** Auto-tune: the search on known functions, and the command on a real scenario. */
import { describe, it, expect } from 'vitest';
import { tune, type Evaluation } from '../../../src/studies/tune/bisection.js';
import { cli } from '../../helpers/cli.js';

const exact = (f: (x: number) => number, half = 0.001) => async (value: number): Promise<Evaluation> => ({ value, metric: f(value), interval: [f(value) - half, f(value) + half] });

describe('tune', () => {
  it('finds the integer whose metric is closest to the target, with its neighbours', async () => {
    const r = await tune(exact((x) => x / 100), 0, 100, 0.374, true);
    expect(r.best.value).toBe(37);
    // The neighbours are the evaluated values on either side; bisection ended on the bracket [37, 38].
    const i = r.evaluations.indexOf(r.best);
    expect(r.neighbours).toEqual([r.evaluations[i - 1], r.evaluations[i + 1]].filter(Boolean));
    expect(r.evaluations.map((e) => e.value)).toContain(38);
    expect(r.evaluations.length).toBeLessThanOrEqual(10); // bisection: about log2(100) + 2 evaluations
  });

  it('stops early when an interval contains the target', async () => {
    const r = await tune(exact((x) => x / 100, 0.05), 0, 100, 0.5, true);
    expect(r.reason).toMatch(/contains the target/);
    expect(r.evaluations.length).toBe(3);
  });

  it('says when the range cannot reach the target', async () => {
    const r = await tune(exact((x) => x / 100), 0, 10, 0.5, true);
    expect(r.best.value).toBe(10);
    expect(r.reason).toMatch(/outside what the range reaches/);
  });

  it('reports a jump past the target, with the closest value', async () => {
    const r = await tune(exact((x) => (x < 0.01 ? 0.3 : 0.52), 0.01), 0, 1, 0.5, false);
    expect(r.reason).toMatch(/jumps past the target between 0\.0097\d* and 0\.0107\d*/);
    expect(r.best.metric).toBe(0.52);
  });
});

describe('squabble tune', () => {
  it('tunes the turn cap so that games last 40 turns on average', async () => {
    const r = await cli('tune', 'scenarios/worms/random-2p.yaml', '--param', 'rules.maxTurns', '--integer', '--target', 'length.mean=40', '--min', '10', '--max', '400', '--games', '2000', '--workers', '0', '--quiet');
    expect(r.code, r.err).toBe(0);
    const m = /^rules\.maxTurns = (\d+) brings mean length \(turns\) to ([\d.]+) \[/.exec(r.out);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThan(35);
    expect(Number(m![1])).toBeLessThan(50);
    expect(Math.abs(Number(m![2]) - 40)).toBeLessThan(1);
  });

  it('refuses a target it cannot read, and a value the field cannot take', async () => {
    expect((await cli('tune', 'scenarios/worms/random-2p.yaml', '--param', 'rules.maxTurns', '--target', 'speed', '--min', '1', '--max', '2')).err).toMatch(/--target: expected METRIC=VALUE/);
    const bad = await cli('tune', 'scenarios/worms/random-2p.yaml', '--param', 'rules.maxTurns', '--target', 'length.mean=40', '--min', '-5', '--max', '10', '--integer', '--workers', '0', '--quiet');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/rules\.maxTurns = -5: .*rules\.maxTurns: expected a value of at least 1/);
  });
});
