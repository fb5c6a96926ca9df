/**
 * Game quality (summary.json `quality`, docs/quality.md): the measures on the standing's 0-1
 * scale side by side, and lead changes per game below on their own axis, each with its 95%
 * interval (means: standard error over games; shares: Wilson), the game as the unit.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { ChartBuilder } from '../../charts-kit/spec.js';
import type { ReportInput } from './types.js';
import { SCHEMA, WIDTH } from '../../charts-kit/spec.js';
import { nameScale } from '../../charts-kit/palette.js';

interface Row {
  name: string;
  value: number;
  low: number;
  high: number;
  label: string;
}

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

/**
 * One panel: a point per row with its interval as whiskers, on the x scale given. Each panel has
 * one kind of x (a share of decided games, a share of the game, the standing's 0-1 scale, a count)
 * and its name as a level y-axis title above the labels: rotated beside labels this long, vega
 * drew the axis title over the first label.
 */
function panel(rows: Row[], heading: string, axis: string, scale: Record<string, unknown>, format: string, colours: { domain: string[]; range: string[] }) {
  return {
    width: WIDTH,
    data: { values: rows },
    // The panel's name as the y-axis title, written level above the labels' column and ending at the axis line.
    encoding: { y: { field: 'name', type: 'nominal', title: heading, sort: null, axis: { labelLimit: 400, titleAngle: 0, titleAlign: 'right', titleBaseline: 'bottom', titleX: 0, titleY: -6 } } },
    layer: [
      { mark: { type: 'errorbar', ticks: true, color: 'black' }, encoding: { x: { field: 'low', type: 'quantitative', title: axis, scale, axis: { format } }, x2: { field: 'high' } } },
      {
        mark: { type: 'point', filled: true, size: 90 },
        encoding: {
          x: { field: 'value', type: 'quantitative', title: axis },
          color: { field: 'name', type: 'nominal', legend: null, scale: colours },
          tooltip: [
            { field: 'name', title: 'measure' },
            { field: 'label', title: 'estimate [95% interval]' },
          ],
        },
      },
    ],
  };
}

export const gameQuality: ChartBuilder = {
  id: 'game-quality',
  build({ summary: s }: ReportInput): TopLevelSpec | null {
    const q = s.quality;
    if (!q || q.games === 0) return null;
    const decided = `of ${q.decided.toLocaleString('en-US')} decided games`;
    const share = (name: string, rate: number, ci: [number, number]): Row => ({ name, value: rate, low: ci[0], high: ci[1], label: `${percent(rate)} [${percent(ci[0])}, ${percent(ci[1])}] ${decided}` });
    const shares: Row[] = [share('comebacks (behind at half-way, won)', q.comebacks.rate, q.comebacks.ci), share(`blow-outs (decisiveness \u2265 ${percent(q.blowoutThreshold)})`, q.blowouts.rate, q.blowouts.ci)];
    const decisive: Row[] = [share('decisiveness (game left at the lead for good)', q.decisiveness.mean, q.decisiveness.ci)];
    const drama: Row[] = [{ name: 'drama (the winner\u2019s worst deficit)', value: q.drama.mean, low: q.drama.ci[0], high: q.drama.ci[1], label: `${q.drama.mean.toFixed(3)} [${q.drama.ci[0].toFixed(3)}, ${q.drama.ci[1].toFixed(3)}] ${decided}` }];
    const lc = q.leadChanges;
    const lead: Row[] = [{ name: 'lead changes per game', value: lc.mean, low: lc.ci[0], high: lc.ci[1], label: `${lc.mean.toFixed(2)} [${lc.ci[0].toFixed(2)}, ${lc.ci[1].toFixed(2)}] over all ${q.games.toLocaleString('en-US')} games` }];
    const colours = nameScale('measure', [...decisive, ...drama, ...shares, ...lead].map((r) => r.name));
    const left = q.draws + q.capped;
    return {
      $schema: SCHEMA,
      title: {
        text: 'Game quality: is the game decided early, and do leads change hands?',
        subtitle: [
          `standing: ${q.standing}`,
          `points: estimate; whiskers: 95% interval, the game as the unit (means: standard error over games; shares: Wilson)`,
          `the first three panels: decided games only (${left.toLocaleString('en-US')} drawn or capped games left out); the last: every game`,
        ],
      },
      vconcat: [
        panel(shares, 'Decided games', 'Share of decided games (%)', { domain: [0, 1] }, '.0%', colours),
        panel(decisive, 'Decided games: how early the winner took the lead for good', 'Share of the game still to play (%)', { domain: [0, 1] }, '.0%', colours),
        panel(drama, 'Decided games: how far behind the winner fell', 'Deficit on the standing\u2019s 0-1 scale', { domain: [0, 1] }, '.2f', colours),
        panel(lead, 'Every game', 'Lead changes per game', { zero: true }, '.2~f', colours),
      ],
    } as TopLevelSpec;
  },
};
