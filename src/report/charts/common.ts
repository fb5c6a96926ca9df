/** Charts every game gets: win rates with intervals, outcomes (draws and capped shown), game length. */
import type { TopLevelSpec } from 'vega-lite';
import { wilson } from '../../sim/stats/intervals.js';
import { type ChartBuilder, SCHEMA, WIDTH, COLOUR } from '../../charts-kit/spec.js';
import type { ReportInput } from './types.js';
import { nameScale, seatScale } from '../../charts-kit/palette.js';
import { rateChart, type RateRow } from '../../charts-kit/pieces.js';

const percent = (x: number) => `${(x * 100).toFixed(2)}%`;

/**
 * What a seat wins over all games if nobody has an edge: the decided games shared equally,
 * (1 − draw rate − capped rate) / players. 1 / players would call every seat weak whenever
 * games are drawn or capped.
 */
export function fairSeatShare(s: ReportInput['summary']): { fair: number; label: string } {
  const players = s.scenario.players;
  const decided = s.games > 0 ? s.decided / s.games : 0;
  const label = decided === 1 ? `fair share 1/${players}` : `fair: decided games (${percent(decided)}) shared equally, ${percent(decided / players)}`;
  return { fair: decided / players, label };
}
const rowOf = (name: string, wins: number, n: number): RateRow => {
  const [low, high] = wilson(wins, n);
  const rate = n > 0 ? wins / n : 0;
  return { name, rate, low, high, label: `${percent(rate)} [${percent(low)}, ${percent(high)}]` };
};

export const winRateBySeat: ChartBuilder = {
  id: 'win-rate-by-seat',
  build({ summary: s }: ReportInput) {
    const rows = s.seats.map((seat) => rowOf(`seat ${seat.seat} (${seat.policy})`, seat.wins, s.games));
    const { fair, label } = fairSeatShare(s);
    return rateChart('Win rate by seat', 'Seat (policy)', rows, fair, label, undefined, seatScale(s.seats.map((seat, i) => ({ seat: seat.seat, label: rows[i]!.name }))));
  },
};

export const winRateByPolicy: ChartBuilder = {
  id: 'win-rate-by-policy',
  build({ summary: s }: ReportInput) {
    // One policy at every seat: a single bar at the fair share says nothing (report-page.ts says why it is left out).
    if (s.policies.length < 2) return null;
    const rows = s.policies.map((p) => rowOf(p.label, p.wins, p.seatGames));
    const { fair, label } = fairSeatShare(s);
    return rateChart('Win rate by policy (per seat-game)', 'Policy', rows, fair, label, undefined, nameScale('policy', rows.map((r) => r.name)));
  },
};

export const outcomes: ChartBuilder = {
  id: 'outcomes',
  build({ summary: s }: ReportInput) {
    const rows = [
      { ...rowOf('won by a seat', s.decided, s.games), count: s.decided },
      { ...rowOf('draw', s.draws.count, s.games), count: s.draws.count },
      { ...rowOf('capped (turn limit)', s.capped.count, s.games), count: s.capped.count },
    ];
    return {
      $schema: SCHEMA,
      title: { text: 'How games ended', subtitle: `${s.games.toLocaleString('en-US')} games; draws and capped games are counted, never dropped` },
      width: WIDTH,
      data: { values: rows },
      encoding: { y: { field: 'name', type: 'nominal', title: 'Outcome', sort: null } },
      layer: [
        {
          mark: { type: 'bar' },
          encoding: {
            x: { field: 'rate', type: 'quantitative', title: 'Share of games (%)', axis: { format: '.0%' }, scale: { domain: [0, 1] } },
            color: { field: 'name', type: 'nominal', legend: null, scale: { range: [COLOUR.estimate, COLOUR.draw, COLOUR.capped] } },
            tooltip: [
              { field: 'name', title: 'outcome' },
              { field: 'count', title: 'games', format: ',' },
              { field: 'label', title: 'share [95% interval]' },
            ],
          },
        },
        { mark: { type: 'errorbar', ticks: true, color: 'black' }, encoding: { x: { field: 'low', type: 'quantitative', title: 'Share of games (%)' }, x2: { field: 'high' } } },
        { mark: { type: 'text', align: 'left', dx: 6 }, encoding: { x: { field: 'high', type: 'quantitative', title: 'Share of games (%)' }, text: { field: 'count', type: 'quantitative', format: ',' } } },
      ],
    } as TopLevelSpec;
  },
};

