/**
 * The `squabble fair` search (docs/fair.md): a pilot sizes the games, then rounds of
 * measure-the-whole-deck → edit-the-rows-outside-the-band, each round checkpointed in
 * fair-state.json so an interrupted study resumes where it stopped, then a confirmation of the
 * edited deck and the original on the same fresh seeds. The arithmetic is search.ts; what is
 * played, play.ts.
 */
import type { Plan } from '../../sim/scenario/types.js';
import type { StatSpec, WeightStat } from '../../sim/types.js';
import type { BaseRate } from '../../analysis/paired-rates.js';
import type { FairLine } from '../../analysis/fair-line.js';
import { betaOfStep, chooseSteps, gamesFor, predictedChange, secantSlope, shrinkSlopes, type SlopeEstimate } from './search.js';
import { editedPlan, measure, measurementCost, measurementStudy, statPaths, stepRange, withSeed, type Measurement } from './play.js';
import type { PathEdit } from './files.js';

export const STATE_FORMAT = 'squabble-fair-state/3';
export const PILOT_GAMES = 500;
/** Steps one row may take in one round (the slopes are local). */
export const MAX_STEP = 3;
/**
 * The search acts on rows beyond ACT of the band and aims them at AIM of it, on its own seeds, so
 * that on fresh seeds (the confirmation) a row's noise and the other rows' moves leave it inside.
 */
export const ACT = 0.75;
export const AIM = 0.35;
/** Confirmations at most (the first, and repairs after one that found a row outside). */
export const MAX_CONFIRMATIONS = 3;
/** Search rounds a repair may add. */
export const REPAIR_ROUNDS = 3;
/** Paired games per +1 tweak (at most the measurement's games). */
export const TWEAK_GAMES = 1500;

export interface FairSettings {
  stats: WeightStat[];
  /** Half-width of the band around the fair line, as a proportion (0.04 = ±4 points). */
  band: number;
  /** Most games the whole study may play (pilot, rounds and confirmation). */
  budget: number;
  maxRounds: number;
  /** Games per measurement; null: sized from the pilot. */
  games: number | null;
}

export interface RowRate {
  rate: number;
  se: number;
  held: number;
}

export interface RoundRecord {
  /** Every edit in force during this round's games (stat path → value). */
  edits: Record<string, number>;
  rates: (RowRate | null)[];
  fair: FairLine;
  /** Slopes measured in this round (paired +1 tweaks), by `stat:subject`. */
  measuredSlopes: Record<string, SlopeEstimate>;
  /** The steps chosen after this round, by `stat:subject`. */
  steps: Record<string, number>;
  gamesPlayed: number;
}

export interface FairState {
  format: typeof STATE_FORMAT;
  scenarioHash: string;
  seed: number | string;
  settings: FairSettings;
  subjects: string[];
  pilot: { games: number; rates: (RowRate | null)[]; gamesPlayed: number } | null;
  games: number | null;
  rounds: RoundRecord[];
  /** Scale-free slope β per `stat:subject` from the paired tweaks, shrunk (search.ts: predictedChange). */
  slopes: Record<string, number>;
  /** β per `stat:subject` from the rows' own moves after an edit (secants), preferred to `slopes`. */
  secants: Record<string, number>;
  /** The pooled slope per stat, for rows never tweaked. */
  pooled: Record<string, number>;
  stopped: string | null;
  /** Earlier confirmations that found a row outside the band (repaired, then searched again). */
  rejected: NonNullable<FairState['confirm']>[];
  /** Rounds allowed beyond --rounds for the repairs. */
  extraRounds: number;
  confirm: { seed: string; games: number; edited: (RowRate | null)[]; original: (RowRate | null)[]; fairEdited: FairLine; fairOriginal: FairLine; gamesPlayed: number } | null;
}

export function newState(base: Plan, subjects: string[], settings: FairSettings): FairState {
  return { format: STATE_FORMAT, scenarioHash: base.scenarioHash, seed: base.seed, settings, subjects, pilot: null, games: settings.games, rounds: [], slopes: {}, secants: {}, pooled: {}, stopped: null, rejected: [], extraRounds: 0, confirm: null };
}

