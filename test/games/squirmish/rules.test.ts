/**
 * Squirmish rules (docs/rules/squirmish.md and the two seeds): every rule and variant, on
 * crafted grids with scripted dice. Plain cards do (face - 1) damage: a roll of 4 does 3.
 */
import { describe, it, expect } from 'vitest';
import { squirmish } from '../../../src/games/squirmish/index.js';
import { squirmishRulesSchema } from '../../../src/games/squirmish/params.js';
import { SKIP, DRAW } from '../../../src/games/squirmish/actions.js';
import { apply } from '../../../src/games/squirmish/rules.js';
import { describeAction } from '../../../src/games/squirmish/render.js';
import {
  position, ScriptedRng, inst, legal, legalText, choose, damageOf, where, handNames, victoryNames, discardNames, rulesOf,
} from './position.js';
import {
  PH_TURN, DEC_STEP, DEC_HAND, DEC_CONSOLATION, DEC_REATTACH, DEC_WEIGH_PICK, DEC_WEIGH_PLACE,
} from '../../../src/games/squirmish/state-codes.js';

const ok = (s: Parameters<typeof squirmish.checkInvariants>[0]) => expect(squirmish.checkInvariants(s)).toBeNull();

describe('setup', () => {
  it('videogame: six cards each, one turned up; the weigh-in pick leaves five in hand; the lowest HP starts', () => {
    const rules = rulesOf({});
    const s = squirmish.createState(rules, 2);
    const rng = new ScriptedRng();
    squirmish.reset(s, rng);
    expect(s.dec).toBe(DEC_WEIGH_PICK);
    expect(s.discardLen).toBe(1);
    expect(s.deckLen).toBe(s.nInst - 13);
    expect([s.handLen[0], s.handLen[1]]).toEqual([6, 6]);
    expect(s.toMove).toBe(0);
    // Seat 0 picks its first card, seat 1 its first card: the lower HP wins the weigh-in.
    const a = legal(s)[0]!;
    apply(s, a, rng);
    expect(s.toMove).toBe(1);
    const b = legal(s)[0]!;
    apply(s, b, rng);
    const hp0 = s.hpOf(s.pickOf[0]!);
    const hp1 = s.hpOf(s.pickOf[1]!);
    if (hp0 !== hp1) {
      const winner = hp0 < hp1 ? 0 : 1;
      expect(s.firstSeat).toBe(winner);
      expect(where(s, s.table.names[s.instCard[s.pickOf[winner]!]!]!)).toEqual([0, 0]);
      // The other seat places its pick next to it.
      expect(s.dec).toBe(DEC_WEIGH_PLACE);
      expect(s.toMove).toBe(1 - winner);
      expect(legal(s).length).toBe(4);
    }
    expect([s.handLen[0], s.handLen[1]]).toEqual([5, 5]);
    ok(s);
  });

  /** A crafted weigh-in: the given hands, nothing in play, seat 0 to pick. */
  const weighIn = (rules: Record<string, unknown>, picks: number[] = []) => {
    const rng = new ScriptedRng([], picks);
    const s = position({ rules, hands: [['Plain1', 'Plain11'], ['Plain2', 'Plain12']] }, rng);
    s.phase = 0; // PH_WEIGH_PICK
    s.setupSeat = 0;
    s.dec = DEC_WEIGH_PICK;
    s.toMove = 0;
    s.invalidate();
    return { s, rng };
  };

  it('weigh-in: the lowest HP pick wins and starts; the winner\'s pick starts the Squirmish, the other is placed next to it', () => {
    const { s, rng } = weighIn({});
    choose(s, 'seat 0 picks Plain11 (HP 3) for the weigh-in', rng);
    choose(s, 'seat 1 picks Plain2 (HP 5) for the weigh-in', rng);
    expect(s.firstSeat).toBe(0);
    expect(where(s, 'Plain11')).toEqual([0, 0]);
    expect(s.toMove).toBe(1);
    choose(s, 'seat 1 places its weigh-in pick Plain2 at (1, 0)', rng);
    expect(s.phase).toBe(PH_TURN);
    expect(s.toMove).toBe(0);
    expect(s.turns).toBe(0);
    ok(s);
  });

  it('weigh-in: weighIn: highest makes the highest HP pick win', () => {
    const { s, rng } = weighIn({ weighIn: 'highest' });
    choose(s, 'seat 0 picks Plain11 (HP 3) for the weigh-in', rng);
    choose(s, 'seat 1 picks Plain2 (HP 5) for the weigh-in', rng);
    expect(s.firstSeat).toBe(1);
    expect(where(s, 'Plain2')).toEqual([0, 0]);
  });

  it('weigh-in: ties are broken at random', () => {
    for (const tieBreak of [0, 1]) {
      const { s, rng } = weighIn({}, [tieBreak]);
      choose(s, /picks Plain1 /, rng);
      choose(s, /picks Plain2 /, rng);
      expect(s.firstSeat).toBe(tieBreak);
      expect(s.gameCounters[17]).toBe(1);
    }
  });

  it('tabletop: five cards each, a random first seat, an empty Squirmish started by the first placement', () => {
    const s = squirmish.createState(rulesOf({ rules: { edition: 'tabletop' } }), 3);
    const rng = new ScriptedRng();
    squirmish.reset(s, rng);
    expect([s.handLen[0], s.handLen[1], s.handLen[2]]).toEqual([5, 5, 5]);
    expect(s.gridCount).toBe(0);
    expect(s.phase).toBe(PH_TURN);
    expect(s.toMove).toBe(s.firstSeat);
    // Step 1: draw or not.
    expect(legal(s)).toEqual([DRAW, SKIP]);
    apply(s, SKIP, rng);
    // Step 2: place: every hand card on the centre only (the grid is empty), or not.
    const options = legalText(s);
    expect(options).toHaveLength(6);
    expect(options.slice(0, 5).every((t) => t.endsWith('at (0, 0)'))).toBe(true);
    ok(s);
  });

  it('the videogame edition is for two players; decks must hold the deal', () => {
    const rules = rulesOf({ rules: { edition: 'videogame' } });
    expect(squirmish.checkSetup!(rules, 3)).toEqual(['seats', expect.stringMatching(/videogame edition is for 2 players/)]);
    expect(squirmish.checkSetup!(rulesOf({ rules: { edition: 'tabletop' } }), 4)).toBeNull();
    // auto (the default): the videogame edition for two players, the tabletop edition for more.
    expect(squirmish.checkSetup!(rulesOf({}), 3)).toBeNull();
    expect(squirmish.createState(rulesOf({}), 2).videogame).toBe(true);
    expect(squirmish.createState(rulesOf({}), 3).videogame).toBe(false);
  });
});

