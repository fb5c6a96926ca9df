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
import { chooseSteps, confirmGamesFor, gamesFor, poolDeviations, secantSlope, type Deviation } from './search.js';
import { betaOfStep, predictedChange, shrinkSlopes, type SlopeEstimate } from '../../analysis/stat-slopes.js';
import { editedPlan, measure, measurementCost, measurementStudy, statPaths, stepRange, withSeed, type Measurement } from './play.js';
import type { PathEdit } from './files.js';

export const STATE_FORMAT = 'squabble-fair-state/4';
export const PILOT_GAMES = 500;
/** Steps one row may take in one round (the slopes are local). */
export const MAX_STEP = 3;
/**
 * The search acts on rows beyond ACT of the band and aims them at AIM of it, on its own seeds, so
 * that on fresh seeds (the confirmation) a row's noise and the other rows' moves leave it inside.
 */
export const ACT = 0.75;
export const AIM = 0.35;
/**
 * The fine phase: each round on fresh seeds with FINE_FACTOR times the search's games (half its
 * standard error), a row's deviation pooled over every fine measurement of it as it stands, and
 * rows acted on beyond FINE_ACT of the band; at most FINE_ROUNDS rounds (or --rounds, if fewer;
 * and REPAIR_ROUNDS more after a confirmation that found a row outside).
 */
export const FINE_FACTOR = 4;
export const FINE_ACT = 0.5;
export const FINE_ROUNDS = 6;
/** A step is taken only when it is predicted to bring the row at least this share of the band nearer the fair line. */
export const MIN_GAIN = 0.15;
/** The confirmation is sized so a row at its pooled figure stays inside by Z_CONFIRM standard errors, with at most CONFIRM_MAX times the fine games. */
export const Z_CONFIRM = 2.5;
export const CONFIRM_MAX = 4;
/** Confirmations at most (the first, and repairs after one that found a row outside). */
export const MAX_CONFIRMATIONS = 3;
/** Fine rounds a repair may add. */
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
  /**
   * search: the study's seed and games (common random numbers from round to round); fine: fresh
   * seeds and FINE_FACTOR times the games; confirm: a confirmation that found a row outside the
   * band (its figures join the fine measurements, and the repair's steps are its steps).
   */
  phase: 'search' | 'fine' | 'confirm';
  seed: number | string;
  games: number;
  /** Every edit in force during this round's games (stat path → value). */
  edits: Record<string, number>;
  rates: (RowRate | null)[];
  fair: FairLine;
  /** The deviations the steps were chosen from: this round's own (search), pooled over the fine measurements of the row as it stands (fine, confirm). */
  devs: (Deviation | null)[];
  /** Slopes measured in this round (paired +1 tweaks), by `stat:subject`. */
  measuredSlopes: Record<string, SlopeEstimate>;
  /** The steps chosen after this round, by `stat:subject`. */
  steps: Record<string, number>;
  gamesPlayed: number;
}

export interface Confirmation {
  seed: string;
  games: number;
  edits: Record<string, number>;
  edited: (RowRate | null)[];
  fairEdited: FairLine;
  /** The original deck on the first `originalGames` of the same seeds (played once the edited deck is accepted). */
  original: (RowRate | null)[] | null;
  fairOriginal: FairLine | null;
  originalGames: number;
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
  /** Why the search phase stopped (null: it goes on). */
  stopped: string | null;
  /** Why the fine phase stopped (null: it goes on, once the search stopped). */
  fineStopped: string | null;
  /** Earlier confirmations that found rows outside the band (their figures are rounds of phase confirm). */
  rejected: { seed: string; outside: string[] }[];
  /** Fine rounds allowed beyond FINE_ROUNDS for the repairs. */
  extraRounds: number;
  confirm: Confirmation | null;
}

export function newState(base: Plan, subjects: string[], settings: FairSettings): FairState {
  return { format: STATE_FORMAT, scenarioHash: base.scenarioHash, seed: base.seed, settings, subjects, pilot: null, games: settings.games, rounds: [], slopes: {}, secants: {}, pooled: {}, stopped: null, fineStopped: null, rejected: [], extraRounds: 0, confirm: null };
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

export const gamesUsed = (s: FairState) => (s.pilot?.gamesPlayed ?? 0) + s.rounds.reduce((t, r) => t + r.gamesPlayed, 0) + (s.confirm?.gamesPlayed ?? 0);

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
 * steps; a row inside the band only when predicted to bring it MIN_GAIN of the band nearer (a
 * stat that hardly moves a row is left alone rather than edited for nothing). Wins are shared, so lifting
 * one row lowers the others: with n rows each edit closes (n − 1) / n of its row's gap and the
 * other rows' edits close the rest (half each in a two-character duel, where both sides are
 * edited at once; nearly all of it with a 70-card deck).
 */
