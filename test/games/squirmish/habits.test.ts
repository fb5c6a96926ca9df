/**
 * Habits of the Squirmish bots that replays showed and issue 31 lists, each on a crafted position:
 * the situation, what the bots used to do, and what they do now.
 */
import { describe, it, expect } from 'vitest';
import { squirmish } from '../../../src/games/squirmish/index.js';
import { greedy, planner } from '../../../src/games/squirmish/policies.js';
import { describeAction } from '../../../src/games/squirmish/render.js';
import { legalActions } from '../../../src/games/squirmish/legal.js';
import { Rng } from '../../../src/sim/rng.js';
import { position, legalText } from './position.js';

function choice(policy: typeof greedy, s: ReturnType<typeof position>, seed = 5): string {
  const actions = new Int32Array(squirmish.actionCapacity(s.rules, s.players));
  const n = legalActions(s, actions);
  const p = policy.create(policy.paramsSchema.parse({}), { game: squirmish, rules: s.rules, players: s.players, seat: s.toMove });
  const rng = new Rng();
  rng.seedGame(seed, 0, 0);
  return describeAction(s, actions[p.choose(s, actions, n, rng)]!);
}

describe('swapping with the enemy that threatens a card does not take it out of reach', () => {
  // Seat 0's Plain11 (3 HP) stands next to seat 1's Plain26 (12 HP, up to 5 damage a roll). Swapping
  // the two leaves them side by side, so the threat stays; the bots used to score Plain11 at its new
  // cell with Plain26 left out, saw the threat vanish and swapped, turn after turn on both sides.
  const spec = { step: 'place or move', grid: [['Plain11', 0, 0, 0], ['Plain26', 1, 1, 0]] as [string, number, number, number][], hands: [[], []] };

  it('the position offers the swap', () => {
    expect(legalText(position(spec))).toContain('seat 0 moves Plain11, swapping with Plain26');
  });

  for (const [name, policy] of [['greedy', greedy], ['planner', planner]] as const)
    it(`${name} does not swap (several tie-break seeds)`, () => {
      for (let seed = 1; seed <= 5; seed++) expect(choice(policy, position(spec), seed)).not.toMatch(/swapping/);
    });

  it('a swap that changes who faces whom is still made (the fix does not simply stop moves)', () => {
    // As above, with seat 0's Plain16 (10 HP) west of Plain11: swapping Plain11 with Plain16 puts the
    // sturdy card in front of Plain26, and swapping Plain11 with Plain26 brings the enemy next to
    // Plain16; either changes what each card faces, so a bot moves.
    const s = position({ step: 'place or move', grid: [['Plain11', 0, 0, 0], ['Plain26', 1, 1, 0], ['Plain16', 0, -1, 0]], hands: [[], []] });
    for (const policy of [greedy, planner]) expect(choice(policy, s)).toMatch(/^seat 0 moves Plain1[16], swapping with Plain(11|16|26)$/);
  });
});