describe('turn order', () => {
  it('videogame: attack, abilities & clean-up, place or move, draw', () => {
    const rng = new ScriptedRng([4]);
    const s = position({ grid: [['Plain1', 0, 0, 0], ['Plain2', 1, 1, 0]], hands: [['Plain3'], ['Plain4']], draws: ['Plain5'] }, rng);
    expect(s.dec).toBe(DEC_STEP);
    expect(legalText(s)).toEqual(['seat 0: Plain1 (0/5) attacks Plain2 of seat 1 (0/5)', 'seat 0 ends the attack step']);
    choose(s, /attacks Plain2/, rng);
    // Battle cry: first attack, +1. Face 4 = 3 damage, +1 = 4.
    expect(damageOf(s, 'Plain2')).toBe(4);
    // No weird abilities: straight to place or move.
    expect(legalText(s)).toContain('seat 0 places Plain3 at (-1, 0)');
    choose(s, 'seat 0 ends the place or move step', rng);
    expect(legal(s)).toEqual([DRAW, SKIP]);
    apply(s, DRAW, rng);
    expect(handNames(s, 0)).toEqual(['Plain3', 'Plain5']);
    expect(s.toMove).toBe(1);
    expect(s.turns).toBe(11);
    ok(s);
  });

  it('tabletop: draw, place, move or attack, abilities & clean-up', () => {
    const rng = new ScriptedRng([3]);
    const s = position({ rules: { edition: 'tabletop' }, grid: [['Plain1', 0, 0, 0], ['Plain2', 1, 1, 0]], hands: [['Plain3'], ['Plain4']], draws: ['Plain5'] }, rng);
    expect(legal(s)).toEqual([DRAW, SKIP]);
    apply(s, DRAW, rng);
    choose(s, 'seat 0 places Plain3 at (-1, 0)', rng);
    // Step 3: move or attack. The placed card's battle cry works this turn.
    choose(s, /Plain3 \(0\/5\) attacks Plain1/, rng);
    expect(damageOf(s, 'Plain1')).toBe(3); // face 3 = 2, +1 battle cry
    expect(s.toMove).toBe(1);
    ok(s);
  });
});

