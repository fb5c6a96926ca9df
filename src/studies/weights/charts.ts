/**
 * Charts of `squabble weights` (src/studies/weights/analysis.ts): the ranked stat weights (change in the
 * controller's win rate per +1 of a stat, with 95% intervals, coloured by group) and the
 * subjects furthest from fair (base controller win rate against the pooled rate of all subjects, with intervals).
 * Differences are drawn in percentage points so they are not read as relative changes.
 */
import type { TopLevelSpec } from 'vega-lite';
import { FDR_Q } from '../../analysis/rates.js';
import type { FairRow, WeightRow } from './analysis.js';
import { SCHEMA, WIDTH, COLOUR } from '../../charts-kit/spec.js';
import { nameScale } from '../../charts-kit/palette.js';

const pts = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(2)}`;
const FLAG = `differs from 0 (FDR ${FDR_Q * 100}%)`;
const NOISE = 'within noise';

/** One stat's weights, ranked (largest first), as points with 95% whiskers and a rule at 0. */
export function statWeightChart(title: string, rows: readonly WeightRow[], stat: string, noun: string, meaning: string): TopLevelSpec | null {
  const measured = rows.filter((r) => r.stat === stat && r.estimate !== null).sort((a, b) => b.estimate!.effect - a.estimate!.effect);
  if (measured.length === 0) return null;
  const flagged = measured.filter((r) => r.flagged).length;
  const data = measured.map((r) => {
    const e = r.estimate!;
    return {
      subject: r.subject,
      group: r.group,
      effect: e.effect * 100,
      low: e.interval[0] * 100,
      high: e.interval[1] * 100,
      status: r.flagged ? FLAG : NOISE,
      label: `${pts(e.effect)} pts [${pts(e.interval[0])}, ${pts(e.interval[1])}] from a base rate of ${(e.rateA * 100).toFixed(1)}%; q = ${r.qValue.toPrecision(2)}`,
    };
  });
  return rankedDots({
    title,
    subtitle: [
      `per ${noun}: ${meaning}`,
      'paired runs on the same seeds; dot and whiskers: estimate and 95% interval',
      `${flagged} of ${measured.length} differ from 0 with the false-discovery rate held at ${FDR_Q * 100}% (Benjamini-Hochberg)`,
    ],
    noun,
    data,
    x: { type: 'quantitative', title: 'Change in the controller\u2019s win rate (percentage points)' },
    value: 'effect',
    statuses: [FLAG, NOISE],
    tooltip: [{ field: 'label', title: 'change [95% interval]' }],
    rule: { field: 'zero', value: 0, color: '#666' },
  });
}

const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;

/** Subjects ranked by distance from fair: base controller win rate with 95% whiskers, a rule at fair. */
export function furthestFromFairChart(title: string, rows: readonly FairRow[], noun: string): TopLevelSpec | null {
  const measured = rows.filter((r) => r.base !== null).sort((a, b) => Math.abs(b.deviation) - Math.abs(a.deviation));
  if (measured.length === 0) return null;
  const fair = measured[0]!.fair;
  const flagged = measured.filter((r) => r.flagged).length;
  const FAR = `differs from fair (FDR ${FDR_Q * 100}%)`;
  const data = measured.map((r) => ({
    subject: r.subject,
    group: r.group,
    rate: r.base!.rate,
    low: r.base!.interval[0],
    high: r.base!.interval[1],
    status: r.flagged ? FAR : NOISE,
    label: `${(r.base!.rate * 100).toFixed(2)}% [${(r.base!.interval[0] * 100).toFixed(2)}%, ${(r.base!.interval[1] * 100).toFixed(2)}%]; ${pts(r.deviation)} pts from fair`,
    hp: r.hpToFair === null || r.hpToFairRange === null ? (r.hpToFairNote ?? 'n/a') : `${signed(r.hpToFair)} HP [${signed(r.hpToFairRange[0])}, ${signed(r.hpToFairRange[1])}]`,
  }));
  return rankedDots({
    title,
    subtitle: [
      `each ${noun}'s controller win rate in the base games, furthest from fair first`,
      `dashed: fair, ${(fair * 100).toFixed(1)}% = pooled rate of all ${noun}s (what a neutral ${noun} gets); whiskers: 95% intervals`,
      `${flagged} of ${measured.length} differ from fair with the false-discovery rate held at ${FDR_Q * 100}% (Benjamini-Hochberg)`,
    ],
    noun,
    data,
    x: { type: 'quantitative', title: 'Controller\u2019s win rate (%)', axis: { format: '.0%' }, scale: { zero: false } },
    value: 'rate',
    statuses: [FAR, NOISE],
    tooltip: [{ field: 'label', title: 'win rate [95% interval]' }, { field: 'hp', title: 'HP change to fair (linear)' }],
    rule: { field: 'fair', value: fair, color: COLOUR.reference },
  });
}

/**
 * The shape both charts share: one row per subject in the given order, a dot (coloured by
 * group, shaped by status) with 95% whiskers from \`low\` to \`high\`, and a dashed reference rule.
 */
function rankedDots(o: {
  title: string;
  subtitle: string[];
  noun: string;
  data: { subject: string; group: string; low: number; high: number; status: string }[];
  x: Record<string, unknown>;
  value: string;
  statuses: [string, string];
  tooltip: { field: string; title: string }[];
  rule: { field: string; value: number; color: string };
}): TopLevelSpec {
  const { noun, x } = o;
  return {
    $schema: SCHEMA,
    title: { text: o.title, subtitle: o.subtitle },
    width: WIDTH,
    height: Math.max(120, 16 * o.data.length),
    layer: [
      {
        data: { values: o.data },
        encoding: { y: { field: 'subject', type: 'nominal', title: noun[0]!.toUpperCase() + noun.slice(1), sort: null } },
        layer: [
          { mark: { type: 'errorbar', ticks: false }, encoding: { x: { ...x, field: 'low' }, x2: { field: 'high' } } },
          {
            mark: { type: 'point', filled: true, size: 40 },
            encoding: {
              x: { ...x, field: o.value },
              color: { field: 'group', type: 'nominal', title: 'Group', scale: nameScale('group', o.data.map((d) => String(d.group))) },
              shape: { field: 'status', type: 'nominal', title: 'Status', legend: { labelLimit: 320 }, scale: { domain: o.statuses, range: ['circle', 'triangle'] } },
              tooltip: [{ field: 'subject', title: noun }, { field: 'group' }, ...o.tooltip, { field: 'status' }],
            },
          },
        ],
      },
      { data: { values: [{ [o.rule.field]: o.rule.value }] }, mark: { type: 'rule', strokeDash: [6, 4], color: o.rule.color }, encoding: { x: { ...x, field: o.rule.field } } },
    ],
  } as TopLevelSpec;
}
