/**
 * Squish! charts drawn on the board: the squish rate of each start square (a seat is a start
 * square), and where blocks went (unit steps of a block onto each square, per game). The board
 * — its size, the blocks at their starting positions, the start squares — comes from
 * summary.json's `scenario.setup` (GameModule.setup), so a report needs nothing but the summary.
 */
import type { TopLevelSpec } from 'vega-lite';
import { wilson } from '../../sim/stats/intervals.js';
import { meanInterval } from '../../charts-kit/pieces.js';
import type { Summary } from '../../sim/stats/summary.js';
import { type ChartBuilder, SCHEMA, COLOUR } from '../../charts-kit/spec.js';

interface Board {
  width: number;
  height: number;
  blocks: { number: number; x: number; y: number; w: number; h: number }[];
  starts: { seat: number; x: number; y: number }[];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function boardOf(s: Summary): Board | null {
  const b = s.scenario.setup as Partial<Board> | undefined;
  if (!b || typeof b.width !== 'number' || typeof b.height !== 'number' || !Array.isArray(b.blocks) || !Array.isArray(b.starts)) return null;
  return b as Board;
}

/** Pixels per square: the board fits in about 420 x 420. */
const squarePixels = (b: Board) => Math.max(6, Math.floor(420 / Math.max(b.width, b.height)));

/** Axis ticks at the centres of squares (every square, or every k-th on big boards), labelled by the square's index. */
function squareAxis(size: number) {
  const every = Math.ceil(size / 16);
  const values: number[] = [];
  for (let i = 0; i < size; i += every) values.push(i + 0.5);
  return { values, labelExpr: 'floor(datum.value)', grid: false, domain: false };
}
const xOf = (b: Board, title: string) => ({ field: 'x', type: 'quantitative', title, scale: { domain: [0, b.width], nice: false, zero: true }, axis: squareAxis(b.width) });
const yOf = (b: Board, title: string) => ({ field: 'y', type: 'quantitative', title, scale: { domain: [0, b.height], nice: false, zero: true, reverse: true }, axis: squareAxis(b.height) });
const X_TITLE = 'Column x (squares from the west wall)';
const Y_TITLE = 'Row y (squares from the north wall)';

/** The layers that draw the board: every square, then the blocks at their start with their numbers. */
function boardLayers(b: Board, fillSquares: boolean): object[] {
  const squares: { x: number; x2: number; y: number; y2: number }[] = [];
  for (let y = 0; y < b.height; y++) for (let x = 0; x < b.width; x++) squares.push({ x, x2: x + 1, y, y2: y + 1 });
  // Filled blocks carry their number in the middle; outlined ones (over a heat map) in the top-left corner.
  const blocks = b.blocks.map((k) => ({
    x: k.x,
    x2: k.x + k.w,
    y: k.y,
    y2: k.y + k.h,
    cx: fillSquares ? k.x + k.w / 2 : k.x + 0.08,
    cy: fillSquares ? k.y + k.h / 2 : k.y + 0.06,
    label: String(k.number),
    name: `block ${k.number} at (${k.x}, ${k.y}), ${k.w} x ${k.h}`,
  }));
  const px = squarePixels(b);
  const label = fillSquares
    ? { type: 'text', fontSize: Math.max(9, Math.min(20, px)), fontWeight: 'bold', color: 'white' }
    : { type: 'text', fontSize: Math.max(7, Math.min(11, Math.floor(px / 3))), fontWeight: 'bold', color: '#000000', align: 'left', baseline: 'top' };
  return [
    ...(fillSquares
      ? [{ data: { values: squares }, mark: { type: 'rect', fill: '#f4f4f4', stroke: '#d8d8d8', strokeWidth: 0.5 }, encoding: { x: xOf(b, X_TITLE), x2: { field: 'x2' }, y: yOf(b, Y_TITLE), y2: { field: 'y2' } } }]
      : []),
    {
      data: { values: blocks },
      layer: [
        {
          mark: fillSquares ? { type: 'rect', fill: '#666666', stroke: '#222222', strokeWidth: 1.5 } : { type: 'rect', fillOpacity: 0, stroke: '#222222', strokeWidth: 2, strokeDash: [5, 3] },
          encoding: { x: xOf(b, X_TITLE), x2: { field: 'x2' }, y: yOf(b, Y_TITLE), y2: { field: 'y2' }, tooltip: [{ field: 'name', title: 'block (at the start)' }] },
        },
        {
          mark: label,
          encoding: { x: { field: 'cx', type: 'quantitative', title: X_TITLE }, y: { field: 'cy', type: 'quantitative', title: Y_TITLE }, text: { field: 'label', type: 'nominal' } },
        },
      ],
    },
  ];
}

export const squishStartSquares: ChartBuilder = {
  id: 'squish-squish-rate-by-start-square',
  games: ['squish'],
  build({ summary: s }) {
    const b = boardOf(s);
    const seatRows = s.metrics.seats;
    if (!b || seatRows.length === 0 || seatRows[0]!.squishedGames === undefined) return null;
    const n = s.games;
    const rows = b.starts
      .filter((st) => st.seat < seatRows.length)
      .map((st) => {
        const m = seatRows[st.seat]!;
        const games = m.squishedGames!.total;
        const [low, high] = wilson(games, n);
        const rate = n > 0 ? games / n : 0;
        const per = meanInterval(m.squished!.total, m.squishedSquared?.total ?? m.squished!.total, n);
        return {
          seat: st.seat,
          name: `seat ${st.seat} (${st.x}, ${st.y})`,
          policy: s.seats[st.seat]?.policy ?? '',
          x: st.x,
          x2: st.x + 1,
          y: st.y,
          y2: st.y + 1,
          cx: st.x + 0.5,
          cy: st.y + 0.5,
          rate,
          low,
          high,
          text: `${Math.round(rate * 100)}%`,
          label: `${pct(rate)} [${pct(low)}, ${pct(high)}] of ${n.toLocaleString('en-US')} games`,
          perGame: `${per.mean.toFixed(3)} [${per.low.toFixed(3)}, ${per.high.toFixed(3)}]`,
          squishes: m.squished!.total,
          note: '',
        };
      });
    if (rows.length === 0) return null;
    // Squishes per game equal the rate when no seat was squished twice in a game (always in the simple game).
    const once = rows.every((r) => r.squishes === seatRows[r.seat]!.squishedGames!.total);
    for (const r of rows) r.note = once ? r.label.replace(/ of .*$/, '') : `${r.label.replace(/ of .*$/, '')}; ${r.perGame} per game`;
    const px = squarePixels(b);
    const tooltip = [
      { field: 'name', title: 'start square' },
      { field: 'policy', title: 'policy' },
      { field: 'label', title: 'squished in [95% interval]' },
      { field: 'perGame', title: 'squishes per game [95% interval]' },
      { field: 'squishes', title: 'squishes', format: ',' },
    ];
    const colour = { field: 'rate', type: 'quantitative', title: 'Games squished (%)', legend: { format: '.0%', orient: 'bottom', gradientLength: 240 }, scale: { scheme: 'orangered', domain: [0, 1] } };
    const boardView = {
      width: px * b.width,
      height: px * b.height,
      title: { text: 'On the board', fontSize: 12, subtitle: 'start squares coloured by squish rate; grey: blocks at the start' },
      layer: [
        ...boardLayers(b, true),
        {
          data: { values: rows },
          layer: [
            { mark: { type: 'rect', stroke: '#222222', strokeWidth: 1 }, encoding: { x: xOf(b, X_TITLE), x2: { field: 'x2' }, y: yOf(b, Y_TITLE), y2: { field: 'y2' }, color: colour, tooltip } },
            {
              mark: { type: 'text', fontSize: Math.max(6, Math.min(11, Math.floor(px / 3))), fontWeight: 'bold' },
              encoding: {
                x: { field: 'cx', type: 'quantitative', title: X_TITLE },
                y: { field: 'cy', type: 'quantitative', title: Y_TITLE },
                text: { field: 'text', type: 'nominal' },
                color: { condition: { test: 'datum.rate > 0.6', value: 'white' }, value: 'black' },
                tooltip,
              },
            },
          ],
        },
      ],
    };
    const barView = {
      width: 260,
      height: Math.max(100, 22 * rows.length),
      title: { text: 'By start square', fontSize: 12, subtitle: once ? 'whiskers and text: 95% Wilson interval' : 'whiskers: 95% Wilson interval; text also: squishes per game [95%]' },
      data: { values: rows },
      encoding: { y: { field: 'name', type: 'nominal', title: 'Start square (seat, square)', sort: null } },
      layer: [
        { mark: { type: 'bar', opacity: 0.9 }, encoding: { x: { field: 'rate', type: 'quantitative', title: 'Games in which it was squished (%)', axis: { format: '.0%' }, scale: { domain: [0, 1] } }, color: colour, tooltip } },
        { mark: { type: 'errorbar', ticks: true, color: 'black' }, encoding: { x: { field: 'low', type: 'quantitative', title: 'Games in which it was squished (%)' }, x2: { field: 'high' } } },
        { mark: { type: 'text', align: 'left', dx: 5, fontSize: 10 }, encoding: { x: { field: 'high', type: 'quantitative', title: 'Games in which it was squished (%)' }, text: { field: 'note', type: 'nominal' } } },
      ],
    };
    return {
      $schema: SCHEMA,
      title: {
        text: 'Squish rate by start square',
        subtitle: `share of ${n.toLocaleString('en-US')} games in which the marker starting there was squished at least once (a seat is a start square)`,
      },
      hconcat: [boardView, barView],
      resolve: { scale: { color: 'shared' } },
    } as TopLevelSpec;
  },
};

export const squishBlockEntries: ChartBuilder = {
  id: 'squish-block-entries',
  games: ['squish'],
  build({ summary: s }) {
    const b = boardOf(s);
    const t = s.metrics.tables.squares;
    if (!b || !t) return null;
    const ei = t.columns.indexOf('blockEntries');
    const si = t.columns.indexOf('blockEntriesSquared');
    if (ei < 0 || si < 0) return null;
    const n = s.games;
    const big = Math.max(b.width, b.height) > 16;
    const cells = Object.entries(t.rows).flatMap(([row, v]) => {
      const m = /^\((\d+), (\d+)\)$/.exec(row);
      if (!m) return [];
      const x = Number(m[1]);
      const y = Number(m[2]);
      const e = meanInterval(v[ei]!, v[si]!, n);
      return [{ x, x2: x + 1, y, y2: y + 1, cx: x + 0.5, cy: y + 0.5, square: row, perGame: e.mean, text: e.mean >= 10 ? e.mean.toFixed(0) : e.mean.toFixed(1), label: `${e.mean.toFixed(3)} [${e.low.toFixed(3)}, ${e.high.toFixed(3)}]`, total: v[ei]! }];
    });
    if (cells.length === 0) return null;
    const total = cells.reduce((a, c) => a + c.total, 0);
    const max = Math.max(...cells.map((c) => c.perGame));
    const starts = b.starts.map((st) => ({ cx: st.x + 0.5, cy: st.y + 0.5, name: `seat ${st.seat} starts at (${st.x}, ${st.y})` }));
    const px = squarePixels(b);
    const tooltip = [
      { field: 'square', title: 'square (x, y)' },
      { field: 'label', title: 'block entries per game [95% interval]' },
      { field: 'total', title: 'block entries in all games', format: ',' },
    ];
    return {
      $schema: SCHEMA,
      title: {
        text: 'Where blocks go: block entries per square',
        subtitle: [
          `unit steps of a block onto each square per game, over ${n.toLocaleString('en-US')} games (${(total / Math.max(1, n)).toFixed(1)} per game on the whole board);`,
          'a square a block newly covers in one step counts once; dashed outlines: blocks at the start, numbered in their corner; red circles: start squares',
        ],
      },
      width: px * b.width,
      height: px * b.height,
      layer: [
        {
          data: { values: cells },
          layer: [
            {
              mark: { type: 'rect', stroke: '#ffffff', strokeWidth: big ? 0 : 0.5 },
              encoding: {
                x: xOf(b, X_TITLE),
                x2: { field: 'x2' },
                y: yOf(b, Y_TITLE),
                y2: { field: 'y2' },
                color: { field: 'perGame', type: 'quantitative', title: 'Entries per game', scale: { scheme: 'blues', domain: [0, max > 0 ? max : 1] } },
                tooltip,
              },
            },
            ...(big
              ? []
              : [
                  {
                    mark: { type: 'text', fontSize: Math.max(6, Math.min(10, Math.floor(px / 3.5))) },
                    encoding: {
                      x: { field: 'cx', type: 'quantitative', title: X_TITLE },
                      y: { field: 'cy', type: 'quantitative', title: Y_TITLE },
                      text: { field: 'text', type: 'nominal' },
                      color: { condition: { test: `datum.perGame > ${(0.6 * max).toFixed(4)}`, value: 'white' }, value: '#333333' },
                      tooltip,
                    },
                  },
                ]),
          ],
        },
        ...boardLayers(b, false),
        {
          data: { values: starts },
          layer: [
            { mark: { type: 'point', shape: 'circle', filled: false, size: Math.max(30, px * px * 0.6), color: COLOUR.reference, strokeWidth: 2 }, encoding: { x: { field: 'cx', type: 'quantitative', title: X_TITLE }, y: { field: 'cy', type: 'quantitative', title: Y_TITLE }, tooltip: [{ field: 'name', title: 'start square' }] } },
          ],
        },
      ],
    } as TopLevelSpec;
  },
};

/** This game's own charts, in the report's order (registered by game in src/report/charts/index.ts). */
export const squishCharts: readonly ChartBuilder[] = [squishStartSquares, squishBlockEntries];
