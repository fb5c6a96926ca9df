/**
 * The Squirmish StatSpec (GameModule.stats): card stats by name for sweeps, compare, tune and
 * weights. Paths and how overrides are applied: overrides.ts.
 *
 * For `squabble weights`: +1 HP is `hp + 1`; +1 damage adds 1 to every face of the basic attack
 * that deals a fixed amount of damage of at least 1 (`2` or `"damage 2"` becomes 3). Faces that
 * heal, roll a second die (`roll`), deal 0, do nothing or name a special attack are left alone,
 * and so are the special attacks themselves: the tweak is "this card's attack table hits one
 * harder". A card without such a face has no damage weight. The controller is every seat that
 * held the card (dealt, drawn or drafted): see docs/analysis.md for why "held", not "placed".
 */
import type { StatSpec, WeightStat } from '../../sim/types.js';
import { locateStat } from '../../sim/stat-paths.js';
import { found } from '../../sim/scenario/errors.js';
import { poolOf, tableOf, type SquirmishRules } from './params.js';
import { CARD_STATS, lookup, faceIndex, fixedDamage, type Card } from './overrides.js';
import { MAX_HP, FACES } from './card-ir.js';
import { rowsOf } from './counters.js';

function cardOf(rules: SquirmishRules, path: string): { card: Card; stat: string; arg: string | null } {
  const deck = poolOf(rules);
  const loc = locateStat(path, lookup(deck, 'the card pool'));
  if ('problem' in loc) throw new Error(loc.problem);
  return { card: deck.cards[loc.index] as Card, stat: loc.stat, arg: loc.arg };
}

export const squirmishStats: StatSpec<SquirmishRules> = {
  namespace: 'cards',
  noun: 'card',
  stats: CARD_STATS,
  bumpMeaning: {
    hp: '+1 starting HP',
    damage: '+1 on every basic-attack face that deals fixed damage (1 or more)',
  },
  hpLimits: { min: 1, max: MAX_HP },
  controller: {
    table: 'cards',
    rate: 'winRateWhenDrawn',
    meaning: 'per game, the number of seats that held the card (dealt, drawn or drafted) and won, out of the seats that held it',
  },
  subjects(rules) {
    const table = tableOf(rules);
    return rowsOf(rules, table).map((c) => {
      const g = table.group[c]!;
      return { name: table.names[c]!, group: g >= 0 ? (table.groupNames[g] ?? table.groupIds[g] ?? 'no group') : 'no group' };
    });
  },
  read(rules, path) {
    const { card, stat, arg } = cardOf(rules, path);
    if (stat === 'hp') return card.hp as number;
    const k = faceIndex(arg);
    if (k === null || !Array.isArray(card.attack)) throw new Error(`expected a face number from 1 to ${FACES} after faces, found ${found(arg)}`);
    return card.attack[k - 1] as number | string;
  },
  bump(rules, name, stat: WeightStat) {
    const { card } = cardOf(rules, `cards.${name}.hp`);
    if (stat === 'hp') {
      const hp = card.hp as number;
      return hp < MAX_HP ? { overrides: { [`cards.${name}.hp`]: hp + 1 } } : { skip: `HP is already ${MAX_HP}, the most a card may have` };
    }
    const overrides: Record<string, number> = {};
    (card.attack as unknown[]).forEach((face, i) => {
      const d = fixedDamage(face);
      if (d !== null && d >= 1 && d < MAX_HP) overrides[`cards.${name}.faces.${i + 1}`] = d + 1;
    });
    return Object.keys(overrides).length > 0 ? { overrides } : { skip: 'no basic-attack face deals a fixed amount of damage' };
  },
};
