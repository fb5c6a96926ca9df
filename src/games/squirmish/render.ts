/**
 * Text views of a Squirmish position and decision, for `squabble replay` and golden traces.
 * Cards on the grid show as `Name s0 3/7` (controller seat, damage / HP). Hands are printed in
 * full but marked hidden: a trace is for the analyst, not for a seat.
 */
import {
  SquirmishState,
} from './state.js';
import {
  DEC_WEIGH_PICK, DEC_WEIGH_PLACE, DEC_DRAFT, DEC_STEP, DEC_REROLL, DEC_HAND, DEC_REATTACH, DEC_CONSOLATION, DEC_JOB,
  STEP_NAMES, EV_DAMAGE, EV_HEAL, EV_NO_EFFECT, EV_AVOIDED, EV_CONFUSED, EV_KO, EV_OWN_KO, EV_FRAGMENT, EV_REROLLED, PH_TURN,
} from './state-codes.js';
import { OP_SKIP, OP_ATTACK, OP_PLACE, OP_REPLACE, OP_MOVE, OP_DRAW, OP_DISCARD, OP_PICK, OP_FRAG, OP_USE, OP_REROLL, OP_SHIFT, OP_SEAT, opOf, xOf, yOf } from './actions.js';
import { effectWord } from './vocabulary.js';
import { currentStep } from './steps.js';

export function cardName(s: SquirmishState, i: number): string {
  return i < 0 ? '?' : (s.table.names[s.instCard[i]!] ?? '?');
}

/** A cell as (x, y) relative to the grid's centre (y grows downwards). */
export function cellText(s: SquirmishState, c: number): string {
  const W = s.W;
  const x = c % W;
  const y = (c - x) / W;
  return `(${x - (W >> 1)}, ${y - (W >> 1)})`;
}

function inPlayText(s: SquirmishState, i: number): string {
  return `${cardName(s, i)} s${s.owner[i]} ${s.damage[i]}/${s.hpOf(i)}`;
}

export function eventsText(s: SquirmishState): string[] {
  const lines: string[] = [];
  const log = s.eventLog;
  for (let k = 0; k < log.count; k++) {
    const a = log.field(k, 1);
    const t = log.field(k, 2);
    const sp = log.field(k, 5);
    const roll = `rolls ${log.field(k, 3)}${log.field(k, 6) ? ' (re-rolled)' : ''}${sp >= 0 ? `, special ${JSON.stringify(s.table.abilityNames[sp])}` : ''}`;
    switch (log.type(k)) {
      case EV_DAMAGE:
        lines.push(`  ${cardName(s, a)} attacks ${cardName(s, t)}: ${roll}: ${log.field(k, 4)} damage`);
        break;
      case EV_HEAL:
        lines.push(`  ${cardName(s, a)} attacks ${cardName(s, t)}: ${roll}: heals ${log.field(k, 4)}`);
        break;
      case EV_NO_EFFECT:
        lines.push(`  ${cardName(s, a)} attacks ${cardName(s, t)}: ${roll}: NO EFFECT`);
        break;
      case EV_AVOIDED:
        lines.push(`  ${cardName(s, a)} attacks ${cardName(s, t)}: ${roll}: avoided`);
        break;
      case EV_CONFUSED:
        lines.push(`  ${cardName(s, a)} attacks ${cardName(s, t)}: ${roll}: ${cardName(s, t)} is confused`);
        break;
      case EV_KO:
        lines.push(`  KO: ${cardName(s, a)} goes to seat ${t}'s victory pile`);
        break;
      case EV_OWN_KO:
        lines.push(`  KO: ${cardName(s, a)} is discarded (knocked out by its own side)`);
        break;
      case EV_FRAGMENT:
        lines.push(`  the Squirmish broke into ${log.field(k, 4)} islands`);
        break;
      case EV_REROLLED: {
        // Card a's reroll-any: any-roll on a die rolled inside a resolution (dice.ts): t's ability's own die, or t's attack's second die.
        const of = sp >= 0 ? `the die of ability ${JSON.stringify(s.table.abilityNames[sp])} of ${cardName(s, t)}` : `the second die of ${cardName(s, t)}'s attack`;
        lines.push(`  ${cardName(s, a)} re-rolls ${of} (reroll-any: any-roll): ${log.field(k, 3)}, re-rolled ${log.field(k, 4)}`);
        break;
      }
    }
  }
  for (let k = 0; k < s.recentCount; k++) {
    const v = s.recentAbilities[k]!;
    const ab = Math.floor(v / 256);
    const i = v % 256;
    const eff: string[] = [];
    for (let e = s.table.abEffStart[ab]!; e < s.table.abEffEnd[ab]!; e++) eff.push(effectWord(s.table.effVerb[e]!, s.table.effArg[e]!));
    lines.push(`  ability ${JSON.stringify(s.table.abilityNames[ab])} of ${cardName(s, i)} (${eff.join(', ')})`);
  }
  return lines;
}

/** The smallest window of grid columns and rows that holds every card in play (empty grid: max < min). */
export function gridWindow(s: SquirmishState): { minX: number; minY: number; maxX: number; maxY: number } {
  const W = s.W;
  let minX = W;
  let minY = W;
  let maxX = -1;
  let maxY = -1;
  for (let k = 0; k < s.gridCount; k++) {
    const c = s.cell[s.gridList[k]!]!;
    minX = Math.min(minX, c % W);
    maxX = Math.max(maxX, c % W);
    minY = Math.min(minY, Math.floor(c / W));
    maxY = Math.max(maxY, Math.floor(c / W));
  }
  return { minX, minY, maxX, maxY };
}

