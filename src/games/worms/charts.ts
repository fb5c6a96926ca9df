/** Worms charts: win rate by the cards dealt on top (the aces question). */
import { tableRateRows } from '../../sim/stats/summary.js';
import { rateChart } from '../../charts-kit/pieces.js';
import type { ChartBuilder, ChartInput } from '../../charts-kit/spec.js';

const percent = (x: number) => `${(x * 100).toFixed(2)}%`;

/**
 * Fair for a row of owners: the pooled rate over all rows (what an owner of an ordinary worm
 * gets), not 1 / players, which draws and capped games (won by nobody) would push every row below.
 */
function pooled(input: ChartInput, table: string): { fair: number; label: string } {
  const rows = Object.values(input.summary.metrics.tables[table]?.rows ?? {});
  const n = rows.reduce((s, [k]) => s + (k ?? 0), 0);
  const fair = n > 0 ? rows.reduce((s, [, w]) => s + (w ?? 0), 0) / n : 0;
  return { fair, label: `fair: the pooled rate of all rows, ${percent(fair)}` };
}

const GAME_UNIT = '95% interval with the game as the unit (Wilson at the effective number of worms)';

function tableRows(input: ChartInput, table: string, title: (row: string) => string) {
  const t = input.summary.metrics.tables[table];
  const rate = t?.rates[0];
  if (!t || !rate) return null;
  // Several worms of one game share its winner: the interval takes the game as the unit.
  return tableRateRows(t, rate, input.summary.games).map((r) => ({
    name: title(r.row),
    rate: r.rate,
    low: r.interval[0],
    high: r.interval[1],
    label: `${percent(r.rate)} [${percent(r.interval[0])}, ${percent(r.interval[1])}] of ${r.games.toLocaleString('en-US')}`,
  }));
}

export const wormsTopCard: ChartBuilder = {
  id: 'worms-win-rate-by-top-card',
  games: ['worms'],
  build(input) {
    const rows = tableRows(input, 'topCards', (rank) => rank);
    const { fair, label } = pooled(input, 'topCards');
    return rows && rateChart('Win rate of a worm\u2019s owner by the card dealt on its top', 'Card dealt on top', rows, fair, label, GAME_UNIT);
  },
};

export const wormsAcesOnTop: ChartBuilder = {
  id: 'worms-win-rate-by-aces-on-top',
  games: ['worms'],
  build(input) {
    const rows = tableRows(input, 'acesOnTop', (n) => `${n} ace${n === '1' ? '' : 's'} on top`);
    const { fair, label } = pooled(input, 'acesOnTop');
    return rows && rateChart('Win rate by aces dealt on top of a seat\u2019s worms', 'Aces dealt on top', rows, fair, label, GAME_UNIT);
  },
};

/** This game's own charts, in the report's order (registered by game in src/report/charts/index.ts). */
export const wormsCharts: readonly ChartBuilder[] = [wormsTopCard, wormsAcesOnTop];
