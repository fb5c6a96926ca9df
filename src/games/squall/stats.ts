/**
 * Squall character stats by name (src/sim/stat-paths.ts, docs/scenarios.md "Stat paths"):
 *
 *   characters.<name>.hp | melee | range | move | special | base
 *
 * `rules.statOverrides` maps such paths to values; `prepareRules` applies them to the roster once
 * it is inlined (a copy), each value checked against the roster schema's field.
 *
 * For `squabble weights`: +1 HP is `hp + 1`. The rules have no "damage" stat; the closest are
 * MELEE (added to the melee attack roll, so +1 MELEE is +1 damage before the defence dice) and
 * RANGE (the damage of a ranged hit). +1 damage is therefore MELEE + 1 and, for a character that
 * shoots (RANGE > 0), RANGE + 1 as well; a RANGE of 0 stays 0 (raising it would give the
 * character a ranged attack, a different change). Bonuses (extraDamage...) are left alone.
 */
import type { z } from 'zod';
import type { RulesContext, StatSpec } from '../../sim/types.js';
import { STAT_OVERRIDES, overridesIn, locateStat, type StatLookup } from '../../sim/stat-paths.js';
import { found } from '../../sim/scenario/errors.js';
import { characterSchema, rosterOf, seatCharacters, DEFAULT_ROSTER, type Roster, type SquallRules } from './params.js';

const STATS = ['hp', 'melee', 'range', 'move', 'special', 'base'] as const;
type Stat = (typeof STATS)[number];

function lookup(roster: Roster, where: string): StatLookup {
  return { namespace: 'characters', noun: 'character', names: roster.characters.map((c) => String((c as { name?: unknown } | null)?.name)), where, stats: STATS, argStats: [], shown: STATS.join(', ') };
}

/** What a stat accepts, in words, from the roster schema (e.g. "a whole number from 1 to 500"). */
function expectation(stat: Stat): string {
  const s = characterSchema.shape[stat] as unknown as { _zod: { def: { innerType?: unknown } } };
  const n = (s._zod.def.innerType ?? s) as { minValue: number | null; maxValue: number | null; isInt: boolean };
  return `${n.isInt ? 'a whole number' : 'a number'} from ${n.minValue} to ${n.maxValue}`;
}

/** Apply `statOverrides` to an inlined roster (`where` names it for messages); returns the changed copy. */
export function applyCharacterOverrides(rules: Record<string, unknown>, roster: Roster, where: string, ctx: RulesContext): Roster {
  const overrides = overridesIn(rules);
  if (overrides === null || Object.keys(overrides).length === 0) return roster;
  const l = lookup(roster, where);
  const characters = roster.characters.slice();
  const copied = new Set<number>();
  for (const [path, value] of Object.entries(overrides)) {
    const at = [STAT_OVERRIDES, path];
    const loc = locateStat(path, l);
    if ('problem' in loc) return ctx.fail(at, loc.problem);
    const stat = loc.stat as Stat;
    const ok = (characterSchema.shape[stat] as z.ZodType).safeParse(value);
    if (!ok.success) ctx.fail(at, `character ${found(loc.name)}: ${stat}: expected ${expectation(stat)}, found ${found(value)}`);
    if (!copied.has(loc.index)) {
      characters[loc.index] = { ...characters[loc.index]! };
      copied.add(loc.index);
    }
    (characters[loc.index] as Record<string, unknown>)[stat] = value;
  }
  return { ...roster, characters };
}

function characterOf(rules: SquallRules, path: string) {
  const roster = rosterOf(rules);
  const loc = locateStat(path, lookup(roster, 'the roster'));
  if ('problem' in loc) throw new Error(loc.problem);
  return { character: roster.characters[loc.index]!, stat: loc.stat as Stat };
}

export const squallStats: StatSpec<SquallRules> = {
  namespace: 'characters',
  noun: 'character',
  stats: [
    { path: 'hp', description: 'starting HP' },
    { path: 'melee', description: 'MELEE, added to the melee attack roll' },
    { path: 'range', description: 'RANGE, the damage of a ranged hit (0 = no ranged attack)' },
    { path: 'move', description: 'MOVE in inches (HALF-MOVE is floor(MOVE / 2))' },
    { path: 'special', description: 'SPECIAL points for bonuses' },
    { path: 'base', description: 'base diameter in inches' },
  ],
  bumpMeaning: {
    hp: '+1 starting HP',
    damage: '+1 MELEE, and +1 RANGE if it shoots (RANGE > 0)',
  },
  hpLimits: { min: 1, max: 500 },
  controller: {
    table: 'characters',
    rate: 'winRate',
    meaning: 'per game, the number of seats fielding the character that won, out of the seats fielding it',
  },
  subjects(rules, players) {
    const roster = rosterOf(rules);
    const fielded = new Set<number>(rules.matchups !== 'none' ? roster.characters.map((_, i) => i) : seatCharacters(rules, players).flat());
    return roster.characters.filter((_, i) => fielded.has(i)).map((c) => ({ name: c.name, group: c.style }));
  },
  read(rules, path) {
    const { character, stat } = characterOf(rules, path);
    return character[stat];
  },
  bump(rules, name, stat) {
    const { character } = characterOf(rules, `characters.${name}.hp`);
    if (stat === 'hp') return character.hp < 500 ? { overrides: { [`characters.${name}.hp`]: character.hp + 1 } } : { skip: 'HP is already 500, the most a character may have' };
    if (character.melee >= 50) return { skip: 'MELEE is already 50, the most a character may have' };
    const overrides: Record<string, number> = { [`characters.${name}.melee`]: character.melee + 1 };
    if (character.range > 0 && character.range < 50) overrides[`characters.${name}.range`] = character.range + 1;
    return { overrides };
  },
};

/** The roster of rules being prepared, with overrides applied (the default roster when none is named). */
export function preparedRoster(rules: Record<string, unknown>, where: string, ctx: RulesContext): Roster | undefined {
  const roster = rules.roster === undefined ? DEFAULT_ROSTER : rules.roster;
  if (roster === null || typeof roster !== 'object' || !Array.isArray((roster as Roster).characters)) return rules.roster as Roster | undefined;
  const out = applyCharacterOverrides(rules, roster as Roster, where, ctx);
  return out === roster && rules.roster === undefined ? undefined : out;
}