describe('placing and moving', () => {
  it('places only on open edges, never diagonally, up to the in-play limit', () => {
    const s = position({ step: 'place or move', grid: [['Plain1', 0, 0, 0]], hands: [['Plain2'], []] });
    const cells = legalText(s).filter((t) => / places /.test(t)).map((t) => t.replace(/.* at /, ''));
    expect(cells.sort()).toEqual(['(-1, 0)', '(0, -1)', '(0, 1)', '(1, 0)']);
    const full = position({
      step: 'place or move',
      rules: { inPlayLimit: 2 },
      grid: [['Plain1', 0, 0, 0], ['Plain3', 0, 1, 0]],
      hands: [['Plain2'], []],
    });
    expect(legalText(full).some((t) => / places /.test(t))).toBe(false);
    // Replacing keeps the count, so it is still allowed.
    expect(legalText(full)).toContain('seat 0 replaces Plain1 with Plain2');
  });

  it('replaces only own damage-free cards; the replaced card is discarded and the new one takes its square', () => {
    const rng = new ScriptedRng();
    const s = position({ step: 'place or move', grid: [['Plain1', 0, 0, 0], ['Plain3', 0, 1, 0, 1], ['Plain4', 1, 0, 1]], hands: [['Plain2'], []] }, rng);
    const replaces = legalText(s).filter((t) => t.includes('replaces'));
    expect(replaces).toEqual(['seat 0 replaces Plain1 with Plain2']);
    choose(s, 'seat 0 replaces Plain1 with Plain2', rng);
    expect(where(s, 'Plain2')).toEqual([0, 0]);
    expect(discardNames(s)).toEqual(['Plain1']);
    ok(s);
  });

  it('moves by swapping one of its cards with an adjacent card of any owner', () => {
    const rng = new ScriptedRng();
    const s = position({ step: 'place or move', grid: [['Plain1', 0, 0, 0], ['Plain2', 1, 1, 0], ['Plain3', 1, 1, 1]] }, rng);
    expect(legalText(s).filter((t) => t.includes('moves'))).toEqual(['seat 0 moves Plain1, swapping with Plain2']);
    choose(s, 'seat 0 moves Plain1, swapping with Plain2', rng);
    expect(where(s, 'Plain1')).toEqual([1, 0]);
    expect(where(s, 'Plain2')).toEqual([0, 0]);
    ok(s);
  });

  it('a placement at the edge of the stored window re-centres the Squirmish, keeping its shape', () => {
    const rng = new ScriptedRng();
    const s = position({ step: 'place or move', rules: { inPlayLimit: 10 }, grid: [['Plain1', 0, 0, 0]], hands: [['Plain2', 'Plain3', 'Plain4'], []] }, rng);
    // Walk a chain to the left many times by placing and replacing... simpler: place far by repeated turns.
    for (let k = 0; k < 3; k++) {
      s.stepIdx = 3;
      s.stepEnding = false;
      s.dec = DEC_STEP;
      s.toMove = 0;
      s.mover = 0;
      s.invalidate();
      const opt = legal(s).filter((a) => / places /.test(describeAction(s, a)));
      // The leftmost open edge.
      const pick = opt.reduce((m, a) => ((a & 0x3fff) % s.W < (m & 0x3fff) % s.W ? a : m));
      apply(s, pick, rng);
    }
    ok(s);
    const xs = ['Plain1', 'Plain2', 'Plain3', 'Plain4'].map((n) => where(s, n)![0]).sort((a, b) => a - b);
    expect(xs[3]! - xs[0]!).toBe(3);
  });
});

