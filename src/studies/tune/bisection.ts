/**
 * Auto-tune one numeric scenario field so that a metric comes closest to a target.
 *
 * Method: every evaluation plays the same games (same seeds: common random numbers), which
 * makes the metric a smooth function of the field instead of a noisy one. Assuming it is
 * monotone on [min, max], the search evaluates both ends, then bisects the bracket that holds
 * the target (integer midpoints for integer fields). It stops when the bracket is down to the
 * resolution (1 for integers, (max − min) / 1024 for reals), or as soon as a value's 95%
 * interval contains the target (at that many games no other value could be told apart from
 * it). A bracket that shrinks to the resolution with neither end consistent with the target is
 * reported as a jump past the target. The answer is the evaluated value whose metric is closest to the target,
 * reported with its interval and its evaluated neighbours.
 */
import { wilson, Z95 } from '../../sim/stats/intervals.js';
import { tableRateRows, type Summary } from '../../sim/stats/summary.js';
import { metricName } from '../../sim/metric-names.js';

export interface TuneMetric {
  name: string;
  read(s: Summary): { value: number; interval: [number, number] };
  /** Set when the metric was named the old way (seat0.winRate for seats.0.winRate): one line saying the new name. */
  hint?: string;
}

/** A metric by its name in the one scheme (src/sim/metric-names.ts; the old names still work, with a hint). */
export function tuneMetric(written: string, players: number): TuneMetric {
  const { name: spec, hint } = metricName(written, '--target');
  const metric = namedMetric(spec, players);
  return hint ? { ...metric, hint } : metric;
}

function namedMetric(spec: string, players: number): TuneMetric {
  const seat = /^seats\.(\d+)\.winRate$/.exec(spec);
  if (seat) {
    const k = Number(seat[1]);
    if (k >= players) throw new Error(`seat ${k} does not exist in a ${players}-player game`);
    return { name: `seat ${k} win rate`, read: (s) => ({ value: s.seats[k]!.winRate, interval: s.seats[k]!.winRateCI }) };
  }
  const policy = /^policies\.(.+)\.winRate$/.exec(spec);
  if (policy) {
    const label = policy[1]!;
    return {
      name: `${label} win rate`,
      read: (s) => {
        // By label, or by policy name when one label has it (a tuned parameter changes the label).
        const byName = s.policies.filter((x) => x.policy === label);
        const p = s.policies.find((x) => x.label === label) ?? (byName.length === 1 ? byName[0] : undefined);
        if (!p) throw new Error(`no policy labelled ${JSON.stringify(label)} in this run (labels: ${s.policies.map((x) => x.label).join(', ')})`);
        return { value: p.winRate, interval: p.winRateCI };
      },
    };
  }
  if (spec === 'draws.rate') return { name: 'draw rate', read: (s) => ({ value: s.draws.rate, interval: s.draws.ci }) };
  if (spec === 'firstPlayer.winRate') return { name: 'first player win rate', read: (s) => ({ value: s.firstPlayer.winRate, interval: wilson(s.firstPlayer.wins, s.games) }) };
  if (spec === 'length.turns.mean')
    return {
      name: 'mean length (turns)',
      read: (s) => {
        const h = (Z95 * s.length.turns.sd) / Math.sqrt(s.games);
        return { value: s.length.turns.mean, interval: [s.length.turns.mean - h, s.length.turns.mean + h] };
      },
    };
  const rate = /^([A-Za-z]\w*)\.(.+)\.([A-Za-z]\w*)$/.exec(spec);
  if (rate) return tableRateMetric(rate[1]!, rate[2]!, rate[3]!);
  throw new Error(`unknown metric ${JSON.stringify(spec)}; expected seats.K.winRate, policies.LABEL.winRate, draws.rate, firstPlayer.winRate, length.turns.mean or TABLE.ROW.RATE (e.g. cards.Mudgrub.winRateWhenDrawn)`);
}

/**
 * A rate of one row of a game's metric table, e.g. `cards.Mudgrub.winRateWhenDrawn` (the card's
 * controller win rate, what `squabble weights` estimates) or `characters.Knight.winRate`, with
 * its interval taking the game as the unit (tableRateRows: a row may count several events per game).
 */
function tableRateMetric(table: string, row: string, rate: string): TuneMetric {
  return {
    name: `${row} ${rate}`,
    read: (s) => {
      const t = s.metrics.tables[table];
      if (!t) throw new Error(`no metric table ${JSON.stringify(table)} in this run (tables: ${Object.keys(s.metrics.tables).join(', ') || 'none'})`);
      const r = t.rates.find((x) => x.name === rate);
      if (!r) throw new Error(`table ${table} has no rate ${JSON.stringify(rate)} (rates: ${t.rates.map((x) => x.name).join(', ')})`);
      const values = t.rows[row];
      if (!values) throw new Error(`table ${table} has no row ${JSON.stringify(row)}`);
      const measured = tableRateRows({ ...t, rows: { [row]: values } }, r, s.games)[0];
      if (!measured) throw new Error(`${row} never counted for ${rate} in these games`);
      return { value: measured.rate, interval: measured.interval };
    },
  };
}

export interface Evaluation {
  value: number;
  metric: number;
  interval: [number, number];
}

export interface TuneResult {
  best: Evaluation;
  evaluations: Evaluation[];
  reason: string;
  neighbours: Evaluation[];
}

export async function tune(evaluate: (value: number) => Promise<Evaluation>, min: number, max: number, target: number, integer: boolean): Promise<TuneResult> {
  const seen = new Map<number, Evaluation>();
  const at = async (v: number) => {
    const key = integer ? Math.round(v) : v;
    if (!seen.has(key)) seen.set(key, await evaluate(key));
    return seen.get(key)!;
  };
  const contains = (e: Evaluation) => e.interval[0] <= target && target <= e.interval[1];
  const resolution = integer ? 1 : (max - min) / 1024;
  let lo = await at(min);
  let hi = await at(max);
  let reason: string;
  if (contains(lo) || contains(hi)) reason = 'an end of the range is consistent with the target';
  else if ((lo.metric - target) * (hi.metric - target) > 0) reason = `the target is outside what the range reaches (${lo.metric.toFixed(4)} to ${hi.metric.toFixed(4)}); the closer end is reported`;
  else {
    reason = `bracket narrowed to the resolution (${integer ? 1 : resolution.toPrecision(3)})`;
    while (hi.value - lo.value > resolution) {
      const mid = integer ? Math.floor((lo.value + hi.value) / 2) : (lo.value + hi.value) / 2;
      if (mid === lo.value || mid === hi.value) break;
      const m = await at(mid);
      if (contains(m)) {
        reason = `the 95% interval at ${mid} contains the target: settled at this many games`;
        break;
      }
      if ((m.metric - target) * (lo.metric - target) > 0) lo = m;
      else hi = m;
    }
    if (hi.value - lo.value <= resolution && !contains(lo) && !contains(hi))
      reason = `the metric jumps past the target between ${lo.value} and ${hi.value} (${lo.metric.toFixed(4)} to ${hi.metric.toFixed(4)}): no value in the range reaches it within the intervals`;
  }
  const evaluations = [...seen.values()].sort((a, b) => a.value - b.value);
  const best = evaluations.reduce((b, e) => (Math.abs(e.metric - target) < Math.abs(b.metric - target) ? e : b));
  const i = evaluations.indexOf(best);
  const neighbours = [evaluations[i - 1], evaluations[i + 1]].filter((e): e is Evaluation => e !== undefined);
  return { best, evaluations, reason, neighbours };
}
