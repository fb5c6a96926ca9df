/**
 * The scenario file's own fields as a zod schema (game, seats, games, seed, sweep, expect, ...),
 * and the caps that keep a typo from starting a run that never ends. Stage 1 of validation
 * (load.ts); `rules`, `variants` and seat params are checked per game afterwards. The JSON Schema
 * in scenarios/schema.json is generated from it (json-schema.ts).
 */
import { z } from 'zod';
import { tuneBlockSchema } from './tune-block.js';
import { epsilonValue } from '../strength.js';
import { isSafeFieldPath } from './field-path.js';

/**
 * Caps that keep a typo from starting a run that never ends or fills memory (docs/reliability.md
 * lists these and the per-game caps in each game's params.ts).
 */
export const LIMITS = {
  /** Largest scenario or data file (deck, decklist, roster, layout), in bytes. */
  fileBytes: 1_000_000,
  games: 10_000_000_000,
  yamlAliases: 100,
  /** Deepest nesting of lists and mappings a scenario or data file may have. */
  depth: 32,
  /** Entries in `seats` (every game has far fewer players; the game's own range is checked next). */
  seats: 64,
  /** Named variants in one scenario (each is validated, data files and all, when it is loaded). */
  variants: 100,
  /** Values per swept field, and cells per sweep. */
  sweepValues: 100,
  sweepCells: 1000,
  /** Length of a swept field's path, e.g. `seats[1].params.safetyWeight`. */
  sweepPath: 200,
} as const;

const seatSchema = z.strictObject({
  policy: z.string().min(1).optional().describe('Policy name (see `squabble list`); or give `level` instead.'),
  level: z.string().min(1).optional().describe("One of the game's named skill levels (see `squabble list`), instead of `policy` and `params`."),
  params: z.record(z.string(), z.unknown()).optional().describe("The policy's parameters; defaults apply to any left out."),
  epsilon: epsilonValue.optional().describe(`${epsilonValue.description} Works with any policy or level (on a level that has its own, either dial can make a move random).`),
  name: z.string().min(1).max(80).optional().describe('Label for reports; default: the level, or the policy and its non-default parameters, and any epsilon.'),
});
export type SeatInput = z.output<typeof seatSchema>;

/** The scenario's own fields; `rules`, `variants` and seat params are checked per game afterwards. */
export function baseScenarioSchema(gameIds: readonly [string, ...string[]]) {
  return z.strictObject({
    name: z.string().min(1).max(200).optional().describe('Title for reports; default: the file name.'),
    description: z.string().max(5000).optional().describe('Free text shown in reports.'),
    game: z.enum(gameIds).describe('Which game to play.'),
    players: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('Number of seats; default: the number of entries in `seats`. With one seat entry, every seat plays it.'),
    rules: z.record(z.string(), z.unknown()).optional().describe("The game's rules and variants; defaults from its rules doc."),
    variants: z
      .record(z.string().max(80).regex(/^[A-Za-z0-9_.-]+$/), z.record(z.string(), z.unknown()))
      .optional()
      .describe('Named sets of rule changes, applied on top of `rules` with `--variant NAME`.'),
    seats: z.array(seatSchema).min(1).max(LIMITS.seats).describe('Who plays each seat, in seat order (seat 0 first).'),
    entrants: z
      .array(seatSchema)
      .min(2)
      .max(LIMITS.seats)
      .optional()
      .describe('Entrants for `squabble tournament`, any number, shaped like seat entries (each pairing plays them seat-rotated); default: the distinct `seats`. `run` plays `seats` and ignores this.'),
    compareLevels: z
      .array(z.string().min(1).max(80))
      .min(2)
      .max(LIMITS.seats)
      .optional()
      .describe("Also rate the card, character and matchup tables under each of these skill levels (see `squabble list`): `run` plays the scenario once more per level with every seat at that level (seats rotating, same seed and game count), and once more with the first level on another seed (the ceiling), and its report shows every row under every level, the agreement between levels corrected for the rows' noise, each level's reliability and the rows that depend on the level (a level × row interaction test); `weights` does the same for its stat weights and `compare` for its paired differences (docs/skill-ladder.md)."),
    sweep: z
      .record(
        z
          .string()
          .max(LIMITS.sweepPath)
          // A field path (rules.x, seats[0].policy) or a stat path by name, whose names may hold
          // spaces and punctuation (cards.Swamp Hulk.hp).
          .regex(/^[A-Za-z_]\w*(\[\d{1,2}\]|\.[^.[\]\n]+)*$/)
          .refine(isSafeFieldPath, 'a field path without __proto__, constructor or prototype'),
        z.array(z.unknown()).min(1).max(LIMITS.sweepValues),
      )
      .optional()
      .describe('A grid over scenario fields, e.g. `rules.suddenDeath: [false, true]`, or card and character stats by name, e.g. `cards.Mudgrub.hp: [4, 5, 6]`; every combination is a cell, and all cells play the same seeds.'),
    expect: z
      .record(z.string().min(1).max(LIMITS.sweepPath), z.unknown())
      .refine((o) => Object.keys(o).length <= LIMITS.variants, `at most ${LIMITS.variants} assertions`)
      .optional()
      .describe('Design assertions, judged on every run and failing `squabble check`: a measured value and what you want of it, e.g. `capped.rate: "< 0.01"`, `firstPlayer.decidedShare: [0.45, 0.55]`, `cards.*.winRateWhenPlaced: [0.35, 0.65]`, and with a matchup matrix `dominant: none` or `viable: ">= 3"` (docs/scenarios.md, "Design assertions").'),
    tune: tuneBlockSchema.optional(),
    seating: z
      .enum(['fixed', 'rotate'])
      .default('fixed')
      .describe('fixed: seat i always plays seats[i]; rotate: in game g, seats[c] plays seat (c + g) mod players.'),
    games: z.number().int().min(1).max(LIMITS.games).default(10_000).describe('How many games to play.'),
    seed: z
      .union([z.number().int().min(0).max(0xffffffff), z.string().min(1).max(200)])
      .default(1)
      .describe('Master seed: a 32-bit integer, or any string.'),
  });
}