function stepsFor(spec: StatSpec, state: FairState, rules: unknown, devs: readonly (Deviation | null)[], threshold: number): Record<string, number> {
  const { settings } = state;
  const rows = devs.filter((r) => r !== null).length;
  const share = rows > 1 ? (rows - 1) / rows : 1;
  const steps: Record<string, number> = {};
  state.subjects.forEach((subject, i) => {
    const r = devs[i];
    if (!r || Math.abs(r.d) <= threshold) return; // inside: left alone
    const options: { stat: WeightStat; steps: number; predicted: number }[] = [];
    for (const stat of settings.stats) {
      const paths = statPaths(spec, rules, subject, stat);
      if (!paths) continue;
      // A row's own slope below a third of the pooled one (a noisy tweak: +1 HP does not make a
      // card weaker) is taken as that third; its secant corrects it after a step.
      const own = state.secants[key(stat, subject)] ?? state.slopes[key(stat, subject)];
      const pooled = state.pooled[stat] ?? 0;
      const beta = own !== undefined && own > 0 ? Math.max(own, pooled / 3) : pooled;
      const at = standing(spec, rules, subject, stat)!;
      const c = chooseSteps(share * r.d, (k) => predictedChange(beta, at, k, scaleOf(stat)), { band: 0, aim: share * AIM * settings.band, ...stepRange(spec, paths), maxStep: MAX_STEP });
      // A row outside the band takes any step predicted to help; one inside it only a step worth taking.
      const gain = share * Math.abs(r.d) - Math.abs(c.predicted);
      if (c.steps !== 0 && (Math.abs(r.d) > settings.band || gain >= share * MIN_GAIN * settings.band)) options.push({ stat, ...c });
    }
    // The stat reaching the aim in the fewest steps; else the one predicted to get closest (ties: the order of --stat).
    const reaching = options.filter((c) => Math.abs(c.predicted) <= share * AIM * settings.band).sort((x, y) => Math.abs(x.steps) - Math.abs(y.steps));
    const best = reaching[0] ?? [...options].sort((x, y) => Math.abs(x.predicted) - Math.abs(y.predicted))[0];
    if (best) steps[key(best.stat, subject)] = best.steps;
  });
  return steps;
}

/** Which edits of a row are in force: its stat paths' values, as one comparable string. */
function rowEdits(namespace: string, subject: string, edits: Record<string, number>): string {
  const prefix = `${namespace}.${subject}.`;
  // The rest of a stat path is one field (hp, melee) or a die face (faces.3).
  return JSON.stringify(Object.entries(edits).filter(([p]) => p.startsWith(prefix) && /^[A-Za-z]+(\.\d+)?$/.test(p.slice(prefix.length))).sort());
}

/**
 * Each row's deviation pooled over the fine measurements (fine rounds and confirmations that found
 * a row outside) of the row as it stands now: the latest run of rounds with its edits unchanged.
 * Each is on fresh seeds, so the pool's noise falls as 1/√rounds, where the search's seeds keep
 * their luck from round to round. The other rows' edits since move it a little; that is ignored.
 */
function fineDeviations(spec: StatSpec, state: FairState): (Deviation | null)[] {
  const fine = state.rounds.filter((r) => r.phase !== 'search');
  const last = fine.at(-1);
  if (!last) return state.subjects.map(() => null);
  return state.subjects.map((subject, i) => {
    const now = rowEdits(spec.namespace, subject, last.edits);
    const list: { d: number; se: number }[] = [];
    for (let k = fine.length - 1; k >= 0 && rowEdits(spec.namespace, subject, fine[k]!.edits) === now; k--) {
      const r = fine[k]!.rates[i];
      if (r) list.push({ d: r.rate - fine[k]!.fair.value, se: r.se });
    }
    return poolDeviations(list);
  });
}

const ownDeviations = (rates: readonly (RowRate | null)[], fair: number): (Deviation | null)[] => rates.map((r) => (r ? { d: r.rate - fair, se: r.se, n: 1 } : null));

