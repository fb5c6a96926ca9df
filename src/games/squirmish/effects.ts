/**
 * Named effects implemented in code: anything the card language (docs/cards.md) cannot say as
 * data is written here once, registered by name, and used from a card file as
 * `- custom: <name>`. Card files stay data; this registry is the only place new behaviour
 * enters. A named effect runs inside the effect queue with its source card and controller; it
 * may use the rng (chance stays inside `apply`) but must not ask for a decision.
 */
import type { Rng } from '../../sim/rng.js';

/**
 * What a named effect may read and change of a SquirmishState (which satisfies it; jobs.ts passes
 * the state itself). Declared here rather than imported from state.ts because the card parser
 * (ability-parser.ts) needs this file's names and state.ts needs the compiled card table: importing the
 * state would close a cycle (test/architecture/import-cycles.test.ts). A new named effect that
 * needs more of the state adds the member here.
 */
export interface NamedEffectState {
  readonly players: number;
  readonly owner: Int8Array;
  readonly victoryLen: Int16Array;
  readonly gridList: Int16Array;
  readonly gridCount: number;
  recycleDiscard(rng: Rng): void;
  unprize(p: number): void;
  healCard(i: number, n: number, source: number): number;
}

export interface NamedEffect {
  readonly description: string;
  run(s: NamedEffectState, source: number, seat: number, rng: Rng): void;
}

export const NAMED_EFFECTS: Readonly<Record<string, NamedEffect>> = {
  'recycle-discard': {
    description: 'Shuffle the discard pile into the deck (under no-draw deck-out rules this refills the deck).',
    run(s, _source, _seat, rng) {
      s.recycleDiscard(rng);
    },
  },
  'unprize': {
    description:
      "Take the most recently won card from the largest opponent victory pile (first such opponent in seat order after the controller) and put it in the discard pile.",
    run(s, _source, seat) {
      let best = -1;
      for (let k = 1; k < s.players; k++) {
        const p = (seat + k) % s.players;
        if (s.victoryLen[p]! > 0 && (best < 0 || s.victoryLen[p]! > s.victoryLen[best]!)) best = p;
      }
      if (best >= 0) s.unprize(best);
    },
  },
  'heal-all-own': {
    description: "Remove one damage counter from every card its controller has in play.",
    run(s, source, seat) {
      for (let k = 0; k < s.gridCount; k++) {
        const i = s.gridList[k]!;
        if (s.owner[i] === seat) s.healCard(i, 1, source);
      }
    },
  },
};

export const NAMED_EFFECT_NAMES = Object.keys(NAMED_EFFECTS);