export function render(s: SquirmishState): string {
  const lines: string[] = [];
  const top = s.discardLen > 0 ? `, top ${cardName(s, s.discard[s.discardLen - 1]!)}` : '';
  const step = s.phase === PH_TURN ? STEP_NAMES[currentStep(s)] : 'setup';
  lines.push(`deck ${s.deckLen}, discard ${s.discardLen}${top}; seat ${s.toMove} to decide (${step})`);
  lines.push(...eventsText(s));
  if (s.gridCount > 0) {
    const W = s.W;
    const { minX, minY, maxX, maxY } = gridWindow(s);
    let width = 1;
    for (let k = 0; k < s.gridCount; k++) width = Math.max(width, inPlayText(s, s.gridList[k]!).length);
    for (let y = minY; y <= maxY; y++) {
      const row: string[] = [];
      for (let x = minX; x <= maxX; x++) {
        const i = s.at(y * W + x);
        row.push((i >= 0 ? inPlayText(s, i) : '.').padEnd(width));
      }
      lines.push(`  | ${row.join(' | ')} |`);
    }
  } else lines.push('  (the Squirmish is empty)');
  for (let p = 0; p < s.players; p++) {
    const hand: string[] = [];
    for (let k = 0; k < s.handLen[p]!; k++) hand.push(cardName(s, s.handCard(p, k)));
    const prizes: string[] = [];
    for (let k = 0; k < s.victoryLen[p]!; k++) prizes.push(cardName(s, s.victory[p * s.maxInst + k]!));
    lines.push(`  seat ${p}: hand (hidden) [${hand.join(', ')}]; victory pile [${prizes.join(', ')}]`);
  }
  if (s.asideLen > 0) {
    const aside: string[] = [];
    for (let k = 0; k < s.asideLen; k++) aside.push(cardName(s, s.aside[k]!));
    lines.push(`  set aside: ${aside.join(', ')}`);
  }
  return lines.join('\n');
}

export function describeAction(s: SquirmishState, action: number): string {
  const p = s.toMove;
  const op = opOf(action);
  const x = xOf(action);
  const y = yOf(action);
  const who = `seat ${p}`;
  switch (s.dec) {
    case DEC_WEIGH_PICK:
      return `${who} picks ${cardName(s, x)} (HP ${s.hpOf(x)}) for the weigh-in`;
    case DEC_WEIGH_PLACE:
      return `${who} places its weigh-in pick ${cardName(s, x)} at ${cellText(s, y)}`;
    case DEC_DRAFT:
      return `${who} drafts ${cardName(s, x)}`;
    case DEC_REROLL:
      return op === OP_REROLL ? `${who} re-rolls the attack die` : `${who} keeps the roll`;
    case DEC_HAND:
      if (op === OP_DISCARD) return `${who} discards ${cardName(s, x)} (hand limit)`;
      break;
    case DEC_REATTACH:
      if (op === OP_FRAG) return `${who} re-attaches the fragment of ${cardName(s, x)} with it at ${cellText(s, y)}`;
      return `${who} re-attaches ${cardName(s, x)} at ${cellText(s, y)}`;
    case DEC_CONSOLATION:
      return op === OP_SKIP ? `${who} takes no card for its consolation prize, and draws` : `${who} takes its consolation prize: places ${cardName(s, x)} at ${cellText(s, y)}, and draws`;
    case DEC_JOB: {
      const e = s.jobEff[s.qHead]!;
      const what = `${effectWord(s.table.effVerb[e]!, s.table.effArg[e]!)} of ${cardName(s, s.jobSource[s.qHead]!)}`;
      switch (op) {
        case OP_SKIP:
          return `${who} declines (${what})`;
        case OP_PICK:
          return `${who} chooses ${cardName(s, x)} (${what})`;
        case OP_SEAT:
          return `${who} looks at seat ${x}'s hand (${what})`;
        case OP_SHIFT:
          return `${who} moves damage from ${cardName(s, x)} to ${cardName(s, y)} (${what})`;
        case OP_ATTACK:
          return `${who}: ${cardName(s, x)} attacks ${cardName(s, y)} again (${what})`;
      }
      break;
    }
    case DEC_STEP:
      if (op === OP_SKIP) return `${who} ends the ${STEP_NAMES[currentStep(s)]} step`;
      break;
  }
  switch (op) {
    case OP_ATTACK:
      return `${who}: ${cardName(s, x)} (${s.damage[x]}/${s.hpOf(x)}) attacks ${cardName(s, y)} of seat ${s.owner[y]} (${s.damage[y]}/${s.hpOf(y)})`;
    case OP_PLACE:
      return `${who} places ${cardName(s, x)} at ${cellText(s, y)}`;
    case OP_REPLACE:
      return `${who} replaces ${cardName(s, y)} with ${cardName(s, x)}`;
    case OP_MOVE:
      return `${who} moves ${cardName(s, x)}, swapping with ${cardName(s, y)}`;
    case OP_DRAW:
      return `${who} draws`;
    case OP_USE:
      return `${who} uses ${JSON.stringify(s.table.abilityNames[y])} of ${cardName(s, x)}`;
    case OP_DISCARD:
      return `${who} discards ${cardName(s, x)}`;
  }
  return `${who}: action ${action}`;
}
