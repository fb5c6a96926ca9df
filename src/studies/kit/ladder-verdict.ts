/**
 * The skill ladder's verdict on a scenario's content (`squabble ladder`, src/studies/ladder/):
 * each consecutive pair of the game's levels, whether the higher one beats the lower there. It
 * is kept in `ladder.json` of the scenario's results folder (results/<name>/ by default), keyed
 * by the content hash (the game, player count and resolved rules: the deck, roster, layout or
 * board, and any variant; not the seats, seed or game count), so `run`, `compare` and `weights`
 * of the same content find it and warn when a step does not hold there, and an edited content
 * finds none. The file holds one verdict per content measured; squabble never writes over a
 * ladder.json it did not write.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashOf } from '../../sim/scenario/load.js';
import type { Plan } from '../../sim/scenario/types.js';
import { writeAtomic } from '../../runner/results.js';
import { LADDER_FILE } from '../../runner/outdir.js';
import { CliError } from './io.js';

export const LADDER_FORMAT = 'squabble-ladder/1';

/** One step: `upper` against `lower`, seats rotating, on the scenario's rules. */
export interface LadderStepVerdict {
  upper: string;
  lower: string;
  games: number;
  /** Games won by each level, drawn, and stopped by the turn cap (left out of the score). */
  upperWins: number;
  lowerWins: number;
  draws: number;
  capped: number;
  /** The upper level's score (draws half, capped games left out; wins per seat it held), and its 95% Wilson interval. */
  score: number;
  interval: [number, number];
  /** The interval lies above 50%. */
  holds: boolean;
}

export interface LadderVerdict {
  contentHash: string;
  scenario: string;
  name: string;
  game: string;
  players: number;
  variant: string | null;
  seed: number | string;
  gamesPerStep: number;
  measuredAt: string;
  version: string;
  steps: LadderStepVerdict[];
}

interface LadderFile {
  format: typeof LADDER_FORMAT;
  verdicts: Record<string, LadderVerdict>;
}

/** What decides the content the bots play on: game, players and resolved rules (not seats, seed or games). */
export function contentHash(plan: Pick<Plan, 'game' | 'players' | 'rules'>): string {
  return hashOf({ game: plan.game, players: plan.players, rules: plan.rules });
}

/** The results folder a scenario's ladder verdict goes to by default (the run's own). */
export function defaultLadderDir(plan: Pick<Plan, 'name'>): string {
  return join('results', plan.name);
}

function readLadderFile(dir: string): LadderFile | null {
  const path = join(dir, LADDER_FILE);
  if (!existsSync(path)) return null;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new CliError(`${path}: not a ladder file squabble wrote (not JSON); move it away or choose another --out`);
  }
  const d = data as Partial<LadderFile> | null;
  if (!d || d.format !== LADDER_FORMAT || typeof d.verdicts !== 'object' || d.verdicts === null)
    throw new CliError(`${path}: format: expected "${LADDER_FORMAT}" (a ladder file squabble wrote); move it away or choose another --out`);
  return d as LadderFile;
}

/** Refuse a `ladder.json` in `dir` that squabble did not write (before any game is played). */
export function checkLadderFile(dir: string): void {
  readLadderFile(dir);
}

/** Add (or replace) the verdict for its content in `dir`/ladder.json; other contents' verdicts stay. */
export function saveLadderVerdict(dir: string, verdict: LadderVerdict): void {
  const file = readLadderFile(dir) ?? { format: LADDER_FORMAT, verdicts: {} };
  file.verdicts[verdict.contentHash] = verdict;
  writeAtomic(join(dir, LADDER_FILE), `${JSON.stringify(file, null, 2)}\n`);
}

/** The verdict for the plan's content in the first of `dirs` that holds one; null if none does (or a file is unreadable). */
export function findLadderVerdict(plan: Pick<Plan, 'game' | 'players' | 'rules'>, dirs: readonly string[]): LadderVerdict | null {
  const hash = contentHash(plan);
  for (const dir of dirs) {
    let file: LadderFile | null;
    try {
      file = readLadderFile(dir);
    } catch {
      continue; // not ours: it says nothing about the bots
    }
    const verdict = file?.verdicts[hash];
    if (verdict) return verdict;
  }
  return null;
}

/** The level as the warning names it: "the expert", else the level's name. */
const levelNoun = (name: string) => (name === 'expert' ? 'the expert' : name);

/** The warning for a step that does not hold. */
export function stepWarning(step: Pick<LadderStepVerdict, 'upper' | 'lower'>): string {
  return `on this content ${levelNoun(step.upper)} does not beat ${step.lower}: figures may describe the bots`;
}

/** One warning per step that did not hold, with its score (as in the verdict). */
export function ladderWarnings(verdict: LadderVerdict | null): string[] {
  if (!verdict) return [];
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return verdict.steps
    .filter((s) => !s.holds)
    .map((s) => `warning: ${stepWarning(s)} (squabble ladder: ${s.upper} scored ${pct(s.score)} [${pct(s.interval[0])}, ${pct(s.interval[1])}] against ${s.lower} over ${s.games.toLocaleString('en-US')} games)`);
}

/** The warnings for a plan's content, from its results folder and the default one (`dirs` first). */
export function warningsFor(plan: Pick<Plan, 'game' | 'players' | 'rules' | 'name'>, dirs: readonly string[] = []): string[] {
  return ladderWarnings(findLadderVerdict(plan, [...dirs, defaultLadderDir(plan)]));
}

/**
 * The warnings for several plans of one study (compare's two variants): each plan's own, named
 * by its label when the plans' contents differ, once when they are the same content.
 */
export function warningsForPlans(plans: readonly { label: string; plan: Pick<Plan, 'game' | 'players' | 'rules' | 'name'> }[], dirs: readonly string[] = []): string[] {
  const seen = new Set<string>();
  const distinct = new Set(plans.map((p) => contentHash(p.plan))).size > 1;
  const out: string[] = [];
  for (const { label, plan } of plans) {
    const hash = contentHash(plan);
    if (seen.has(hash)) continue;
    seen.add(hash);
    for (const w of warningsFor(plan, dirs)) out.push(distinct ? w.replace(/^warning: /, `warning (${label}): `) : w);
  }
  return out;
}