describe('attacking', () => {
  it('only adjacent cards (no diagonals), own cards included', () => {
    const s = position({ grid: [['Plain1', 0, 0, 0], ['Plain2', 1, 1, 1], ['Plain3', 0, 0, 1], ['Plain4', 1, 1, 0]] });
    const attacks = legalText(s).filter((t) => t.includes('attacks'));
    expect(attacks.sort()).toEqual([
      'seat 0: Plain1 (0/5) attacks Plain3 of seat 0 (0/5)',
      'seat 0: Plain1 (0/5) attacks Plain4 of seat 1 (0/5)',
      'seat 0: Plain3 (0/5) attacks Plain1 of seat 0 (0/5)',
      'seat 0: Plain3 (0/5) attacks Plain2 of seat 1 (0/5)',
    ]);
  });

  it('heals never raise a card above its starting HP; NO EFFECT does nothing, battle cry included', () => {
    const cards = [{ name: 'Medic', hp: 6, attack: ['none', 'heal 1', 'heal 3', 'heal 5', 2, 2] }];
    const rng = new ScriptedRng([4]);
    const s = position({ cards, grid: [['Medic', 0, 0, 0], ['Plain6', 0, 1, 0, 2]] }, rng);
    choose(s, /Medic .* attacks Plain6/, rng);
    expect(damageOf(s, 'Plain6')).toBe(0); // heal 5 + 1 on 2 damage
    const rng2 = new ScriptedRng([1]);
    const t = position({ cards, grid: [['Medic', 0, 0, 0], ['Plain6', 1, 1, 0, 2]] }, rng2);
    choose(t, /Medic .* attacks Plain6/, rng2);
    expect(damageOf(t, 'Plain6')).toBe(2);
    expect(t.gameCounters[16]).toBe(1);
  });

  it('the videogame battle cry is +1 on the first attack only', () => {
    const rng = new ScriptedRng([3, 3]);
    const s = position({ grid: [['Plain16', 0, 0, 0], ['Plain17', 1, 1, 0]] }, rng);
    choose(s, /attacks Plain17/, rng);
    expect(damageOf(s, 'Plain17')).toBe(3);
    // Next turn of seat 0: no battle cry.
    s.mover = 0;
    s.toMove = 0;
    s.stepIdx = 0;
    s.dec = DEC_STEP;
    s.turns += 2;
    s.invalidate();
    choose(s, /attacks Plain17/, rng);
    expect(damageOf(s, 'Plain17')).toBe(5);
  });

  it('the tabletop battle cry is +1 only in the turn the card was placed', () => {
    const rng = new ScriptedRng([3]);
    const s = position({ rules: { edition: 'tabletop' }, step: 'move or attack', grid: [['Plain16', 0, 0, 0], ['Plain17', 1, 1, 0]] }, rng);
    choose(s, /attacks Plain17/, rng);
    expect(damageOf(s, 'Plain17')).toBe(2);
  });

  it('knocked-out cards go to the attacker\'s victory pile in clean-up; own knock-outs are discarded', () => {
    const rng = new ScriptedRng([6]);
    const s = position({ grid: [['Plain11', 0, 0, 0], ['Plain12', 1, 1, 0], ['Plain13', 0, -1, 0]] }, rng);
    choose(s, /Plain11 .* attacks Plain12/, rng);
    expect(victoryNames(s, 0)).toEqual(['Plain12']);
    expect(where(s, 'Plain12')).toBeNull();
    const own = position({ grid: [['Plain11', 0, 0, 0], ['Plain12', 1, 1, 0], ['Plain13', 0, -1, 0]] }, (rng.faces.push(6), rng));
    choose(own, /Plain11 .* attacks Plain13/, rng);
    expect(victoryNames(own, 0)).toEqual([]);
    expect(discardNames(own)).toContain('Plain13');
    ok(own);
  });

  it('three prizes win (victoryTarget), checked in clean-up', () => {
    const rng = new ScriptedRng([6]);
    const s = position({ grid: [['Plain11', 0, 0, 0], ['Plain12', 1, 1, 0]], victory: [['Plain1', 'Plain2'], []] }, rng);
    choose(s, /attacks Plain12/, rng);
    expect(s.terminal).toBe(true);
    expect(s.winner).toBe(0);
    const one = position({ rules: { victoryTarget: 1 }, grid: [['Plain11', 0, 0, 0], ['Plain12', 1, 1, 0]] }, (rng.faces.push(6), rng));
    choose(one, /attacks Plain12/, rng);
    expect(one.terminal).toBe(true);
    ok(one);
  });
});

