/**
 * Squall charts: the character matchup matrix (A's win rate against B pooled over both
 * seatings, src/games/squall/matrix.ts), damage dealt in melee and at range per character, and
 * the share of ranged attacks made at a covered target (per run, or per cell of a sweep, e.g. one
 * bar per terrain layout). The character win rate itself is the ranked rate chart (rates.ts),
 * which labels its pooled average as fair because the `characters` table marks its win rate `fairShare`.
 */
import type { TopLevelSpec } from 'vega-lite';
import { Z95 } from '../../sim/stats/intervals.js';
import type { Summary } from '../../sim/stats/summary.js';
import { matchupMatrix } from './matrix.js';
import { meanInterval } from '../../charts-kit/pieces.js';
import { type ChartBuilder, SCHEMA, WIDTH, COLOUR } from '../../charts-kit/spec.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export const squallMatchups: ChartBuilder = {
  id: 'squall-matchups',
  games: ['squall'],
  build({ summary: s }) {
    const t = s.metrics.tables.matchups;
    if (!t) return null;
    const { names, cells } = matchupMatrix(t);
    const played = cells.filter((c) => c.games > 0);
    // A single fixed pair (a duel) is already the win rate by seat; a matrix needs three characters.
    if (names.length < 3 || played.length === 0) return null;
    // Rows and columns by each character's pooled win rate over all its matchups, best first.
    const overall = new Map(names.map((n) => [n, { wins: 0, games: 0 }]));
    for (const c of played) {
      const o = overall.get(c.a)!;
      o.wins += c.wins;
      o.games += c.games;
    }
    const order = [...names].sort((a, b) => {
      const x = overall.get(a)!;
      const y = overall.get(b)!;
      return (y.games ? y.wins / y.games : 0) - (x.games ? x.wins / x.games : 0);
    });
    const fewest = Math.min(...played.map((c) => c.games));
    const most = Math.max(...played.map((c) => c.games));
    const data = played.map((c) => ({
      a: c.a,
      b: c.b,
      rate: c.rate,
      text: `${Math.round(c.rate * 100)}`,
      label: `${pct(c.rate)} [${pct(c.ci[0])}, ${pct(c.ci[1])}]`,
      games: c.games,
      results: `${c.wins} won, ${c.losses} lost, ${c.draws} drawn, ${c.capped} capped`,
    }));
    return {
      $schema: SCHEMA,
      title: {
        text: 'Character against character',
        subtitle: [
          `win rate (%) of the row character against the column character, both seatings pooled; ${fewest === most ? fewest.toLocaleString('en-US') : `${fewest.toLocaleString('en-US')} to ${most.toLocaleString('en-US')}`} games per pair`,
          'draws and capped games count as not won; 50% = even; the tooltip has the 95% Wilson interval',
        ],
      },
      data: { values: data },
      encoding: {
        y: { field: 'a', type: 'nominal', title: 'Character (A)', sort: order },
        x: { field: 'b', type: 'nominal', title: 'Against (B)', sort: order, axis: { labelAngle: -40 } },
      },
      layer: [
        {
          mark: 'rect',
          encoding: {
            color: { field: 'rate', type: 'quantitative', title: 'A wins (%)', legend: { format: '.0%' }, scale: { scheme: 'redblue', domain: [0, 1], domainMid: 0.5 } },
            tooltip: [
              { field: 'a', title: 'character' },
              { field: 'b', title: 'against' },
              { field: 'label', title: 'win rate [95% interval]' },
              { field: 'games', title: 'games', format: ',' },
              { field: 'results', title: 'results' },
            ],
          },
        },
        { mark: { type: 'text', fontSize: 11 }, encoding: { text: { field: 'text', type: 'nominal' }, color: { condition: { test: 'datum.rate < 0.2 || datum.rate > 0.8', value: 'white' }, value: 'black' } } },
      ],
      width: Math.min(WIDTH, 44 * names.length),
      height: Math.min(WIDTH, 30 * names.length),
    } as TopLevelSpec;
  },
};

export const squallDamage: ChartBuilder = {
  id: 'squall-damage-melee-vs-range',
  games: ['squall'],
  build({ summary: s }) {
    const t = s.metrics.tables.characters;
    if (!t) return null;
    const col = (name: string) => t.columns.indexOf(name);
    const [g, md, mq, rd, rq] = ['games', 'meleeDamage', 'meleeDamageSquared', 'rangeDamage', 'rangeDamageSquared'].map(col) as [number, number, number, number, number];
    if ([g, md, mq, rd, rq].some((i) => i < 0)) return null;
    const rows = Object.entries(t.rows)
      .filter(([, v]) => v[g]! > 0)
      .flatMap(([name, v]) => {
        const n = v[g]!;
        const melee = meanInterval(v[md]!, v[mq]!, n);
        const range = meanInterval(v[rd]!, v[rq]!, n);
        const group = t.groups?.[name];
        const who = group ? `${name} (${group})` : name;
        const row = (kind: string, e: { mean: number; low: number; high: number }) => ({ who, kind, mean: e.mean, low: e.low, high: e.high, total: melee.mean + range.mean, games: n, label: `${e.mean.toFixed(2)} [${e.low.toFixed(2)}, ${e.high.toFixed(2)}] HP` });
        return [row('melee', melee), row('ranged', range)];
      });
    if (rows.length === 0) return null;
    const order = [...new Set(rows.sort((a, b) => b.total - a.total).map((r) => r.who))];
    return {
      $schema: SCHEMA,
      title: {
        text: 'Damage dealt per game, melee and ranged, per character',
        subtitle: 'HP taken from opponents per game the character played (melee includes ripostes); whiskers: 95% intervals; sorted by total',
      },
      width: WIDTH,
      height: Math.max(160, 34 * order.length),
      data: { values: rows },
      encoding: {
        y: { field: 'who', type: 'nominal', title: 'Character (style)', sort: order },
        yOffset: { field: 'kind', type: 'nominal', sort: ['melee', 'ranged'] },
      },
      layer: [
        {
          mark: { type: 'bar', opacity: 0.9 },
          encoding: {
            x: { field: 'mean', type: 'quantitative', title: 'Damage dealt per game played (HP)' },
            color: { field: 'kind', type: 'nominal', title: 'Attack', sort: ['melee', 'ranged'], scale: { range: [COLOUR.estimate, '#f58518'] } },
            tooltip: [
              { field: 'who', title: 'character' },
              { field: 'kind', title: 'attack' },
              { field: 'label', title: 'per game [95% interval]' },
              { field: 'games', title: 'games played', format: ',' },
            ],
          },
        },
        { mark: { type: 'errorbar', ticks: true, color: 'black' }, encoding: { x: { field: 'low', type: 'quantitative', title: 'Damage dealt per game played (HP)' }, x2: { field: 'high' } } },
      ],
    } as TopLevelSpec;
  },
};

