/**
 * The game-quality figures of a compare (docs/quality.md), each variant's beside the other's with
 * its interval, and the difference B − A: is the variant a better game, not only a fairer one?
 *
 * In the workers (fold.ts) each arm's standing is followed in the same games (the game's
 * StandingSpec.followGames, by game index, so pairing holds) and folded into the accumulator's
 * quality sums (QualitySlot), plus ΣL_A·L_B of the lead changes, so their difference is paired
 * (interval from the per-game differences), and each arm's exact game-length counts for the
 * length spread. Decisiveness, drama, comebacks and blow-outs are over each arm's own decided
 * games, which need not be the same games, so their difference takes the interval of two
 * independent samples (conservative: the arms share seeds); so does the length spread's.
 * Draws and capped games are counted and named, never folded in.
 */
import type { AnyGameModule, GameState } from '../../sim/types.js';
import type { Plan } from '../../sim/scenario/types.js';
import type { GameRunner } from '../../sim/batch.js';
import { addQuality, QualitySlot, QUALITY_SLOTS } from '../../sim/stats/accumulator.js';
import { qualitySummary, type QualityMean, type QualityShare, type QualitySummary } from '../../sim/stats/quality-summary.js';
import { Z95 } from '../../sim/stats/intervals.js';

/** The quality block of a paired run: [sums A, sums B, ΣL_A·L_B, turn counts A, turn counts B]; empty for a game without a standing. */
export function qualitySums(game: AnyGameModule, a: Plan, b: Plan): number {
  return game.standing ? 2 * QUALITY_SLOTS + 1 + game.maxTurns(a.rules) + 1 + game.maxTurns(b.rules) + 1 : 0;
}

/** Folds both arms' quality figures, game by game, into the block at out[offset..] (worker side). */
export class PairedQualityFolder {
  private readonly oTurnsB: number;
  private lead = 0;
  private followed = false;

  constructor(
    private readonly a: GameRunner,
    private readonly b: GameRunner,
    private readonly out: Float64Array,
    private readonly offset: number,
  ) {
    this.oTurnsB = offset + 2 * QUALITY_SLOTS + 1 + a.game.maxTurns(a.plan.rules) + 1;
  }

  /** The recorder arm A plays game i with (null: not followed). */
  startA(i: number): GameRunner['standing'] {
    this.followed = this.a.follows(i);
    return this.followed ? this.a.standing : null;
  }
  endA(state: GameState): void {
    const o = this.offset;
    this.out[o + 2 * QUALITY_SLOTS + 1 + state.turns]!++;
    if (!this.followed) return;
    const q = this.a.standing!.finish(state);
    addQuality(this.out, o, q);
    this.lead = q.leadChanges;
  }
  startB(): GameRunner['standing'] {
    return this.followed ? this.b.standing : null;
  }
  endB(state: GameState): void {
    const o = this.offset;
    this.out[this.oTurnsB + state.turns]!++;
    if (!this.followed) return;
    const q = this.b.standing!.finish(state);
    addQuality(this.out, o + QUALITY_SLOTS, q);
    this.out[o + 2 * QUALITY_SLOTS]! += this.lead * q.leadChanges;
  }
}

export interface QualityRow {
  name: string;
  /** Which games it is over. */
  over: string;
  unit: 'count' | 'fraction' | 'share';
  a: { value: number; interval: [number, number] };
  b: { value: number; interval: [number, number] };
  difference: number;
  interval: [number, number];
  /** The difference's interval is from per-game differences (true) or two independent samples (false, conservative). */
  paired: boolean;
}

export interface CompareQuality {
  standing: string;
  followed?: string;
  A: QualitySummary;
  B: QualitySummary;
  rows: QualityRow[];
  /** Σ(L_B − L_A)² over the followed games: 0 when every game's lead changes were the same. */
  leadChangeSquares: number;
}

const unpaired = (d: number, seA: number, seB: number): [number, number] => {
  const se = Math.sqrt(seA * seA + seB * seB);
  return [d - Z95 * se, d + Z95 * se];
};
const shareSe = (s: QualityShare) => (s.n > 0 ? Math.sqrt((s.rate * (1 - s.rate)) / s.n) : 0);