describe('clean-up: fragmentation', () => {
  // A chain 2 - 1 - X - 3 - 4 where X is knocked out: two islands of two.
  const chain = (reattach: 'cards' | 'fragments', tie: number) => {
    const rng = new ScriptedRng([6], [tie]);
    const s = position(
      {
        rules: { reattach },
        grid: [['Plain12', 1, 0, 0], ['Plain1', 0, -1, 0], ['Plain2', 1, -2, 0], ['Plain3', 0, 1, 0], ['Plain4', 1, 2, 0], ['Plain16', 0, 0, 1]],
      },
      rng,
    );
    return { s, rng };
  };

  it('keeps the largest island; every other card is re-attached by its controller, the mover first', () => {
    // Knock out Plain12 at (0,0) with Plain16 below it: islands {Plain2, Plain1}, {Plain3, Plain4}, {Plain16}.
    const { s, rng } = chain('cards', 0);
    choose(s, /Plain16 .* attacks Plain12/, rng);
    expect(s.gameCounters[3]).toBe(1);
    expect(s.dec).toBe(DEC_REATTACH);
    expect(s.toMove).toBe(0); // the mover re-attaches its own cards first
    ok(s);
    while (s.dec === DEC_REATTACH) {
      const seat = s.toMove;
      const opts = legal(s);
      for (const a of opts) expect(s.owner[(a >>> 14) & 0xff]).toBe(seat);
      apply(s, opts[0]!, rng);
    }
    ok(s);
    expect(s.gridCount).toBe(5);
  });

  it('ties for largest island are broken at random', () => {
    const kept: string[][] = [];
    for (const tie of [0, 1]) {
      const { s, rng } = chain('cards', tie);
      // Knock out Plain12 but first remove Plain16 so the two islands are equal: attack from Plain1.
      s.takeOffGrid(inst(s, 'Plain16'));
      s.toDiscard(inst(s, 'Plain16'));
      s.dec = DEC_STEP;
      s.invalidate();
      choose(s, /Plain1 .* attacks Plain12/, rng);
      // The kept island holds Plain1 (tie 0) or Plain3 (tie 1), judging by which cards are aside.
      const aside = Array.from(s.aside.subarray(0, s.asideLen)).map((i) => s.table.names[s.instCard[i]!]);
      kept.push(aside.sort() as string[]);
    }
    expect(kept.sort()).toEqual([['Plain1', 'Plain2'], ['Plain3', 'Plain4']]);
  });

  it('fragments: each cut-off island keeps its shape and the mover re-attaches it', () => {
    const { s, rng } = chain('fragments', 0);
    choose(s, /Plain16 .* attacks Plain12/, rng);
    expect(s.dec).toBe(DEC_REATTACH);
    expect(s.toMove).toBe(0);
    const before = { a: where(s, 'Plain3'), b: where(s, 'Plain4') };
    expect(before.a).toBeNull();
    while (s.dec === DEC_REATTACH) apply(s, legal(s)[0]!, rng);
    ok(s);
    // Each pair is still side by side in the same orientation.
    const p1 = where(s, 'Plain1')!;
    const p2 = where(s, 'Plain2')!;
    const p3 = where(s, 'Plain3')!;
    const p4 = where(s, 'Plain4')!;
    expect([p1[0] - p2[0], p1[1] - p2[1]]).toEqual([1, 0]);
    expect([p4[0] - p3[0], p4[1] - p3[1]]).toEqual([1, 0]);
  });
});

describe('consolation prize', () => {
  it('a player whose last card is knocked out may place a card anywhere adjacent, then draws', () => {
    const rng = new ScriptedRng([6]);
    const s = position({ grid: [['Plain11', 0, 0, 0], ['Plain12', 1, 1, 0]], hands: [[], ['Plain1']], draws: ['Plain2'] }, rng);
    choose(s, /attacks Plain12/, rng);
    expect(s.dec).toBe(DEC_CONSOLATION);
    expect(s.toMove).toBe(1);
    expect(legalText(s)).toContain('seat 1 takes its consolation prize: places Plain1 at (1, 0), and draws');
    choose(s, /places Plain1 at \(1, 0\)/, rng);
    expect(handNames(s, 1)).toEqual(['Plain2']);
    expect(s.toMove).toBe(0);
    ok(s);
  });
});

