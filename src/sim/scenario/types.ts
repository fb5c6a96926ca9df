/** A scenario file after validation: everything a run needs, with every default filled in. */
import type { AnyGameModule, PolicySpec } from '../types.js';
import type { Assertion } from './expect.js';

export interface SeatPlan {
  policy: string;
  /** Policy parameters with defaults filled in. */
  params: Record<string, unknown>;
  /** Name for reports: the policy, plus any parameters that differ from the defaults. */
  label: string;
}

export type Seating = 'fixed' | 'rotate';

export interface Plan {
  /** Index of this cell of the scenario's sweep (0 without a sweep). */
  cell: number;
  /** The swept fields' values in this cell, or null without a sweep. */
  cellValues: Record<string, unknown> | null;
  /** The scenario file as given on the command line. */
  file: string;
  name: string;
  description: string;
  game: string;
  /** The game's rules with defaults filled in and the chosen variant applied. */
  rules: Record<string, unknown>;
  /** The named variant applied on top of `rules`, if any. */
  variant: string | null;
  players: number;
  /** Seat configurations. With seating "rotate", configuration c plays seat (c + game) mod players. */
  seats: SeatPlan[];
  /** Distinct labels; seatLabel[c] indexes it for configuration c. */
  labels: string[];
  seatLabel: number[];
  seating: Seating;
  games: number;
  /** The seed as written (number or string) and the 32-bit master seed it stands for. */
  seed: number | string;
  masterSeed: number;
  /**
   * Hash of everything that decides how a game plays (game, rules, seats, seating): with the
   * master seed, cell and game index it determines every game (the determinism contract).
   */
  scenarioHash: string;
  /**
   * Keep each game's outcome and length one by one (the balance gate's paired test; memory
   * grows with the game count, so only `baseline` and `check` set it). Decides nothing about play.
   */
  recordGames?: boolean;
  /**
   * The scenario's `entrants` (for `squabble tournament`), resolved like seats; absent when it
   * names none. Not part of the hash: a run plays `seats`.
   */
  entrants?: SeatPlan[];
  /** The scenario's design assertions (`expect:`), judged on every run; not part of the hash. */
  expect?: Assertion[];
  /**
   * The scenario's `compareLevels`: skill levels under which `run` rates the tables again, every
   * seat at the level (levelPlan in load.ts). Not part of the hash: the scenario's own games
   * play `seats`.
   */
  compareLevels?: CompareLevel[];
}

/** A skill level named in `compareLevels`, and the seat it resolves to. */
export interface CompareLevel {
  level: string;
  seat: SeatPlan;
}

/** What the loader needs to know about games and policies (injected: src/sim never names a game). */
export interface Registry {
  readonly games: Readonly<Record<string, AnyGameModule>>;
  /** Policies usable in this game: its own and the generic ones. */
  policiesFor(game: AnyGameModule): Readonly<Record<string, PolicySpec>>;
}

/** Command-line overrides of scenario fields. */
export interface PlanOverrides {
  games?: number;
  seed?: number | string;
  variant?: string;
  /**
   * Folders, besides the scenario's own, that data files (decks, rosters, layouts) may be read
   * from: the command line passes SQUABBLE_DATA_ROOTS here. A scenario file cannot set it.
   */
  dataRoots?: string[];
}
