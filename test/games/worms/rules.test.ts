/** Worms rules (docs/rules/worms.md): the seed's worked examples and every rule and variant. */
import { describe, it, expect } from 'vitest';
import { worms } from '../../../src/games/worms/index.js';
import { attackAction, DARKSIDE, PASS } from '../../../src/games/worms/actions.js';
import { wormsRulesSchema } from '../../../src/games/worms/params.js';
import { cardsRemovedByAttack } from '../../../src/games/worms/rules.js';
import { Rng } from '../../../src/sim/rng.js';
import { position, wormsOf, anyRng } from './position.js';

const legal = (s: ReturnType<typeof position>): number[] => {
  const out = new Int32Array(worms.actionCapacity(s.rules, s.players));
  return Array.from(out.subarray(0, worms.legalActions(s, out)));
};

describe('worked examples from the seed', () => {
  // Player 1 of the seed is seat 0, player 2 is seat 1.
  const seedPosition = () =>
    position({
      worms: [
        ['8 2 4 K', '6 6 7 4', '9 2 9 Q'],
        ['4 3 7 9', 'K J 2 8', 'J A 4 6'],
      ],
      nextDraws: '7 9 J',
    });

  it('Q attacks [4 3 7 9]: 9, 7 and 3 go, 4 stays, and a card is dealt onto the attacking worm', () => {
    const s = seedPosition();
    worms.apply(s, attackAction(2, 1, 0, 0), anyRng());
    expect(wormsOf(s, 0)).toEqual(['8 2 4 K', '6 6 7 4', '9 2 9 7']);
    expect(wormsOf(s, 1)).toEqual(['4', 'K J 2 8', 'J A 4 6']);
    expect(s.discardLen).toBe(4); // Q, 9, 7, 3
    expect(worms.checkInvariants(s)).toBeNull();
  });

  it('player 2 darksides worm 0, then 7 attacks [J A 4 6]: 6, 4 and the ace go, J stays', () => {
    const s = seedPosition();
    const rng = anyRng();
    worms.apply(s, attackAction(2, 1, 0, 0), rng);
    expect(s.toMove).toBe(1);
    worms.apply(s, DARKSIDE + 0, rng);
    expect(wormsOf(s, 1)).toEqual(['4 9', 'K J 2 8', 'J A 4 6']);
    worms.apply(s, attackAction(2, 1, 2, 0), rng);
    expect(wormsOf(s, 0)).toEqual(['8 2 4 K', '6 6 7 4', '9 2 9 J']);
    expect(wormsOf(s, 1)).toEqual(['4 9', 'K J 2 8', 'J']);
    expect(worms.checkInvariants(s)).toBeNull();
  });
});

describe('attacks', () => {
  it('are legal when the attacking top is equal or higher; an ace on top is 14', () => {
    const s = position({ worms: [['2 A', '3 K', '4 5'], ['5 A', '2 K', '9 5']] });
    expect(legal(s)).toEqual([
      // worm 0 (A) attacks everything
      attackAction(0, 1, 0, 0), attackAction(0, 1, 1, 0), attackAction(0, 1, 2, 0),
      // worm 1 (K) attacks K and 5, not A
      attackAction(1, 1, 1, 0), attackAction(1, 1, 2, 0),
      // worm 2 (5) attacks the 5 only
      attackAction(2, 1, 2, 0),
      DARKSIDE, DARKSIDE + 1, DARKSIDE + 2,
    ]);
  });

  it('an ace below the top counts 1 and extends a run; an ace attacked on top is 14', () => {
    const s = position({ worms: [['2 A', '3 K', '4 5'], ['J A 4 6', '2 A', '9 5']] });
    expect(cardsRemovedByAttack(s, 3)).toBe(3); // 6, 4, A(1) go; J stays
    expect(cardsRemovedByAttack(s, 4)).toBe(2); // A (14) on top, then 2 < 14 goes too
  });

  it('stop the run at an equal card, unless runIncludesEqual', () => {
    const base = { worms: [['K', '2', '2'], ['5 7 7 9', '3', '3']] };
    const strict = position(base);
    worms.apply(strict, attackAction(0, 1, 0, 0), anyRng());
    expect(wormsOf(strict, 1)[0]).toBe('5 7');
    const equal = position({ ...base, rules: { runIncludesEqual: true } });
    worms.apply(equal, attackAction(0, 1, 0, 0), anyRng());
    expect(wormsOf(equal, 1)[0]).toBe(''); // 9, 7, 7, 5 all go: the worm dies
    expect(equal.living[1]).toBe(2);
  });

  it('a one-card worm that attacks is not killed: it is dealt a new card', () => {
    const s = position({ worms: [['Q', '2', '2'], ['9', '3', '3']], nextDraws: '4' });
    worms.apply(s, attackAction(0, 1, 0, 0), anyRng());
    expect(wormsOf(s, 0)).toEqual(['4', '2', '2']);
    expect(wormsOf(s, 1)[0]).toBe('');
    expect(s.living).toEqual(new Int8Array([3, 2]));
  });

  it('killing the last worm eliminates the player and ends a two-player game', () => {
    const s = position({ worms: [['Q', '2', '2'], ['9', '', '']] });
    worms.apply(s, attackAction(0, 1, 0, 0), anyRng());
    expect(s.terminal).toBe(true);
    expect(s.winner).toBe(0);
    expect(s.capped).toBe(false);
    expect(Array.from(s.eliminationOrder.subarray(0, s.eliminationCount))).toEqual([1]);
    expect(s.eliminatedAtTurn[1]).toBe(1);
  });
});

