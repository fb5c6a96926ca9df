/**
 * What the key numbers (terminal summary, summary.md, HTML and index) say about how a figure
 * was measured: the set-up it was measured under, whether a first-player or seat figure is the
 * game's or a mixed-bot figure, and a loud warning when more than 2% of games hit the cap.
 */
import { describe, it, expect } from 'vitest';
import { planOf } from '../helpers/plans.js';
import { createRunner } from '../../src/runner/create-runner.js';
import { newAccumulator } from '../../src/sim/batch.js';
import { summarise, type Summary } from '../../src/sim/stats/summary.js';
import { keyNumbers, summaryMarkdown, summaryText } from '../../src/report/summary-report.js';

function summaryOf(data: Record<string, unknown>, games: number): Summary {
  const plan = planOf({ ...data, games });
  const runner = createRunner(plan);
  const acc = newAccumulator(runner.game, plan);
  runner.runRange(acc, 0, games);
  return summarise(runner.game, plan, acc);
}

describe('key numbers', () => {
  it('call the first-player figure the game\'s when every seat plays the same bot', () => {
    const s = summaryOf({ game: 'worms', players: 2, seats: [{ policy: 'random' }, { policy: 'random' }] }, 50);
    expect(s.firstPlayer.sameBot).toBe(true);
    const lines = keyNumbers(s);
    expect(lines.some((l) => l.startsWith('The first player wins'))).toBe(true);
    expect(lines.join('\n')).not.toContain('mixed-bot');
  });

  it('label first-player and seat figures as mixed-bot figures when the seats play different bots', () => {
    const s = summaryOf({ game: 'worms', players: 2, seats: [{ policy: 'greedy' }, { policy: 'random' }] }, 50);
    expect(s.firstPlayer.sameBot).toBe(false);
    const lines = keyNumbers(s);
    expect(lines.filter((l) => /mixed-bot figure/i.test(l))).toHaveLength(3); // two seats and the first player
  });

  it('count one bot with different parameters as mixed bots', () => {
    const s = summaryOf({ game: 'squall', players: 2, seats: [{ policy: 'brawler' }, { policy: 'brawler', params: { preferRear: false } }] }, 5);
    expect(s.firstPlayer.sameBot).toBe(false);
  });

  it('state the set-up, fixed or drawn per game, in every output', () => {
    const fixed = summaryOf({ game: 'worms', players: 2, seats: [{ policy: 'random' }, { policy: 'random' }] }, 20);
    const random = summaryOf({ game: 'worms', players: 2, seats: [{ policy: 'random' }, { policy: 'random' }], rules: { setup: 'random' } }, 20);
    expect(fixed.scenario.setupDescription).toBe('seat 0 moves first in every game');
    expect(random.scenario.setupDescription).toBe('first player drawn at random for every game');
    for (const text of [summaryText(random), summaryMarkdown(random)]) expect(text).toContain('Set-up: first player drawn at random for every game.');
  });

  it('warn loudly, first, when more than 2% of games hit the cap, and not otherwise', () => {
    const capped = summaryOf({ game: 'worms', players: 2, seats: [{ policy: 'random' }, { policy: 'random' }], rules: { maxTurns: 10 } }, 40);
    expect(capped.capped.rate).toBeGreaterThan(0.02);
    expect(keyNumbers(capped)[0]).toMatch(/^WARNING: 100\.0% of games \(40 of 40\) hit the turn cap/);
    expect(summaryMarkdown(capped)).toContain('WARNING:');
    const finished = summaryOf({ game: 'worms', players: 2, seats: [{ policy: 'random' }, { policy: 'random' }] }, 40);
    expect(finished.capped.rate).toBeLessThanOrEqual(0.02);
    expect(keyNumbers(finished).join('\n')).not.toContain('WARNING');
  });
});
