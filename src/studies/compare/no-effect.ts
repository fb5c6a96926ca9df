/**
 * Two variants that played the same games: every recorded figure (each seat's win, draw, capped,
 * length, every counter, every table-rate row's wins and trials, the lead changes) equal in every
 * paired game, which the exact sums show as Σ(B − A)² = 0 for each. `compare` then says so in
 * one line instead of a table of zeros, naming the rules fields that differ and, where the game
 * knows when a field can change play (GameModule.ruleScope), why it did not here.
 */
import type { AnyGameModule } from '../../sim/types.js';
import type { Plan } from '../../sim/scenario/types.js';
import type { PairedAccumulator } from './paired.js';
import { PAIR_SUMS } from '../../analysis/paired-rates.js';
import { differenceText, ruleDifferences, type RuleDifference } from '../../analysis/rule-diff.js';

/** True when every headline quantity, every table-rate row and the lead changes were equal game by game. */
export function identicalGames(acc: PairedAccumulator, rowSums: ArrayLike<number>, leadChangeSquares: number): boolean {
  const d = acc.data;
  for (let q = 0, o = 1; q < acc.quantities; q++, o += 5) if (d[o + 3]! + d[o + 2]! - 2 * d[o + 4]! !== 0) return false;
  // Per row: Σ(W_B − W_A)² = ΣW_B² − 2ΣW_A·W_B + ΣW_A², and the same for the trials H (addPair's order).
  for (let o = 0; o < rowSums.length; o += PAIR_SUMS) {
    if (rowSums[o + 11]! - 2 * rowSums[o + 6]! + rowSums[o + 4]! !== 0) return false;
    if (rowSums[o + 13]! - 2 * rowSums[o + 10]! + rowSums[o + 8]! !== 0) return false;
  }
  return leadChangeSquares === 0;
}

/** Why one changed field made no difference here, in words. */
function why(game: AnyGameModule, plan: Plan, field: string): string {
  const scope = game.ruleScope?.[field];
  if (!scope) return `squabble does not know when ${field} applies; it never came into play here`;
  const here = scope.here ? `; ${scope.here(plan.rules, plan.players)}` : '';
  return scope.applies(plan.rules, plan.players)
    ? `${field} changes play ${scope.when}; it can on these rules${here}, but never did in these games`
    : `${field} changes play ${scope.when}${here}`;
}

/** The one line that replaces the table when the variants played the same games. */
export function noEffectLine(game: AnyGameModule, a: Plan, b: Plan, nameA: string, nameB: string): string {
  const diffs: RuleDifference[] = ruleDifferences(game, a.rules, b.rules);
  const games = `${a.games.toLocaleString('en-US')} paired games`;
  if (a.scenarioHash === b.scenarioHash)
    return `No difference: ${nameA} and ${nameB} are the same scenario (the same rules, seats and seed), so all ${games} were the same games.`;
  const changed = diffs.length ? diffs.map(differenceText).join('; ') : 'the seats';
  const fields = [...new Set(diffs.map((d) => d.field))];
  const reasons = fields.map((f) => why(game, a, f));
  return `No difference: ${changed} had no effect on this content; all ${games} played out the same under ${nameA} and ${nameB} (every recorded figure equal game by game)${reasons.length ? `. Why: ${reasons.join('; ')}` : ''}.`;
}