describe('the one-worm rule', () => {
  it('offers Attack(noDraw) only to a player with one living worm whose worm keeps a card', () => {
    const one = position({ worms: [['5 Q', '', ''], ['9', '3', '3']] });
    expect(legal(one)).toContain(attackAction(0, 1, 0, 1));
    const oneCard = position({ worms: [['Q', '', ''], ['9', '3', '3']] });
    expect(legal(oneCard)).not.toContain(attackAction(0, 1, 0, 1));
    const two = position({ worms: [['5 Q', '2', ''], ['9', '3', '3']] });
    expect(legal(two)).not.toContain(attackAction(0, 1, 0, 1));
  });

  it('Attack(noDraw) exposes the card below and draws nothing', () => {
    const s = position({ worms: [['5 Q', '', ''], ['9', '3', '3']] });
    const deck = s.deckLen;
    worms.apply(s, attackAction(0, 1, 0, 1), anyRng());
    expect(wormsOf(s, 0)[0]).toBe('5');
    expect(s.deckLen).toBe(deck);
    expect(s.noDrawAttacks).toBe(1);
  });
});

describe('darkside, drawing and passing', () => {
  it('darkside deals the top card of the deck onto the chosen worm', () => {
    const s = position({ worms: [['2', '3', '4'], ['K', 'K', 'K']], nextDraws: '8' });
    expect(legal(s)).toEqual([DARKSIDE, DARKSIDE + 1, DARKSIDE + 2]);
    worms.apply(s, DARKSIDE + 1, anyRng());
    expect(wormsOf(s, 0)).toEqual(['2', '3 8', '4']);
  });

  it('an empty deck is replaced by the shuffled discard pile', () => {
    const s = position({ worms: [['2', '3', '4'], ['K', 'K', 'K']], restInDiscard: true });
    expect(s.deckLen).toBe(0);
    const before = s.discardLen;
    worms.apply(s, DARKSIDE, anyRng());
    expect(s.reshuffles).toBe(1);
    expect(s.deckLen).toBe(before - 1);
    expect(s.discardLen).toBe(0);
    expect(worms.checkInvariants(s)).toBeNull();
  });

  it('with no attack and nothing to draw the turn passes', () => {
    const s = position({ worms: [['2', '3', '4'], ['K', 'K', 'K']] });
    s.deckLen = 0; // a crafted impossibility: no card anywhere to draw
    s.discardLen = 0;
    expect(legal(s)).toEqual([PASS]);
    worms.apply(s, PASS, anyRng());
    expect(s.toMove).toBe(1);
    expect(s.turns).toBe(1);
    expect(s.passes).toBe(1);
  });
});

describe('turn order and rounds', () => {
  it('goes up the seats, skipping eliminated players, and counts rounds from the first seat', () => {
    const s = position({ worms: [['2', '2', '2'], ['', '', ''], ['3', '3', '3']], nextDraws: '4 5 6 7' });
    const rng = anyRng();
    expect(s.rounds).toBe(1);
    worms.apply(s, DARKSIDE, rng);
    expect(s.toMove).toBe(2);
    expect(s.rounds).toBe(1);
    worms.apply(s, DARKSIDE, rng);
    expect(s.toMove).toBe(0);
    expect(s.rounds).toBe(2);
  });

  it('firstSeat random picks every seat over many games; 0 always starts with the default', () => {
    const random = worms.createState(wormsRulesSchema.parse({ firstSeat: 'random' }), 3);
    const fixed = worms.createState(wormsRulesSchema.parse({}), 3);
    const seen = new Set<number>();
    const rng = new Rng();
    for (let i = 0; i < 60; i++) {
      rng.seedGame(1, 0, i);
      worms.reset(random, rng);
      seen.add(random.firstSeat);
      expect(random.toMove).toBe(random.firstSeat);
      worms.reset(fixed, rng);
      expect(fixed.firstSeat).toBe(0);
    }
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });
});