/** Why a saved state cannot be resumed by this study (null: it can). */
export function resumeProblem(s: unknown, base: Plan, settings: FairSettings): string | null {
  const st = s as Partial<FairState>;
  if (st.format !== STATE_FORMAT) return `it is not a ${STATE_FORMAT} file`;
  if (st.scenarioHash !== base.scenarioHash) return 'the scenario changed since';
  if (String(st.seed) !== String(base.seed)) return 'the seed differs';
  if (JSON.stringify(st.settings) !== JSON.stringify(settings)) return 'the options (--stat, --band, --budget, --rounds, --games) differ';
  return null;
}

export const gamesUsed = (s: FairState) => (s.pilot?.gamesPlayed ?? 0) + s.rounds.reduce((t, r) => t + r.gamesPlayed, 0) + s.rejected.reduce((t, r) => t + r.gamesPlayed, 0) + (s.confirm?.gamesPlayed ?? 0);

const rowRate = (r: BaseRate | null): RowRate | null => (r ? { rate: r.rate, se: r.se, held: r.held } : null);
const key = (stat: WeightStat, subject: string) => `${stat}:${subject}`;
const split = (k: string) => ({ stat: k.slice(0, k.indexOf(':')) as WeightStat, subject: k.slice(k.indexOf(':') + 1) });
/** HP acts on a log scale, damage linearly (search.ts). */
const scaleOf = (stat: WeightStat) => (stat === 'hp' ? 'log' : 'linear');
/** Where a stat stands for a subject: HP, or the mean of the faces a damage step moves. */
function standing(spec: StatSpec, rules: unknown, subject: string, stat: WeightStat): number | null {
  const paths = statPaths(spec, rules, subject, stat);
  return paths ? paths.reduce((t, p) => t + p.value, 0) / paths.length : null;
}

export interface Hooks {
  workers: number;
  signal: AbortSignal;
  /** Called before each measurement with what it is and its games; returns the progress callback. */
  starting(what: string, games: number): (done: number) => void;
  finished(): void;
  save(state: FairState): void;
}

async function play(plan: Plan, stat: WeightStat, tweaked: string[], what: string, h: Hooks): Promise<Measurement> {
  const study = measurementStudy(plan, stat, tweaked);
  const onProgress = h.starting(what, measurementCost(study, plan.games));
  try {
    return await measure(study, { workers: h.workers, signal: h.signal, onProgress });
  } finally {
    h.finished();
  }
}