/** The edits of the next round: the last round's, with the steps chosen after it applied. */
function nextEdits(spec: StatSpec, base: Plan, prev: RoundRecord | undefined): Record<string, number> {
  const edits: Record<string, number> = { ...(prev?.edits ?? {}) };
  if (!prev) return edits;
  const plan = editedPlan(base, prev.edits);
  for (const [k, steps] of Object.entries(prev.steps)) {
    const { stat, subject } = split(k);
    for (const p of statPaths(spec, plan.rules, subject, stat) ?? []) edits[p.path] = p.value + steps;
  }
  return edits;
}

/** After a round that follows steps: each stepped row's own move (its secant) from the deviation the step was chosen from to this round's. */
function updateSecants(spec: StatSpec, base: Plan, state: FairState, prev: RoundRecord, m: Measurement): void {
  const before = editedPlan(base, prev.edits);
  for (const [k, steps] of Object.entries(prev.steps)) {
    const { stat, subject } = split(k);
    const i = state.subjects.indexOf(subject);
    const [a, b] = [prev.devs[i], m.rates[i]];
    const at = standing(spec, before.rules, subject, stat);
    if (a && b && at !== null) state.secants[k] = secantSlope(state.secants[k] ?? state.slopes[k] ?? state.pooled[stat] ?? 0, b.rate - m.line.value - a.d, predictedChange(1, at, steps, scaleOf(stat)), Math.hypot(a.se, b.se));
  }
}

const outsideOf = (devs: readonly (Deviation | null)[], limit: number) => devs.filter((r) => r && Math.abs(r.d) > limit).length;