describe('hand limit and the deck', () => {
  it('extras above the hand limit are discarded at the end of the step, the player choosing', () => {
    const rng = new ScriptedRng();
    const s = position({ step: 'draw', grid: [['Plain1', 0, 0, 0]], hands: [['Plain2', 'Plain3', 'Plain4', 'Plain5', 'Plain6'], []], draws: ['Plain7'] }, rng);
    apply(s, DRAW, rng);
    expect(s.dec).toBe(DEC_HAND);
    expect(legal(s)).toHaveLength(6);
    choose(s, 'seat 0 discards Plain3 (hand limit)', rng);
    expect(handNames(s, 0)).toEqual(['Plain2', 'Plain4', 'Plain5', 'Plain6', 'Plain7']);
    expect(s.toMove).toBe(1);
  });

  it('tabletop: the player may place instead of discarding where placing is allowed', () => {
    const rng = new ScriptedRng();
    const s = position({ rules: { edition: 'tabletop' }, grid: [['Plain1', 0, 0, 0]], hands: [['Plain2', 'Plain3', 'Plain4', 'Plain5', 'Plain6'], []], draws: ['Plain7'] }, rng);
    apply(s, DRAW, rng);
    expect(s.dec).toBe(DEC_HAND);
    choose(s, 'seat 0 places Plain7 at (1, 0)', rng);
    // That was the turn's placement: on to move or attack.
    expect(legalText(s).some((t) => / places /.test(t))).toBe(false);
    ok(s);
  });

  it('handLimit is a variant', () => {
    const rng = new ScriptedRng();
    const s = position({ step: 'draw', rules: { handLimit: 2 }, grid: [['Plain1', 0, 0, 0]], hands: [['Plain2', 'Plain3'], []], draws: ['Plain7'] }, rng);
    apply(s, DRAW, rng);
    expect(s.dec).toBe(DEC_HAND);
  });

  it('deckOut: reshuffle turns the discard pile into the deck; no-draw draws nothing', () => {
    const rng = new ScriptedRng();
    const s = position({ step: 'draw', grid: [['Plain1', 0, 0, 0]], restInDiscard: true }, rng);
    expect(s.deckLen).toBe(0);
    apply(s, DRAW, rng);
    expect(s.gameCounters[5]).toBe(1);
    expect(s.handLen[0]).toBe(1);
    ok(s);
    const n = position({ step: 'draw', rules: { deckOut: 'no-draw' }, grid: [['Plain1', 0, 0, 0]], restInDiscard: true }, rng);
    // Nothing to draw: the draw step has no option and passes.
    expect(n.toMove).toBe(1);
    expect(n.handLen[0]).toBe(0);
  });

  it('a game still running after maxTurns is capped', () => {
    const rng = new ScriptedRng();
    const s = position({ step: 'draw', rules: { maxTurns: 11 }, turns: 10, grid: [['Plain1', 0, 0, 0]] }, rng);
    apply(s, SKIP, rng);
    expect(s.terminal).toBe(true);
    expect(s.capped).toBe(true);
  });
});

describe('variants', () => {
  it('every variant of the rules doc parses, with the documented defaults', () => {
    const d = squirmishRulesSchema.parse({});
    expect([d.edition, d.inPlayLimit, d.handLimit, d.weighIn, d.reattach, d.deckOut, d.victoryTarget, d.maxTurns]).toEqual([
      'auto', 5, 5, 'lowest', 'cards', 'reshuffle', 3, 400,
    ]);
  });
});