/** Both arms' quality summaries and the rows side by side, from the quality block; null for a game without a standing. */
export function compareQuality(game: AnyGameModule, a: Plan, b: Plan, block: Float64Array): CompareQuality | null {
  if (!game.standing) return null;
  const qa = block.subarray(0, QUALITY_SLOTS);
  const qb = block.subarray(QUALITY_SLOTS, 2 * QUALITY_SLOTS);
  const turnsA = block.subarray(2 * QUALITY_SLOTS + 1, 2 * QUALITY_SLOTS + 2 + game.maxTurns(a.rules));
  const turnsB = block.subarray(2 * QUALITY_SLOTS + 2 + game.maxTurns(a.rules));
  const A = qualitySummary(game.standing, qa, turnsA, a.games);
  const B = qualitySummary(game.standing, qb, turnsB, a.games);
  const n = A.games;
  // Lead changes, paired: Σ(L_B − L_A)² = ΣL_B² + ΣL_A² − 2ΣL_A·L_B, exact integers.
  const sdd = qb[QualitySlot.leadChangesSq]! + qa[QualitySlot.leadChangesSq]! - 2 * block[2 * QUALITY_SLOTS]!;
  const sd = qb[QualitySlot.leadChanges]! - qa[QualitySlot.leadChanges]!;
  const varD = n > 1 ? Math.max(0, (sdd - (sd * sd) / n) / (n - 1)) : 0;
  const dLead = n > 0 ? sd / n : 0;
  const seLead = n > 0 ? Math.sqrt(varD / n) : 0;
  const decided = `decided games (A ${A.decided.toLocaleString('en-US')}, B ${B.decided.toLocaleString('en-US')})`;
  const mean = (name: string, over: string, unit: QualityRow['unit'], x: QualityMean, y: QualityMean, paired?: [number, number]): QualityRow => ({
    name,
    over,
    unit,
    a: { value: x.mean, interval: x.ci },
    b: { value: y.mean, interval: y.ci },
    difference: y.mean - x.mean,
    interval: paired ?? unpaired(y.mean - x.mean, x.se, y.se),
    paired: paired !== undefined,
  });
  const share = (name: string, x: QualityShare, y: QualityShare): QualityRow => ({
    name,
    over: decided,
    unit: 'share',
    a: { value: x.rate, interval: x.ci },
    b: { value: y.rate, interval: y.ci },
    difference: y.rate - x.rate,
    interval: unpaired(y.rate - x.rate, shareSe(x), shareSe(y)),
    paired: false,
  });
  const rows: QualityRow[] = [
    mean('lead changes per game', A.followed ? 'followed games' : 'every game', 'count', A.leadChanges, B.leadChanges, [dLead - Z95 * seLead, dLead + Z95 * seLead]),
    mean('decisiveness', decided, 'fraction', A.decisiveness, B.decisiveness),
    mean('drama', decided, 'fraction', A.drama, B.drama),
    share('comebacks', A.comebacks, B.comebacks),
    share(`blow-outs (decisiveness >= ${A.blowoutThreshold})`, A.blowouts, B.blowouts),
    {
      name: 'length spread (cv of turns)',
      over: 'every game',
      unit: 'fraction',
      a: { value: A.length.cv, interval: A.length.cvCI },
      b: { value: B.length.cv, interval: B.length.cvCI },
      difference: B.length.cv - A.length.cv,
      interval: unpaired(B.length.cv - A.length.cv, A.length.cvSE, B.length.cvSE),
      paired: false,
    },
  ];
  return { standing: A.standing, ...(A.followed ? { followed: A.followed } : {}), A, B, rows, leadChangeSquares: sdd };
}

export const QUALITY_HEADER = ['game quality', 'A [95%]', 'B [95%]', 'B − A [95% interval]', 'over'];

function value(r: QualityRow, x: number): string {
  return r.unit === 'share' ? `${(x * 100).toFixed(1)}%` : r.unit === 'count' ? x.toFixed(2) : x.toFixed(3);
}
const signed = (r: QualityRow, x: number) => `${x >= 0 ? '+' : ''}${r.unit === 'share' ? (x * 100).toFixed(1) : r.unit === 'count' ? x.toFixed(2) : x.toFixed(3)}`;

/** The table's cells of one row. */
export function qualityCells(r: QualityRow): string[] {
  const withCi = (v: QualityRow['a']) => `${value(r, v.value)} [${value(r, v.interval[0])}, ${value(r, v.interval[1])}]`;
  const unit = r.unit === 'share' ? ' pts' : '';
  return [r.name, withCi(r.a), withCi(r.b), `${signed(r, r.difference)}${unit} [${signed(r, r.interval[0])}, ${signed(r, r.interval[1])}]${r.paired ? ' (paired)' : ''}`, r.over];
}

/** What the table is over and how its intervals were found, in one paragraph. */
export function qualityNote(q: CompareQuality): string {
  const left = (s: QualitySummary, arm: string) => `${arm} ${s.draws.toLocaleString('en-US')} drawn, ${s.capped.toLocaleString('en-US')} capped`;
  return (
    `Game quality (docs/quality.md; standing: ${q.standing}${q.followed ? `; followed in ${q.followed}` : ''}). ` +
    `Left out of the decided-game figures: ${left(q.A, 'A')}; ${left(q.B, 'B')}. ` +
    'Lead changes are compared game by game (paired); the other differences, over each variant\'s own decided games or its length spread, take the interval of two independent samples, which is conservative here.'
  );
}
