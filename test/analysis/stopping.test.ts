/** run --until: stopping rules decide at shard boundaries, in order, so results do not depend on the worker count. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRule } from '../../src/analysis/stopping.js';
import { cli } from '../helpers/cli.js';

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'squabble-until-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function until(rule: string, workers: string, games = '400000', extra: string[] = []) {
  const out = join(dir, `${rule.replace(/\W/g, '')}-${workers}-${games}${extra.join('')}`);
  const r = await cli('run', 'scenarios/worms/random-2p.yaml', '--games', games, '--until', rule, '--workers', workers, '--out', out, '--no-report', ...extra);
  expect(r.code, r.err).toBe(0);
  return { err: r.err, text: readFileSync(join(out, 'summary.json'), 'utf8'), summary: JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) };
}

describe('parseRule', () => {
  it('refuses what it cannot read, with the accepted forms', () => {
    expect(() => parseRule('winrate please', 2)).toThrow(/expected "METRIC ±H" or "METRIC within P±D"/);
    expect(() => parseRule('seat5.winRate ±0.01', 2)).toThrow(/seat 5 does not exist/);
    expect(() => parseRule('speed ±0.01', 2)).toThrow(/unknown metric "speed"/);
    expect(() => parseRule('seat0.winRate within 0.99±0.02', 2)).toThrow(/0 < P−D and P\+D < 1/);
    expect(parseRule('seat0.winRate +- 0.01', 2).source).toBe('seat0.winRate +- 0.01');
  });
});

describe('run --until', () => {
  it('stops at the first shard whose interval is narrow enough, identically with any worker count', async () => {
    const a = await until('seat0.winRate ±0.004', '0');
    const b = await until('seat0.winRate ±0.004', '2');
    expect(b.text).toBe(a.text);
    const s = a.summary;
    expect(s.stopping).toMatchObject({ rule: 'seat0.winRate ±0.004', decided: true });
    expect(s.games).toBeLessThan(400000);
    expect((s.seats[0].winRateCI[1] - s.seats[0].winRateCI[0]) / 2).toBeLessThanOrEqual(0.004);
    expect(a.err).toMatch(/stopped: seat 0 win rate .* after [\d,]+ games \(target ±0.004\)/);
  });

  it('decides a band by its confidence sequence: seat 0 is favoured by default, fair when the first seat is random', async () => {
    const favoured = await until('seat0.winRate within 0.5±0.02', '2');
    expect(favoured.summary.stopping.decision).toMatch(/^band test: seat 0 win rate is above 0.5±0.02 \(seat 0 win rate [\d.]+%, 95% confidence sequence \[/);
    const fair = await until('seat0.winRate within 0.5±0.02', '2', '400000', ['--variant', 'random-first']);
    expect(fair.summary.stopping.decision).toMatch(/^band test: seat 0 win rate is within 0.5±0.02/);
    expect(fair.summary.games).toBeLessThan(400000);
  });

  it('says so when the budget runs out first, and keeps every game played', async () => {
    const r = await until('seat0.winRate ±0.0001', '0', '5000');
    expect(r.summary.stopping).toMatchObject({ decided: false, decision: null, games: 5000 });
    expect(r.summary.games).toBe(5000);
    expect(r.err).toMatch(/was not met within 5,000 games \(the budget\); raise --games/);
  });

  it('refuses to combine with --shard', async () => {
    const r = await cli('run', 'scenarios/worms/random-2p.yaml', '--until', 'seat0.winRate ±0.01', '--shard', '1/2');
    expect(r.code).toBe(2);
  });
});
