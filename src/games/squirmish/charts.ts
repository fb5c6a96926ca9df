/** Squirmish charts: which card knocks out which, and damage dealt against damage taken per card. */
import type { TopLevelSpec } from 'vega-lite';
import { type ChartBuilder, SCHEMA } from '../../charts-kit/spec.js';
import { nameScale } from '../../charts-kit/palette.js';

export const squirmishKoMatrix: ChartBuilder = {
  id: 'squirmish-ko-matrix',
  games: ['squirmish'],
  build({ summary }) {
    const t = summary.metrics.tables.knockouts;
    if (!t) return null;
    const names = Object.keys(t.rows);
    const cells = names.flatMap((row) => t.rows[row]!.flatMap((count, j) => (count > 0 ? [{ knocker: row, knocked: t.columns[j]!, count, perGame: count / summary.games }] : [])));
    if (cells.length === 0) return null;
    const total = cells.reduce((s, c) => s + c.count, 0);
    return {
      $schema: SCHEMA,
      title: { text: 'Which card knocks out which', subtitle: `${total.toLocaleString('en-US')} knock-outs in ${summary.games.toLocaleString('en-US')} games; darker = more often` },
      data: { values: cells },
      mark: 'rect',
      encoding: {
        y: { field: 'knocker', type: 'nominal', title: 'Credited with the knock-out', sort: names, axis: { labelFontSize: 8 } },
        x: { field: 'knocked', type: 'nominal', title: 'Knocked out', sort: names, axis: { labelFontSize: 8, labelAngle: -90 } },
        color: { field: 'count', type: 'quantitative', title: 'Knock-outs', scale: { scheme: 'oranges', type: 'sqrt' } },
        tooltip: [{ field: 'knocker' }, { field: 'knocked' }, { field: 'count', format: ',' }, { field: 'perGame', title: 'per game', format: '.4f' }],
      },
      width: Math.max(300, 9 * names.length),
      height: Math.max(300, 9 * names.length),
    } as TopLevelSpec;
  },
};

export const squirmishDamage: ChartBuilder = {
  id: 'squirmish-damage-dealt-vs-taken',
  games: ['squirmish'],
  build({ summary }) {
    const t = summary.metrics.tables.cards;
    if (!t) return null;
    const col = (name: string) => t.columns.indexOf(name);
    const [placed, dealt, taken, kos, koed] = ['placedGames', 'damageDealt', 'damageTaken', 'kosScored', 'kosSuffered'].map(col) as [number, number, number, number, number];
    const rows = Object.entries(t.rows)
      .filter(([, v]) => v[placed]! > 0)
      .map(([card, v]) => ({
        card,
        group: t.groups?.[card] ?? 'all',
        dealt: v[dealt]! / v[placed]!,
        taken: v[taken]! / v[placed]!,
        kos: v[kos]! / v[placed]!,
        koed: v[koed]! / v[placed]!,
        placed: v[placed]!,
      }));
    if (rows.length === 0) return null;
    return {
      $schema: SCHEMA,
      title: { text: 'Damage dealt against damage taken, per card', subtitle: 'per game in which the card was placed; size: knock-outs scored per such game' },
      width: 520,
      height: 420,
      data: { values: rows },
      mark: { type: 'circle', opacity: 0.75 },
      encoding: {
        x: { field: 'taken', type: 'quantitative', title: 'Damage taken per game placed (counters)' },
        y: { field: 'dealt', type: 'quantitative', title: 'Damage dealt per game placed (counters)' },
        color: { field: 'group', type: 'nominal', title: 'Group', scale: nameScale('group', [...Object.values(t.groups ?? {}), ...rows.map((r) => r.group)]) },
        size: { field: 'kos', type: 'quantitative', title: 'KOs per game placed' },
        tooltip: [{ field: 'card' }, { field: 'group' }, { field: 'dealt', format: '.2f' }, { field: 'taken', format: '.2f' }, { field: 'kos', format: '.3f' }, { field: 'koed', title: 'KO suffered per game', format: '.3f' }, { field: 'placed', title: 'games placed', format: ',' }],
      },
    } as TopLevelSpec;
  },
};

/** This game's own charts, in the report's order (registered by game in src/report/charts/index.ts). */
export const squirmishCharts: readonly ChartBuilder[] = [squirmishKoMatrix, squirmishDamage];
