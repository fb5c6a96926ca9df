/** Text views of a Worms position and action, for `squabble replay` and golden traces. */
import { WormsState } from './state.js';
import { WORMS_PER_PLAYER } from './params.js';
import {
  DARKSIDE,
  PASS,
  isAttack,
  attackNoDraw,
  attackOwnWorm,
  attackTargetSeat,
  attackTargetWorm,
} from './actions.js';
import { cardsRemovedByAttack } from './rules.js';

const RANK_NAMES = ['', '', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
export const rankName = (rank: number): string => RANK_NAMES[rank] ?? '?';

/** Worm cards bottom to top, e.g. `[4 3 7 9]`, or `dead`. */
export function wormText(s: WormsState, w: number): string {
  if (s.wormLength(w) === 0) return 'dead';
  return `[${s.wormCards(w).map(rankName).join(' ')}]`;
}

export function render(s: WormsState): string {
  const lines = [`deck ${s.deckLen}, discard ${s.discardLen}${s.suddenDeathActive ? ', sudden death' : ''}`];
  for (let p = 0; p < s.players; p++) {
    const worms = [];
    for (let k = 0; k < WORMS_PER_PLAYER; k++) worms.push(wormText(s, p * WORMS_PER_PLAYER + k));
    const out = s.living[p] === 0 ? `  (out, turn ${s.eliminatedAtTurn[p]})` : '';
    lines.push(`  seat ${p}: ${worms.join(' ')}${out}`);
  }
  return lines.join('\n');
}

export function describeAction(s: WormsState, action: number): string {
  const me = s.toMove;
  if (action === PASS) return `seat ${me} passes (no legal action)`;
  if (!isAttack(action)) {
    const w = action - DARKSIDE;
    return `seat ${me} darksides worm ${w} ${wormText(s, me * WORMS_PER_PLAYER + w)}`;
  }
  const a = attackOwnWorm(action);
  const p = attackTargetSeat(action);
  const t = attackTargetWorm(action);
  const wa = me * WORMS_PER_PLAYER + a;
  const wt = p * WORMS_PER_PLAYER + t;
  const removed = cardsRemovedByAttack(s, wt);
  const kills = removed === s.wormLength(wt) ? ', killing it' : '';
  const keep = attackNoDraw(action) === 1 ? ' and does not draw' : '';
  return (
    `seat ${me} attacks with worm ${a} (${rankName(s.topCard(wa))}) ` +
    `seat ${p}'s worm ${t} ${wormText(s, wt)}: ${removed} card${removed === 1 ? '' : 's'} removed${kills}${keep}`
  );
}
