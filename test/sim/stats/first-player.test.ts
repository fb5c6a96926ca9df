import { describe, it, expect } from 'vitest';
import { firstPlayerSummary } from '../../../src/sim/stats/summary.js';

describe('the first-player verdict compares the share of decided games with 1/players', () => {
  it('a Worms-like run with most games capped: 20% of all games but 56% of decided ones is an advantage', () => {
    // 10,000 games, 6,400 capped, 3,600 decided; the first player won 2,000 of them (55.6%).
    const fp = firstPlayerSummary(2000, 10000, 0, 6400, 2);
    expect(fp.winRate).toBeCloseTo(0.2, 12);
    expect(fp.decided).toBe(3600);
    expect(fp.decidedShare).toBeCloseTo(2000 / 3600, 12);
    expect(fp.verdict).toBe('advantage');
    expect(fp.statement).toMatch(/^The first player wins 55\.6% \[5\d\.\d%, 5\d\.\d%\] of the 3,600 decided games against a fair 1\/2 = 50\.0%: an advantage \(draws 0\.0%, capped 64\.0% of all games; 20\.0% of all games won by the first player\)\.$/);
  });

  it('draws do not read as a disadvantage: 26.5% of decided 4-player games is no clear difference at 400 decided', () => {
    const fp = firstPlayerSummary(106, 1000, 600, 0, 4);
    expect(fp.decidedShare).toBeCloseTo(0.265, 12);
    expect(fp.verdict).toBe('no clear difference');
    expect(fp.statement).toMatch(/no clear advantage \(draws 60\.0%/);
  });

  it('a share whose whole interval is below fair is a disadvantage; no decided games give no verdict', () => {
    expect(firstPlayerSummary(300, 1000, 0, 0, 2).verdict).toBe('disadvantage');
    const none = firstPlayerSummary(0, 100, 100, 0, 2);
    expect(none.verdict).toBe('no clear difference');
    expect(none.decidedShareCI).toEqual([0, 1]);
  });
});
