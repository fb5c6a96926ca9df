/**
 * The chart of `squabble tune` with a `tune:` block: every target value before (the scenario as
 * written) and after (as tuned), measured on fresh seeds, each with the interval that decides its
 * verdict, and the target's band or limit as ticks. Rates in percent; means in their own panel.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { TuneOutcome } from './targets.js';
import type { Condition } from '../../analysis/assertions.js';
import { targetRows } from './report.js';
import { SCHEMA, WIDTH, COLOUR } from '../../charts-kit/spec.js';

const BEFORE = 'before (as written)';
const AFTER = 'after (tuned)';

function limits(c: Condition): number[] {
  return c.kind === 'band' ? [c.low, c.high] : [c.value];
}

export function tuneTargetsChart(o: TuneOutcome): TopLevelSpec | null {
  const rows = targetRows(o);
  if (rows.length === 0) return null;
  const conditions = new Map(o.targets.map((t) => [`${t.path} ${t.text}`, t.condition]));
  const panel = (mean: boolean) => {
    const chosen = rows.filter((r) => r.what.endsWith('.mean') === mean);
    if (chosen.length === 0) return null;
    const scale = mean ? 1 : 100;
    const points = chosen.flatMap((r) =>
      (
        [
          [BEFORE, r.before],
          [AFTER, r.after],
        ] as const
      )
        .filter(([, v]) => v !== undefined)
        .map(([when, v]) => ({ value: r.what, when, estimate: v!.estimate * scale, low: v!.interval[0] * scale, high: v!.interval[1] * scale, verdict: v!.verdict })),
    );
    const ticks = chosen.flatMap((r) => {
      const c = conditions.get(r.target);
      return (c === undefined ? [] : limits(c)).map((x) => ({ value: r.what, limit: x * scale }));
    });
    const x = { type: 'quantitative', title: mean ? 'value' : 'rate (%)', scale: { zero: false } } as const;
    const y = { field: 'value', type: 'nominal', title: null, sort: null, axis: { labelLimit: 360 } } as const;
    return {
      width: WIDTH,
      height: Math.max(60, 16 * chosen.length),
      layer: [
        { data: { values: ticks }, mark: { type: 'tick', color: '#999', thickness: 2 }, encoding: { y, x: { ...x, field: 'limit' } } },
        {
          data: { values: points },
          layer: [
            { mark: { type: 'errorbar', ticks: false }, encoding: { y, yOffset: { field: 'when' }, x: { ...x, field: 'low' }, x2: { field: 'high' }, color: { field: 'when', type: 'nominal' } } },
            {
              mark: { type: 'point', filled: true, size: 40 },
              encoding: {
                y,
                yOffset: { field: 'when' },
                x: { ...x, field: 'estimate' },
                color: { field: 'when', type: 'nominal', title: null, scale: { domain: [BEFORE, AFTER], range: [COLOUR.reference, COLOUR.estimate] } },
                tooltip: [{ field: 'value' }, { field: 'when' }, { field: 'estimate', format: '.2f' }, { field: 'low', format: '.2f' }, { field: 'high', format: '.2f' }, { field: 'verdict' }],
              },
            },
          ],
        },
      ],
    };
  };
  const panels = [panel(false), panel(true)].filter((p) => p !== null);
  return {
    $schema: SCHEMA,
    title: {
      text: `${o.name}: targets before and after tuning`,
      subtitle: [
        `measured on fresh seeds ("${o.verification.seed}", ${o.verification.games.toLocaleString('en-US')} games as written, ${o.verification.afterGames.toLocaleString('en-US')} as tuned), never played by the search`,
        `whiskers: the intervals that decide the verdicts (${(o.verification.before.judged.confidence * 100).toPrecision(4)}% before, ${(o.verification.after.judged.confidence * 100).toPrecision(4)}% after; the game is the unit); grey ticks: the target's limits`,
      ],
    },
    vconcat: panels,
    resolve: { scale: { color: 'shared' } },
  } as TopLevelSpec;
}
