/**
 * A scenario's `tune:` block: the parameters `squabble tune` may change (paths as in sweeps, with
 * whole-number bounds) and the targets it tunes towards (paths and conditions as in `expect:`).
 * The loader checks its shape with every scenario; what the paths mean (a real field, legal
 * bounds, a measurable target) needs the game and is checked by `squabble tune` (src/studies/tune/block.ts).
 * Not part of the scenario hash: `run` plays the scenario as written.
 */
import { z } from 'zod';

/** At most this many parameters and targets in one block. */
export const TUNE_LIMITS = { params: 64, targets: 200, path: 200, budget: 1_000_000_000 } as const;

const fieldPath = z
  .string()
  .min(1)
  .max(TUNE_LIMITS.path)
  // As a sweep's field: rules.x, seats[0].params.y, or a stat path by name (cards.Swamp Hulk.hp).
  .regex(/^[A-Za-z_]\w*(\[\d{1,2}\]|\.[^.[\]\n]+)*$/);

export const tuneBlockSchema = z
  .strictObject({
    params: z
      .record(fieldPath, z.tuple([z.number().int(), z.number().int()]))
      .refine((o) => Object.keys(o).length >= 1, 'expected at least one parameter, e.g. "characters.Knight.hp": [10, 30]')
      .refine((o) => Object.keys(o).length <= TUNE_LIMITS.params, `at most ${TUNE_LIMITS.params} parameters`)
      .describe('The whole-number fields to tune, each with its [min, max]: rules fields (`rules.maxTurns`), policy parameters (`seats[1].params.depth`) or card and character stats by name (`characters.Knight.hp`, `cards.Mudgrub.hp`). The search starts from the scenario\u2019s own values.'),
    targets: z
      .record(z.string().min(1).max(TUNE_LIMITS.path), z.unknown())
      .refine((o) => Object.keys(o).length >= 1, 'expected at least one target, e.g. "matchups.*.winRate": [0.45, 0.55]')
      .refine((o) => Object.keys(o).length <= TUNE_LIMITS.targets, `at most ${TUNE_LIMITS.targets} targets`)
      .describe('What the tuned scenario should measure, written as in `expect:` (`[low, high]` or a comparison such as `"< 0.01"`); `*` stands for every row, e.g. `matchups.*.winRate: [0.45, 0.55]` (every Squall matchup, both seatings pooled). The key `levels` is the level target: `{ names: [novice, skilled], matrix: [[null, 0.25], [0.75, null]], tolerance: 0.03, games: 400 }`, the wanted win rate of each row level over each column level (seats rotating), each cell within the tolerance, each pair of levels played `games` games per evaluation (default: the scenario\u2019s).'),
    budget: z
      .number()
      .int()
      .min(1)
      .max(TUNE_LIMITS.budget)
      .optional()
      .describe('Games the search may play (each evaluation plays the scenario\u2019s `games`); default 40 evaluations. `tune --budget` overrides it.'),
    verifyGames: z
      .number()
      .int()
      .min(1)
      .max(TUNE_LIMITS.budget)
      .optional()
      .describe('Games for the before and after measurement, on fresh seeds the search never played; default the scenario\u2019s `games`. `tune --verify-games` overrides it.'),
  })
  .describe('Several parameters tuned at once towards several targets by `squabble tune` (docs/analysis.md, "Tuning several parameters"). `run` ignores it.');

export type TuneBlock = z.output<typeof tuneBlockSchema>;