/** Run (or resume) the search, the fine phase and the confirmation; the state is saved after every step. */
export async function runFair(base: Plan, spec: StatSpec, state: FairState, h: Hooks): Promise<FairState> {
  const { settings } = state;
  const subjects = state.subjects;
  const stat0 = settings.stats[0]!;
  const band = settings.band;
  if (!state.pilot) {
    const m = await play(withSeed(base, base.seed, PILOT_GAMES), stat0, [], `pilot (sizing the games)`, h);
    state.pilot = { games: PILOT_GAMES, rates: m.rates.map(rowRate), gamesPlayed: m.gamesPlayed };
    state.games ??= gamesFor(PILOT_GAMES, m.rates.map((r) => r?.se ?? NaN), band / 2, { min: 1000, max: 20000 });
    h.save(state);
  }
  const games = state.games!;
  const fineGames = FINE_FACTOR * games;
  // Kept for the confirmation: the edited deck at its most, and the original beside it.
  const confirmCost = (CONFIRM_MAX + 1) * fineGames;
  const left = () => settings.budget - gamesUsed(state) - confirmCost;
  const budgetNote = `budget: another round would leave too few of the ${settings.budget.toLocaleString('en-US')} games for the confirmation`;
  for (;;) {
    // The search: the study's seed, common random numbers from round to round, paired tweaks for slopes.
    while (!state.stopped) {
      const prev = state.rounds.at(-1);
      const edits = nextEdits(spec, base, prev);
      const plan = withSeed(editedPlan(base, edits), base.seed, games);
      if (left() < games) {
        state.stopped = budgetNote;
        break;
      }
      const m = await play(plan, stat0, [], `round ${state.rounds.length + 1}: the deck`, h);
      let played = m.gamesPlayed;
      // Rows outside the band with no slope yet get a paired +1 tweak of each stat, on fewer games
      // than the measurement: the slopes are pooled, so each needs less precision than a rate.
      const loose = subjects.filter((_, i) => m.rates[i] && Math.abs(m.rates[i]!.rate - m.line.value) > ACT * band);
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
      if (prev) updateSecants(spec, base, state, prev, m);
      const devs = ownDeviations(m.rates, m.line.value);
      const round: RoundRecord = { phase: 'search', seed: base.seed, games, edits, rates: m.rates.map(rowRate), fair: m.line, devs, measuredSlopes, steps: stepsFor(spec, state, plan.rules, devs, ACT * band), gamesPlayed: played };
      state.rounds.push(round);
      const beyond = outsideOf(devs, ACT * band);
      // Rows between ¾ of the band and its edge are stepped, and the fine phase, with four times the games, takes over.
      if (outsideOf(devs, band) === 0) state.stopped = `every row within the band on the search's seeds (${beyond} beyond ${ACT * 100}% of it, stepped)`;
      else if (Object.keys(round.steps).length === 0) state.stopped = `${beyond} rows beyond ${ACT * 100}% of the band, and no legal step is predicted to help`;
      else if (state.rounds.length >= settings.maxRounds) state.stopped = `--rounds: ${settings.maxRounds} rounds played, ${outsideOf(devs, band)} rows still outside the band on the search's seeds`;
      h.save(state);
    }
    // The fine phase: fresh seeds each round, four times the games, each row's figure pooled over its fine measurements.
    while (!state.fineStopped) {
      const done = state.rounds.filter((r) => r.phase === 'fine').length;
      if (done >= Math.min(FINE_ROUNDS, settings.maxRounds) + state.extraRounds) {
        state.fineStopped = `${done} fine rounds played`;
        break;
      }
      if (left() < fineGames) {
        state.fineStopped = budgetNote;
        break;
      }
      const prev = state.rounds.at(-1);
      const edits = nextEdits(spec, base, prev);
      const seed = `${String(base.seed)}:fair-fine-${done + 1}`;
      const plan = withSeed(editedPlan(base, edits), seed, fineGames);
      const m = await play(plan, stat0, [], `fine round ${done + 1}: the deck on fresh seeds (${seed})`, h);
      if (prev) updateSecants(spec, base, state, prev, m);
      const round: RoundRecord = { phase: 'fine', seed, games: fineGames, edits, rates: m.rates.map(rowRate), fair: m.line, devs: [], measuredSlopes: {}, steps: {}, gamesPlayed: m.gamesPlayed };
      state.rounds.push(round);
      round.devs = fineDeviations(spec, state);
      round.steps = stepsFor(spec, state, plan.rules, round.devs, FINE_ACT * band);
      if (Object.keys(round.steps).length === 0) state.fineStopped = `every row within ${FINE_ACT * 100}% of the band (pooled over its fine rounds), or no legal step predicted to bring it nearer`;
      h.save(state);
    }
    if (!state.confirm) {
      // The last measured edits (steps chosen after the last round are not played unconfirmed),
      // on fresh seeds, sized by how near the band's edges the rows stand.
      const last = state.rounds.at(-1);
      const edits = last?.edits ?? {};
      const seed = `${String(base.seed)}:fair-confirm${state.rejected.length ? `-${state.rejected.length + 1}` : ''}`;
      const known = last?.phase === 'search' ? games : fineGames;
      const need = confirmGamesFor(subjects.map((_, i) => (last?.devs[i] && last.rates[i] ? { d: last.devs[i]!.d, sePooled: last.devs[i]!.se, seAt: last.rates[i]!.se } : null)), band, known, { z: Z_CONFIRM, most: CONFIRM_MAX * known });
      const n = Math.max(known, Math.min(need, settings.budget - gamesUsed(state) - known));
      const edited = await play(withSeed(editedPlan(base, edits), seed, n), stat0, [], `confirmation: the edited deck on fresh seeds (${seed})`, h);
      state.confirm = { seed, games: n, edits, edited: edited.rates.map(rowRate), fairEdited: edited.line, original: null, fairOriginal: null, originalGames: known, gamesPlayed: edited.gamesPlayed };
      h.save(state);
    }
    const c = state.confirm;
    if (!c.original) {
      // A row outside the band on the fresh seeds: its figure joins the fine measurements, the rows
      // are stepped from the pooled figures, and the fine phase goes on; then new fresh seeds. Only
      // when a row outside can be stepped (confirming the same deck again would only re-roll it).
      const outside = subjects.filter((_, i) => verdictOf(c.edited[i] ?? null, c.fairEdited.value, band) === 'outside');
      if (outside.length && state.rejected.length + 1 < MAX_CONFIRMATIONS && left() >= 2 * fineGames) {
        const round: RoundRecord = { phase: 'confirm', seed: c.seed, games: c.games, edits: c.edits, rates: c.edited, fair: c.fairEdited, devs: [], measuredSlopes: {}, steps: {}, gamesPlayed: c.gamesPlayed };
        state.rounds.push(round);
        round.devs = fineDeviations(spec, state);
        round.steps = stepsFor(spec, state, editedPlan(base, c.edits).rules, round.devs, FINE_ACT * band);
        if (outside.some((x) => Object.keys(round.steps).some((k) => split(k).subject === x))) {
          state.rejected.push({ seed: c.seed, outside });
          state.confirm = null;
          state.fineStopped = null;
          state.extraRounds += REPAIR_ROUNDS;
          h.save(state);
          continue;
        }
        state.rounds.pop();
      }
      const original = await play(withSeed(base, c.seed, c.originalGames), stat0, [], `confirmation: the original deck on the same seeds (the first ${c.originalGames.toLocaleString('en-US')})`, h);
      c.original = original.rates.map(rowRate);
      c.fairOriginal = original.line;
      c.gamesPlayed += original.gamesPlayed;
      h.save(state);
    }
    break;
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