describe('decks', () => {
  it('auto means one deck for 2-3 players and two for 4 or more; a number overrides', () => {
    const cardsFor = (players: number, decks?: number) =>
      worms.createState(wormsRulesSchema.parse(decks === undefined ? {} : { decks }), players).totalCards;
    expect([cardsFor(2), cardsFor(3), cardsFor(4), cardsFor(8), cardsFor(2, 3)]).toEqual([52, 52, 104, 104, 156]);
  });

  it('refuses a setup without enough cards to deal', () => {
    expect(worms.checkSetup!(wormsRulesSchema.parse({ decks: 1 }), 5)?.[0]).toBe('rules.decks');
    expect(worms.checkSetup!(wormsRulesSchema.parse({ decks: 1 }), 4)).toBeNull();
  });

  it('deals three worms of four to each seat, the first card dealt at the bottom', () => {
    const s = worms.createState(wormsRulesSchema.parse({}), 2);
    const rng = new Rng();
    rng.seedGame(5, 0, 0);
    worms.reset(s, rng);
    for (let w = 0; w < 6; w++) expect(s.wormLength(w)).toBe(4);
    expect(s.deckLen).toBe(52 - 24);
    expect(worms.checkInvariants(s)).toBeNull();
  });
});

describe('sudden death', () => {
  const endgame = (suddenDeath: boolean) =>
    position({ worms: [['9 8 K', '', ''], ['5', '3 4 2', '']], nextDraws: '2 6 7 8', rules: { suddenDeath } });

  it('starts when two players remain on one worm each and removes both bottom cards every round', () => {
    const s = endgame(true);
    const rng = anyRng();
    worms.apply(s, attackAction(0, 1, 0, 0), rng); // K kills [5]: one worm each now
    expect(s.suddenDeathActive).toBe(true);
    expect(wormsOf(s, 0)[0]).toBe('9 8 2');
    worms.apply(s, DARKSIDE + 1, rng); // seat 1's turn: [3 4 2 6]
    expect(wormsOf(s, 1)[1]).toBe('3 4 2 6');
    worms.apply(s, DARKSIDE + 0, rng); // seat 0's turn ends the round: bottoms go
    expect(wormsOf(s, 0)[0]).toBe('8 2 7');
    expect(wormsOf(s, 1)[1]).toBe('4 2 6');
    expect(s.suddenDeathRemovals).toBe(1);
    expect(worms.checkInvariants(s)).toBeNull();
  });

  it('is off by default', () => {
    const s = endgame(false);
    const rng = anyRng();
    worms.apply(s, attackAction(0, 1, 0, 0), rng);
    worms.apply(s, DARKSIDE + 1, rng);
    worms.apply(s, DARKSIDE + 0, rng);
    expect(s.suddenDeathActive).toBe(false);
    expect(wormsOf(s, 0)[0]).toBe('9 8 2 7');
  });

  it('is a draw when the round-end removal empties both last worms at once', () => {
    // Mid-round: seat 0 has had its turn since the last removal; seat 1 moves and ends the round.
    const s = position({ worms: [['9 5', '', ''], ['2 Q', '', '']], toMove: 1, rules: { suddenDeath: true } });
    s.suddenDeathActive = true;
    s.suddenDeathTurns = 1;
    worms.apply(s, attackAction(0, 0, 0, 1), anyRng()); // Q takes the 5 (9 stays), no draw: [9] vs [2]
    expect(s.terminal).toBe(true);
    expect(s.winner).toBe(-1);
    expect(s.capped).toBe(false);
    expect(s.alivePlayers).toBe(0);
    expect(s.eliminationCount).toBe(2);
    expect(worms.checkInvariants(s)).toBeNull();
  });
});

describe('the turn cap', () => {
  it('ends the game as capped, with no winner', () => {
    const s = position({ worms: [['2', '2', '2'], ['3', '3', '3']], rules: { maxTurns: 3 } });
    const rng = anyRng();
    for (let i = 0; i < 3; i++) worms.apply(s, DARKSIDE, rng);
    expect(s.terminal).toBe(true);
    expect(s.capped).toBe(true);
    expect(s.winner).toBe(-1);
  });
});