describe('more clean-up and turn rules', () => {
  it('a knock-out by retaliation goes to the defender\'s controller', () => {
    const cards = [{ name: 'Spiky', hp: 12, attack: [0, 1, 2, 3, 4, 5], abilities: [{ when: 'attacked', do: [{ damage: 2, to: 'attacker' }] }] }];
    const rng = new ScriptedRng([1]);
    const s = position({ cards, grid: [['Plain11', 0, 0, 0, 1], ['Spiky', 1, 1, 0], ['Plain16', 0, -1, 0]] }, rng);
    choose(s, /Plain11 .* attacks Spiky/, rng);
    expect(victoryNames(s, 1)).toEqual(['Plain11']);
    ok(s);
  });

  it('when several seats reach the victory target at once, the mover wins', () => {
    // Plain11 knocks out Spiky and dies to its retaliation in the same attack: both seats reach 3.
    const cards = [{ name: 'Spiky', hp: 3, attack: [0, 1, 2, 3, 4, 5], abilities: [{ when: 'attacked', do: [{ damage: 2, to: 'attacker' }] }] }];
    const rng = new ScriptedRng([6]);
    const s = position({ cards, grid: [['Plain11', 0, 0, 0, 1], ['Spiky', 1, 1, 0], ['Plain16', 0, 0, 1], ['Plain17', 1, 1, 1]], victory: [['Plain1', 'Plain2'], ['Plain3', 'Plain4']] }, rng);
    choose(s, /Plain11 .* attacks Spiky/, rng);
    expect([s.victoryLen[0], s.victoryLen[1]]).toEqual([3, 3]);
    expect(s.terminal).toBe(true);
    expect(s.winner).toBe(0);
  });

  it('the consolation prize draws even when the player places nothing', () => {
    const rng = new ScriptedRng([6]);
    const s = position({ grid: [['Plain11', 0, 0, 0], ['Plain12', 1, 1, 0]], hands: [[], ['Plain1']], draws: ['Plain2'] }, rng);
    choose(s, /attacks Plain12/, rng);
    choose(s, 'seat 1 takes no card for its consolation prize, and draws', rng);
    expect(handNames(s, 1)).toEqual(['Plain1', 'Plain2']);
    expect(s.gameCounters[15]).toBe(1);
  });

  it('tabletop: replacing is a placement, so it is not offered in the move or attack step', () => {
    const s = position({ rules: { edition: 'tabletop' }, step: 'move or attack', grid: [['Plain1', 0, 0, 0], ['Plain2', 1, 1, 0]], hands: [['Plain3'], []] });
    expect(legalText(s).some((t) => /replaces| places /.test(t))).toBe(false);
    expect(legalText(s)).toContain('seat 0 moves Plain1, swapping with Plain2');
  });

  it('in-play limit: a placement is refused at the limit; re-attachment never exceeds it', () => {
    const s = position({ step: 'place or move', rules: { inPlayLimit: 1 }, grid: [['Plain1', 0, 0, 0], ['Plain2', 1, 1, 0]], hands: [['Plain3'], []] });
    expect(legalText(s).some((t) => / places /.test(t))).toBe(false);
  });

  it('the Squirmish emptied: the next placement starts it again at the centre', () => {
    const rng = new ScriptedRng([6]);
    const s = position({ grid: [['Plain11', 0, 0, 0, 2], ['Plain12', 1, 1, 0]], hands: [['Plain1'], []] }, rng);
    // Plain11 attacks its own... no: Plain12 is knocked out, then seat 0 places next to Plain11.
    choose(s, /attacks Plain12/, rng);
    expect(s.gridCount).toBe(1);
    const t = position({ step: 'place or move', grid: [], hands: [['Plain1'], []] });
    expect(legalText(t)).toEqual(['seat 0 places Plain1 at (0, 0)', 'seat 0 ends the place or move step']);
  });

  it('fragments: two cut-off islands are both re-attached by the mover, each keeping its shape', () => {
    // A plus sign around X at (0,0): X is knocked out; four single-card islands... use two pairs instead.
    const rng = new ScriptedRng([6]);
    const s = position(
      {
        rules: { reattach: 'fragments', inPlayLimit: 6 },
        grid: [
          ['Plain12', 1, 0, 0],
          ['Plain1', 0, -1, 0], ['Plain2', 1, -2, 0],
          ['Plain3', 0, 1, 0], ['Plain4', 1, 2, 0],
          ['Plain16', 0, 0, 1], ['Plain17', 1, 0, 2], ['Plain18', 0, 1, 2],
        ],
      },
      rng,
    );
    choose(s, /Plain16 .* attacks Plain12/, rng);
    let decisions = 0;
    while (s.dec === DEC_REATTACH) {
      expect(s.toMove).toBe(0);
      apply(s, legal(s)[0]!, rng);
      decisions++;
    }
    expect(decisions).toBe(2);
    ok(s);
    const d = (a: string, b: string) => {
      const p = where(s, a)!;
      const q = where(s, b)!;
      return [p[0] - q[0], p[1] - q[1]];
    };
    expect(d('Plain1', 'Plain2')).toEqual([1, 0]);
    expect(d('Plain4', 'Plain3')).toEqual([1, 0]);
  });
});