/**
 * The covered share of ranged attacks, C / S over games, with a 95% interval that treats games
 * as the independent units (shots in one game share positions and are correlated, so a Wilson
 * interval over shots would be too narrow): the delta-method variance of a ratio estimator,
 * n / (n - 1) * sum over games of (c - R s)^2 / S^2.
 */
export function coveredShare(s: Summary): { share: number; low: number; high: number; shots: number; covered: number } | null {
  const m = s.metrics.game;
  const S = m.rangedAttacks?.total;
  const C = m.coveredRangedAttacks?.total;
  const SS = m.rangedAttacksSquared?.total;
  const CC = m.coveredRangedAttacksSquared?.total;
  const CS = m.coveredTimesRangedAttacks?.total;
  if (S === undefined || C === undefined || SS === undefined || CC === undefined || CS === undefined || S === 0) return null;
  const n = s.games;
  const R = C / S;
  const residual = Math.max(0, CC - 2 * R * CS + R * R * SS);
  const se = n > 1 ? Math.sqrt((n / (n - 1)) * residual) / S : 0;
  return { share: R, low: Math.max(0, R - Z95 * se), high: Math.min(1, R + Z95 * se), shots: S, covered: C };
}

function coveredChart(rows: { name: string; share: number; low: number; high: number; shots: number; covered: number; games: number }[], axis: string, subtitle: string): TopLevelSpec {
  const data = rows.map((r) => ({ ...r, label: `${pct(r.share)} [${pct(r.low)}, ${pct(r.high)}]`, perGame: r.shots / Math.max(1, r.games) }));
  return {
    $schema: SCHEMA,
    title: { text: 'Ranged attacks at a covered target', subtitle: [subtitle, 'whiskers: 95% interval over games (shots within a game are not independent)'] },
    width: WIDTH,
    height: Math.max(40, 30 * rows.length),
    data: { values: data },
    encoding: { y: { field: 'name', type: 'nominal', title: axis, sort: null, axis: { labelLimit: 320 } } },
    layer: [
      {
        mark: { type: 'bar', color: COLOUR.estimate, opacity: 0.85 },
        encoding: {
          x: { field: 'share', type: 'quantitative', title: 'Share of ranged attacks at a covered target (%)', axis: { format: '.0%' }, scale: { domain: [0, 1] } },
          tooltip: [
            { field: 'name', title: axis },
            { field: 'label', title: 'covered share [95% interval]' },
            { field: 'covered', title: 'covered attacks', format: ',' },
            { field: 'shots', title: 'ranged attacks', format: ',' },
            { field: 'perGame', title: 'ranged attacks per game', format: '.2f' },
          ],
        },
      },
      { mark: { type: 'errorbar', ticks: true, color: 'black' }, encoding: { x: { field: 'low', type: 'quantitative', title: 'Share of ranged attacks at a covered target (%)' }, x2: { field: 'high' } } },
      { mark: { type: 'text', align: 'left', dx: 5, fontSize: 11 }, encoding: { x: { field: 'high', type: 'quantitative', title: 'Share of ranged attacks at a covered target (%)' }, text: { field: 'label', type: 'nominal' } } },
    ],
  } as TopLevelSpec;
}

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export const squallCoveredShots: ChartBuilder = {
  id: 'squall-covered-ranged-attacks',
  games: ['squall'],
  build({ summary: s }) {
    const c = coveredShare(s);
    if (!c) return null;
    const name = s.scenario.variant ? `${s.scenario.name} (${s.scenario.variant})` : s.scenario.name;
    return coveredChart([{ name, ...c, games: s.games }], 'Run', `${c.covered.toLocaleString('en-US')} of ${c.shots.toLocaleString('en-US')} ranged attacks in ${s.games.toLocaleString('en-US')} games were at a target behind cover`);
  },
  buildSweep(cells) {
    const rows = cells.flatMap(({ values, summary }) => {
      const c = coveredShare(summary);
      return c ? [{ name: Object.entries(values).map(([k, v]) => `${k} = ${show(v)}`).join(', '), ...c, games: summary.games }] : [];
    });
    if (rows.length === 0) return null;
    return coveredChart(rows, 'Sweep cell', 'one bar per cell of the sweep (e.g. per terrain layout); all cells play the same seeds');
  },
};

/** This game's own charts, in the report's order (registered by game in src/report/charts/index.ts). */
export const squallCharts: readonly ChartBuilder[] = [squallMatchups, squallDamage, squallCoveredShots];
