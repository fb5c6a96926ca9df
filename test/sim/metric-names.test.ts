/**
 * One metric naming scheme (issue 32, item 5): `tune --target` and `run --until` take the names
 * `expect:` uses (seats.0.winRate, draws.rate, capped.rate, length.turns.mean,
 * policies.LABEL.winRate), and the old ones (seat0.winRate, ...) with a one-line hint.
 */
import { describe, it, expect } from 'vitest';
import { metricName } from '../../src/sim/metric-names.js';
import { parseRule } from '../../src/analysis/stopping.js';
import { tuneMetric } from '../../src/studies/tune/bisection.js';
import { cli } from '../helpers/cli.js';

describe('metric names', () => {
  it('translate the old names, with a hint naming the new one', () => {
    expect(metricName('seat0.winRate', '--until')).toEqual({ name: 'seats.0.winRate', hint: '--until: seat0.winRate is the old name of seats.0.winRate (the name expect: and the gate use); it still works, but write seats.0.winRate' });
    expect(metricName('drawRate', 'x').name).toBe('draws.rate');
    expect(metricName('cappedRate', 'x').name).toBe('capped.rate');
    expect(metricName('length.mean', 'x').name).toBe('length.turns.mean');
    expect(metricName('policy:greedy.winRate', 'x').name).toBe('policies.greedy.winRate');
    expect(metricName('seats.1.winRate', 'x')).toEqual({ name: 'seats.1.winRate', hint: null });
    expect(metricName('cards.Mudgrub.winRateWhenDrawn', 'x')).toEqual({ name: 'cards.Mudgrub.winRateWhenDrawn', hint: null });
  });

  it('--until takes the new names, and the old with a hint', () => {
    expect(parseRule('seats.1.winRate ±0.01', 2).hint).toBeUndefined();
    expect(parseRule('draws.rate within 0.5±0.02', 2).source).toBe('draws.rate within 0.5±0.02');
    expect(parseRule('capped.rate ±0.01', 2).hint).toBeUndefined();
    expect(parseRule('length.turns.mean ±0.5', 2).hint).toBeUndefined();
    expect(() => parseRule('seats.5.winRate ±0.01', 2)).toThrow(/seat 5 does not exist/);
    const old = parseRule('seat0.winRate ±0.01', 2);
    expect(old.source).toBe('seat0.winRate ±0.01');
    expect(old.hint).toContain('seat0.winRate is the old name of seats.0.winRate');
    expect(parseRule('length.mean ±0.5', 2).hint).toContain('length.turns.mean');
  });

  it('tune --target takes the new names, and the old with a hint', () => {
    expect(tuneMetric('seats.1.winRate', 2)).toMatchObject({ name: 'seat 1 win rate' });
    expect(tuneMetric('seats.1.winRate', 2).hint).toBeUndefined();
    expect(tuneMetric('draws.rate', 2).name).toBe('draw rate');
    expect(tuneMetric('length.turns.mean', 2).name).toBe('mean length (turns)');
    expect(tuneMetric('policies.greedy.winRate', 2).name).toBe('greedy win rate');
    expect(tuneMetric('seat1.winRate', 2)).toMatchObject({ name: 'seat 1 win rate', hint: expect.stringContaining('write seats.1.winRate') });
    expect(() => tuneMetric('seats.2.winRate', 2)).toThrow(/seat 2 does not exist/);
  });

  it('run prints the hint on one line and plays', async () => {
    const r = await cli('run', 'scenarios/worms/random-2p.yaml', '--games', '2000', '--workers', '0', '--no-report', '--quiet', '--out', `${process.env.TMPDIR ?? '/tmp'}/squabble-metric-names-${process.pid}`, '--force', '--until', 'seat0.winRate ±0.2');
    expect(r.code, r.err).toBe(0);
    expect(r.err.trim().split('\n').filter((l) => l.includes('old name'))).toEqual(['--until: seat0.winRate is the old name of seats.0.winRate (the name expect: and the gate use); it still works, but write seats.0.winRate']);
  });
});