/** The edits of a state as path edits against the original rules. */
export function pathEdits(spec: StatSpec, base: Plan, edits: Record<string, number>): PathEdit[] {
  return Object.entries(edits)
    .map(([path, to]) => {
      const subject = path.slice(spec.namespace.length + 1).replace(/\.(hp|faces\.\d)$/, '');
      return { path, subject, from: Number(spec.read(base.rules, path)), to };
    })
    .filter((e) => e.from !== e.to)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Steps for the rows beyond `threshold` of the fair line: per row the stat needing the fewest
 * steps. Wins are shared, so lifting one row lowers the others: with n rows each edit closes
 * (n − 1) / n of its row's gap and the other rows' edits close the rest (half each in a
 * two-character duel, where both sides are edited at once; nearly all of it with a 70-card deck).
 */
function stepsFor(spec: StatSpec, state: FairState, rules: unknown, rates: readonly (RowRate | null)[], fair: number, threshold: number): Record<string, number> {
  const { settings } = state;
  const rows = rates.filter((r) => r !== null).length;
  const share = rows > 1 ? (rows - 1) / rows : 1;
  const steps: Record<string, number> = {};
  state.subjects.forEach((subject, i) => {
    const r = rates[i];
    if (!r || Math.abs(r.rate - fair) <= threshold) return; // inside: left alone
    const options: { stat: WeightStat; steps: number; predicted: number }[] = [];
    for (const stat of settings.stats) {
      const paths = statPaths(spec, rules, subject, stat);
      if (!paths) continue;
      const beta = state.secants[key(stat, subject)] ?? state.slopes[key(stat, subject)] ?? state.pooled[stat] ?? 0;
      const at = standing(spec, rules, subject, stat)!;
      const c = chooseSteps(share * (r.rate - fair), (k) => predictedChange(beta, at, k, scaleOf(stat)), { band: 0, aim: share * AIM * settings.band, ...stepRange(spec, paths), maxStep: MAX_STEP });
      if (c.steps !== 0) options.push({ stat, ...c });
    }
    // The stat reaching the aim in the fewest steps; else the one predicted to get closest (ties: the order of --stat).
    const reaching = options.filter((c) => Math.abs(c.predicted) <= share * AIM * settings.band).sort((x, y) => Math.abs(x.steps) - Math.abs(y.steps));
    const best = reaching[0] ?? [...options].sort((x, y) => Math.abs(x.predicted) - Math.abs(y.predicted))[0];
    if (best) steps[key(best.stat, subject)] = best.steps;
  });
  return steps;
}

/** Run (or resume) the search and the confirmation; the state is saved after every step. */
export async function runFair(base: Plan, spec: StatSpec, state: FairState, h: Hooks): Promise<FairState> {
  const { settings } = state;
  const subjects = state.subjects;
  const stat0 = settings.stats[0]!;
  const confirmSeed = () => `${String(base.seed)}:fair-confirm${state.rejected.length ? `-${state.rejected.length + 1}` : ''}`;
  if (!state.pilot) {
    const m = await play(withSeed(base, base.seed, PILOT_GAMES), stat0, [], `pilot (sizing the games)`, h);
    state.pilot = { games: PILOT_GAMES, rates: m.rates.map(rowRate), gamesPlayed: m.gamesPlayed };
    state.games ??= gamesFor(PILOT_GAMES, m.rates.map((r) => r?.se ?? NaN), settings.band / 2, { min: 1000, max: 20000 });
    h.save(state);
  }
  const games = state.games!;
  const confirmCost = 2 * games;
  const left = () => settings.budget - gamesUsed(state) - confirmCost;
  for (;;) {
    while (!state.stopped && state.rounds.length < settings.maxRounds + state.extraRounds) {
      const prev = state.rounds.at(-1);
      const edits: Record<string, number> = { ...(prev?.edits ?? {}) };
      // Apply the steps chosen after the previous round.
      if (prev) {
        const plan = editedPlan(base, prev.edits);
        for (const [k, steps] of Object.entries(prev.steps)) {
          const { stat, subject } = split(k);
          for (const p of statPaths(spec, plan.rules, subject, stat) ?? []) edits[p.path] = p.value + steps;
        }
      }
      const plan = withSeed(editedPlan(base, edits), base.seed, games);
      if (left() < games) {
        state.stopped = `budget: another round would leave too few of the ${settings.budget.toLocaleString('en-US')} games for the confirmation`;
        break;
      }
      const m = await play(plan, stat0, [], `round ${state.rounds.length + 1}: the deck`, h);
      let played = m.gamesPlayed;
      // Rows outside the band with no slope yet get a paired +1 tweak of each stat, on fewer games
      // than the measurement: the slopes are pooled, so each needs less precision than a rate.
      const loose = subjects.filter((_, i) => m.rates[i] && Math.abs(m.rates[i]!.rate - m.line.value) > ACT * settings.band);
      const tweakGames = Math.min(games, TWEAK_GAMES);
      const measuredSlopes: Record<string, SlopeEstimate> = {};
      for (const stat of settings.stats) {
        const tweaked = loose.filter((x) => state.slopes[key(stat, x)] === undefined);
        if (tweaked.length === 0 || tweakGames * (1 + tweaked.length) > left() - played) continue; // the pooled slope will do
        const r = await play(withSeed(plan, base.seed, tweakGames), stat, tweaked, `round ${state.rounds.length + 1}: ${tweaked.length} paired +1 ${stat} tweaks`, h);
        played += r.gamesPlayed;
        for (const e of r.slopes) {
          const at = standing(spec, plan.rules, e.subject, stat) ?? 1;
          const scale = betaOfStep(1, at, scaleOf(stat));
          measuredSlopes[key(stat, e.subject)] = { subject: e.subject, effect: e.effect * scale, se: e.se * scale };
        }
      }
      // Slopes: every paired estimate so far, shrunk per stat; then the secants of last round's steps.
      for (const stat of settings.stats) {
        const all: SlopeEstimate[] = [];
        for (const r of [...state.rounds.map((x) => x.measuredSlopes), measuredSlopes]) for (const [k, s] of Object.entries(r)) if (k.startsWith(`${stat}:`)) all.push(s);
        const { pooled, slopes } = shrinkSlopes(all);
        state.pooled[stat] = pooled;
        for (const [subject, v] of slopes) state.slopes[key(stat, subject)] = v;
      }
      if (prev) {
        const before = editedPlan(base, prev.edits);
        for (const [k, steps] of Object.entries(prev.steps)) {
          const { stat, subject } = split(k);
          const i = subjects.indexOf(subject);
          const [a, b] = [prev.rates[i], m.rates[i]];
          const at = standing(spec, before.rules, subject, stat);
          if (a && b && at !== null) state.secants[k] = secantSlope(state.secants[k] ?? state.slopes[k] ?? state.pooled[stat] ?? 0, b.rate - a.rate, predictedChange(1, at, steps, scaleOf(stat)), Math.hypot(a.se, b.se));
        }
      }
      const round: RoundRecord = { edits, rates: m.rates.map(rowRate), fair: m.line, measuredSlopes, steps: {}, gamesPlayed: played };
      const fair = m.line.value;
      round.steps = stepsFor(spec, state, plan.rules, round.rates, fair, ACT * settings.band);
      state.rounds.push(round);
      const outside = round.rates.filter((r) => r && Math.abs(r.rate - fair) > ACT * settings.band).length;
      if (outside === 0) state.stopped = `every row within ${ACT * 100}% of the band on the search's seeds`;
      else if (Object.keys(round.steps).length === 0) state.stopped = `${outside} rows beyond ${ACT * 100}% of the band, and no legal step is predicted to help`;
      else if (state.rounds.length >= settings.maxRounds + state.extraRounds) state.stopped = `--rounds: ${settings.maxRounds} rounds played, ${outside} rows still beyond ${ACT * 100}% of the band on the search's seeds`;
      h.save(state);
    }
    if (!state.confirm) {
      // The search's last measured edits (the steps chosen after a round that was the last are not played unconfirmed).
      const last = state.rounds.at(-1);
      const edits = last?.edits ?? {};
      const seed = confirmSeed();
      const edited = await play(withSeed(editedPlan(base, edits), seed, games), stat0, [], `confirmation: the edited deck on fresh seeds (${seed})`, h);
      const original = await play(withSeed(base, seed, games), stat0, [], 'confirmation: the original deck on the same seeds', h);
      state.confirm = { seed, games, edited: edited.rates.map(rowRate), original: original.rates.map(rowRate), fairEdited: edited.line, fairOriginal: original.line, gamesPlayed: edited.gamesPlayed + original.gamesPlayed };
      h.save(state);
    }
    // A row outside the band on the fresh seeds (its search-seed figure was inside by noise, or the
    // others' edits moved it): repair it from these figures and search again, then confirm on new
    // fresh seeds; at most MAX_CONFIRMATIONS confirmations, and only within the budget.
    const c = state.confirm;
    const last = state.rounds.at(-1);
    if (!last || state.rejected.length + 1 >= MAX_CONFIRMATIONS || settings.budget - gamesUsed(state) < 2 * games + confirmCost) break;
    const repair = stepsFor(spec, state, editedPlan(base, last.edits).rules, c.edited, c.fairEdited.value, settings.band);
    if (Object.keys(repair).length === 0) break;
    last.steps = repair;
    state.rejected.push(c);
    state.confirm = null;
    state.stopped = null;
    state.extraRounds += REPAIR_ROUNDS;
    h.save(state);
  }
  return state;
}

export type RowVerdict = 'inside' | 'edge' | 'outside';

/** Inside: the 95% interval lies within the band; edge: the estimate does but the interval crosses it; outside: the estimate is outside. */
export function verdictOf(r: RowRate | null, fair: number, band: number): RowVerdict | null {
  if (!r) return null;
  const lo = r.rate - 1.96 * r.se - fair;
  const hi = r.rate + 1.96 * r.se - fair;
  if (Math.abs(r.rate - fair) > band) return 'outside';
  return lo >= -band && hi <= band ? 'inside' : 'edge';
}
