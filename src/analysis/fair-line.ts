/**
 * The fair line: one definition, computed here and printed by one function, so the report,
 * `weights`, `tune`, `fair` and the gate give the same figure for the same games.
 *
 * Each game names its primary strength rate (the `primary` rate of a metric table: Squirmish
 * cards' win rate when drawn, i.e. held; Squall characters' win rate; Squish start squares'
 * squish rate; Worms top cards' owner win rate). The fair line of that rate is its pooled value
 * over all rows, Σwins / Σtrials: what a neutral row gets. Draws and capped games are won by
 * nobody, so a seat holding a card in such a game counts as a trial and not as a win (they are
 * never dropped or split). Not 1/players: losing seats hold more cards (they draw longer), so an
 * average card's controller wins less often than 1/players.
 */
import type { MetricTableSpec } from '../sim/types.js';
import type { BaseRate } from './paired-rates.js';

export interface FairLine {
  /** Σwins / Σtrials over every row with at least one trial (0 when there are none). */
  value: number;
  wins: number;
  trials: number;
  /** Rows that had a trial. */
  rows: number;
  /** `<table>.<rate>`, e.g. `cards.winRateWhenDrawn`. */
  rate: string;
}

export function fairLine(rate: string, rows: readonly { wins: number; trials: number }[]): FairLine {
  let wins = 0;
  let trials = 0;
  let counted = 0;
  for (const r of rows) {
    if (!(r.trials > 0)) continue;
    wins += r.wins;
    trials += r.trials;
    counted++;
  }
  return { value: trials > 0 ? wins / trials : 0, wins, trials, rows: counted, rate };
}

/** The fair line in words, the same on every page (two decimals, as every command prints rates). */
export function fairLineText(f: FairLine): string {
  return `fair line ${(f.value * 100).toFixed(2)}% = pooled ${f.rate} of all ${f.rows} rows (${Math.round(f.wins).toLocaleString('en-US')} wins / ${Math.round(f.trials).toLocaleString('en-US')} trials; draws and capped games count as trials won by nobody)`;
}

/** The table and rate a game names as its primary strength rate, or null when none of these tables has one. */
export function primaryRate(tables: readonly Pick<MetricTableSpec, 'name' | 'rates'>[]): { table: string; rate: string; wins: string; of: string } | null {
  for (const t of tables) {
    const r = t.rates?.find((x) => x.primary);
    if (r) return { table: t.name, rate: r.name, wins: r.wins, of: r.of };
  }
  return null;
}

/** The fair line of per-subject base controller rates (weights, fair): the pooled controller win rate ΣW / ΣH, what a neutral subject gets. */
export function subjectsFairLine(rate: string, subjects: readonly { base: BaseRate | null }[]): FairLine {
  return fairLine(rate, subjects.map((s) => (s.base ? { wins: Math.round(s.base.rate * s.base.held), trials: s.base.held } : { wins: 0, trials: 0 })));
}
