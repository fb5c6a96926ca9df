/**
 * The quality figures of a run (summary.json `quality`, docs/quality.md) in words, for the
 * terminal summary and summary.md: each with its 95% interval and the games it is over.
 */
import type { Summary } from '../sim/stats/summary.js';
import type { QualityMean } from '../sim/stats/quality-summary.js';
import { pct, interval } from './format.js';

const count = (n: number) => n.toLocaleString('en-US');
const meanText = (m: QualityMean, digits: number, asPercent = false) => {
  const f = (x: number) => (asPercent ? pct(x, 1) : x.toFixed(digits));
  return `${f(m.mean)} [${f(m.ci[0])}, ${f(m.ci[1])}]`;
};

/** One line per measure; empty for a game without a standing. */
export function qualityLines(s: Summary): string[] {
  const q = s.quality;
  if (!q) return [];
  const decided = `of the ${count(q.decided)} decided ${q.followed ? 'followed ' : ''}games`;
  return [
    `Standing: ${q.standing}. Means are over games with a 95% interval from the standard error over games; shares have Wilson 95% intervals.`,
    ...(q.followed ? [`Followed in ${count(q.games)} of the run's games (${q.followed}): every figure but the length spread is over those.`] : []),
    `Lead changes: ${meanText(q.leadChanges, 2)} per game, over ${q.followed ? 'the' : 'all'} ${count(q.games)} ${q.followed ? 'followed ' : ''}games (a tie at the top leaves the lead where it was).`,
    `Decisiveness: the winner took the lead for good with ${meanText(q.decisiveness, 1, true)} of the game still to play, on average ${decided}.`,
    `Drama: the winner was at worst ${meanText(q.drama, 3)} behind the leader on the standing's 0-1 scale, on average ${decided}.`,
    `Comebacks: ${pct(q.comebacks.rate, 1)} ${interval(q.comebacks.ci)} ${decided} were won by a seat behind at the half-way turn.`,
    `Blow-outs: ${pct(q.blowouts.rate, 1)} ${interval(q.blowouts.ci)} ${decided} (the winner led for good with at least ${pct(q.blowoutThreshold, 0)} of the game to play).`,
    `Length spread: quartiles ${q.length.q1} / ${q.length.median} / ${q.length.q3} turns over all games; coefficient of variation ${q.length.cv.toFixed(2)} [${q.length.cvCI[0].toFixed(2)}, ${q.length.cvCI[1].toFixed(2)}] (bootstrap over games) over the ${count(q.length.games ?? 0)} games that ended by the rules${q.length.capped ? ` (${count(q.length.capped)} capped left out: their length is the turn cap)` : ''}.`,
    `Drawn (${count(q.draws)}) and capped (${count(q.capped)}) ${q.followed ? 'followed ' : ''}games count in lead changes and the length quartiles only (drawn games in the length spread too); the other figures are of decided games.`,
  ];
}

/** The quality section: a heading, then the lines with `bullet` before each. */
export function qualitySection(s: Summary, heading: string, bullet: string): string[] {
  const lines = qualityLines(s);
  return lines.length ? ['', heading, ...lines.map((l) => `${bullet}${l}`)] : [];
}
