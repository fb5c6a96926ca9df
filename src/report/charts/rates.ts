/**
 * One ranked chart per rate a game declares in its metric tables (card strength, win rate by
 * the card dealt on top...): each row's rate with its 95% interval, its shrunk estimate, the
 * mean line, outliers flagged with the false-discovery rate controlled (Benjamini-Hochberg),
 * rows with too few games marked and kept. See src/analysis/rates.ts for the method.
 */
import type { TopLevelSpec } from 'vega-lite';
import { analyseRates, FDR_Q } from '../../analysis/rates.js';
import { tableRateRows } from '../../sim/stats/summary.js';
import { type ChartBuilder, SCHEMA, WIDTH, COLOUR, wrapLines } from '../../charts-kit/spec.js';
import { nameScale } from '../../charts-kit/palette.js';

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

export const tableRates: ChartBuilder = {
  id: 'rates',
  build: () => null,
  buildMany({ summary }) {
    const charts: { id: string; spec: TopLevelSpec }[] = [];
    for (const [name, t] of Object.entries(summary.metrics.tables)) {
      for (const rate of t.rates ?? []) {
        const rows = analyseRates(tableRateRows(t, rate, summary.games));
        if (rows.length < 2) continue;
        const mean = rows.reduce((s, r) => s + r.wins, 0) / rows.reduce((s, r) => s + r.games, 0);
        const flagged = rows.filter((r) => r.outlier).length;
        const data = rows
          .sort((a, b) => b.shrunk - a.shrunk)
          .map((r) => ({
            row: r.row,
            group: t.groups?.[r.row] ?? 'all',
            rate: r.rate,
            shrunk: r.shrunk,
            low: r.interval[0],
            high: r.interval[1],
            status: r.outlier ? `differs (FDR ${FDR_Q})` : r.fewGames ? 'too few games' : 'as the rest',
            label: `${pct(r.rate)} [${pct(r.interval[0])}, ${pct(r.interval[1])}] of ${r.games.toLocaleString('en-US')}; shrunk ${pct(r.shrunk)}; q = ${r.qValue.toPrecision(2)}`,
          }));
        const grouped = t.groups !== undefined;
        // A win rate's fair value is what a neutral row gets, the pooled average over rows, not
        // 1 / players: losing seats hold more cards, so an average card's controller wins less
        // than 1 / players, and draws and capped games are won by nobody.
        const meanWords = rate.fairShare ? `fair = pooled average of all rows ${pct(mean)} (what a neutral row gets; 1/${summary.scenario.players} = ${pct(1 / summary.scenario.players)} is not the fair value)` : `mean ${pct(mean)}`;
        charts.push({
          id: `rate-${name}-${rate.name}`,
          spec: {
            $schema: SCHEMA,
            title: {
              text: `${capitalise(words(name))}: ${words(rate.name)}`,
              subtitle: wrapLines([
                `rate: ${rate.description}`,
                `ranked by the shrunk estimate (diamond); dot and whiskers: observed rate and 95% interval; dashed: ${meanWords}`,
                `whiskers: 95% interval with the game as the unit (several events of one game are not independent)`,
                `${flagged} of ${rows.length} rows differ from the rest with the false-discovery rate held at ${FDR_Q * 100}% (Benjamini-Hochberg)`,
              ]),
            },
            width: WIDTH,
            height: Math.max(120, 16 * data.length),
            layer: [
              {
                data: { values: data },
                encoding: { y: { field: 'row', type: 'nominal', title: name, sort: null } },
                layer: [
                  // The shrinkage diamond first, so the observed point and its status colour ("differs") are drawn over it.
                  { mark: { type: 'point', shape: 'diamond', size: 110, color: '#222', filled: false }, encoding: { x: { field: 'shrunk', type: 'quantitative', title: 'Rate (%)' } } },
                  { mark: { type: 'errorbar', ticks: false }, encoding: { x: { field: 'low', type: 'quantitative', title: 'Rate (%)', axis: { format: '.1%' }, scale: { zero: false } }, x2: { field: 'high' } } },
                  {
                    mark: { type: 'point', filled: true, size: 30 },
                    encoding: {
                      x: { field: 'rate', type: 'quantitative', title: 'Rate (%)' },
                      color: grouped ? { field: 'group', type: 'nominal', title: 'Group', scale: nameScale('group', [...Object.values(t.groups ?? {}), ...data.map((d) => d.group)]) } : { field: 'status', type: 'nominal', title: null, scale: { domain: [`differs (FDR ${FDR_Q})`, 'as the rest', 'too few games'], range: [COLOUR.reference, COLOUR.estimate, COLOUR.capped] } },
                      shape: { field: 'status', type: 'nominal', title: grouped ? 'Status' : null, ...(grouped ? {} : { legend: null }) },
                      tooltip: [{ field: 'row', title: name }, { field: 'group' }, { field: 'label', title: 'rate' }, { field: 'status' }],
                    },
                  },
                ],
              },
              { data: { values: [{ mean }] }, mark: { type: 'rule', strokeDash: [6, 4], color: '#666' }, encoding: { x: { field: 'mean', type: 'quantitative', title: 'Rate (%)' } } },
            ],
          } as TopLevelSpec,
        });
      }
    }
    return charts;
  },
};

/** A camelCase name as words: winRateWhenPlaced -> "win rate when placed". */
export function words(camel: string): string {
  const text = camel.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return /^[a-z] /.test(text) ? capitalise(text) : text; // aWinRate -> "A win rate" (seat A)
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