export const gameLength: ChartBuilder = {
  id: 'game-length',
  build({ summary: s }: ReportInput) {
    const d = s.length.turns;
    const h = d.histogram;
    if (h.counts.length === 0) return null;
    const bins = h.counts.map((count, i) => ({ start: h.start + i * h.binWidth, end: h.start + (i + 1) * h.binWidth, share: count / s.games, count }));
    const marks = [
      { name: `mean ${d.mean.toFixed(1)}`, turns: d.mean },
      { name: `median ${d.percentiles.p50}`, turns: d.percentiles.p50 ?? 0 },
      { name: `5th percentile ${d.percentiles.p5}`, turns: d.percentiles.p5 ?? 0 },
      { name: `95th percentile ${d.percentiles.p95}`, turns: d.percentiles.p95 ?? 0 },
    ];
    return {
      $schema: SCHEMA,
      title: { text: 'Game length', subtitle: `turns over all players; sd ${d.sd.toFixed(1)}, min ${d.min}, max ${d.max}${s.capped.count ? `; ${s.capped.count} capped games at the cap` : ''}` },
      width: WIDTH,
      layer: [
        {
          data: { values: bins },
          mark: { type: 'bar', color: COLOUR.estimate, opacity: 0.85 },
          encoding: {
            x: { field: 'start', type: 'quantitative', title: 'Game length (turns)', bin: { binned: true, step: h.binWidth } },
            x2: { field: 'end' },
            y: { field: 'share', type: 'quantitative', title: 'Share of games (%)', axis: { format: '.1%' } },
            tooltip: [
              { field: 'start', title: 'from (turns)' },
              { field: 'end', title: 'to (turns, excl.)' },
              { field: 'count', title: 'games', format: ',' },
            ],
          },
        },
        {
          data: { values: marks },
          mark: { type: 'rule', size: 2 },
          encoding: {
            x: { field: 'turns', type: 'quantitative', title: 'Game length (turns)' },
            color: { field: 'name', type: 'nominal', title: 'Marked', sort: null, scale: { domain: marks.map((m) => m.name), range: [COLOUR.reference, '#222222', '#888888', '#888888'] } },
            strokeDash: { field: 'name', type: 'nominal', title: 'Marked', sort: null, scale: { domain: marks.map((m) => m.name), range: [[1, 0], [6, 3], [2, 2], [2, 2]] } },
          },
        },
      ],
    } as TopLevelSpec;
  },
};

export const firstPlayer: ChartBuilder = {
  id: 'first-player',
  build({ summary: s }: ReportInput) {
    const fp = s.firstPlayer;
    const rows = [rowOf(`first player, of ${fp.decided.toLocaleString('en-US')} decided games`, fp.wins, fp.decided)];
    const outcome = `draws ${percent(s.draws.rate)} and capped ${percent(s.capped.rate)} of all games are left out`;
    const mixed = fp.sameBot === false ? ' (mixed-bot figure)' : '';
    return rateChart(`First-player advantage${mixed}: ${fp.verdict}`, 'Who', rows, fp.fair, `fair share of decided games 1/${s.scenario.players}; ${outcome}`);
  },
};

export const policyMatchups: ChartBuilder = {
  id: 'policy-matchups',
  build({ summary: s }: ReportInput) {
    const labels = s.policies.map((p) => p.label);
    if (labels.length < 2) return null;
    const cells = s.matchups.map((m) => ({
      policy: m.policy,
      opponent: m.opponent,
      rate: m.winRate,
      text: `${(m.winRate * 100).toFixed(1)}%`,
      label: `${percent(m.winRate)} [${percent(m.winRateCI[0])}, ${percent(m.winRateCI[1])}] of ${m.games.toLocaleString('en-US')}`,
    }));
    const { fair, label } = fairSeatShare(s);
    return {
      $schema: SCHEMA,
      title: { text: 'Policy against policy', subtitle: `win rate of the row policy when it sat at a table with the column policy; ${label}` },
      data: { values: cells },
      encoding: {
        y: { field: 'policy', type: 'nominal', title: 'Policy', sort: labels },
        x: { field: 'opponent', type: 'nominal', title: 'Against', sort: labels },
      },
      layer: [
        {
          mark: 'rect',
          encoding: {
            color: { field: 'rate', type: 'quantitative', title: 'Win rate (%)', legend: { format: '.0%' }, scale: { scheme: 'redblue', domain: [0, 2 * fair], domainMid: fair, clamp: true } },
            tooltip: [
              { field: 'policy', title: 'policy' },
              { field: 'opponent', title: 'against' },
              { field: 'label', title: 'win rate [95% interval]' },
            ],
          },
        },
        { mark: { type: 'text', fontSize: 13 }, encoding: { text: { field: 'text', type: 'nominal' } } },
      ],
      width: Math.min(WIDTH, 90 * labels.length),
      height: Math.min(400, 40 * labels.length),
    } as TopLevelSpec;
  },
};
