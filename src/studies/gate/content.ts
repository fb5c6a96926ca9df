/**
 * The content a baseline was played with, stored in it so that `check` can play it again beside
 * the current content, game by game on the same seeds (common random numbers): the game, the
 * players, the resolved rules (every default filled in, data files such as a deck, roster or
 * board inline, stat overrides applied), the seats with their parameters and labels, and the
 * seating — exactly what the scenario hash covers, so the stored content must hash to the
 * baseline's `scenarioHash` (a check that also catches a truncated or edited copy).
 *
 * Stored as `content`: canonical JSON, deflated and base64-encoded (a Squirmish deck of 70 cards
 * takes a few KB).
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { canonicalJson, planHash } from '../../sim/scenario/load.js';
import type { Plan, SeatPlan, Seating } from '../../sim/scenario/types.js';
import { registry } from '../../registry.js';

export const CONTENT_ENCODING = 'squabble-content/1: deflate-raw, base64; canonical JSON of game, players, rules, seats, labels, seatLabel, seating';

/** The most a stored content may inflate to (the shipped scenarios' are under 7 KB compressed). */
const CONTENT_MAX_BYTES = 8 * 1024 * 1024;

export interface StoredContent {
  encoding: string;
  data: string;
}

/** What decides how a game plays, as the plan has it. */
interface PlayedContent {
  game: string;
  players: number;
  rules: Record<string, unknown>;
  seats: SeatPlan[];
  labels: string[];
  seatLabel: number[];
  seating: Seating;
}

export function encodeContent(plan: Plan): StoredContent {
  const { game, players, rules, seats, labels, seatLabel, seating } = plan;
  const content: PlayedContent = { game, players, rules, seats, labels, seatLabel, seating };
  return { encoding: CONTENT_ENCODING, data: deflateRawSync(Buffer.from(canonicalJson(content))).toString('base64') };
}

/**
 * Decode a baseline's stored content. Returns the problem as text when it cannot be used: an
 * unknown encoding, data that does not inflate or parse, or content whose hash is not the
 * baseline's scenario hash (truncated or edited).
 */
export function decodeContent(stored: StoredContent, scenarioHash: string): PlayedContent | string {
  if (stored.encoding !== CONTENT_ENCODING) return `content: expected encoding ${JSON.stringify(CONTENT_ENCODING)}, found ${JSON.stringify(stored.encoding)}`;
  let content: PlayedContent;
  try {
    // Capped: a deflate bomb in an edited baseline is refused, not inflated (a deck inlined is a few KB).
    content = JSON.parse(inflateRawSync(Buffer.from(stored.data, 'base64'), { maxOutputLength: CONTENT_MAX_BYTES }).toString('utf8')) as PlayedContent;
  } catch (e) {
    return `content: does not decode (${(e as Error).message}); the file is truncated or edited`;
  }
  const hash = typeof content === 'object' && content !== null && Array.isArray(content.seats) ? planHash(content.game, content.players, content.rules, content.seats, content.seating) : null;
  if (hash !== scenarioHash) return `content: hashes to ${hash ?? 'nothing'}, expected the baseline's scenarioHash ${scenarioHash}; the file is truncated or edited`;
  return content;
}

/**
 * The plan that plays the stored content with the current plan's seed and game count, so its
 * game i starts from the same seed as the current plan's game i; or, when this code cannot play
 * it (another game, or rules the game's schema no longer accepts), the reason.
 */
export function storedContentPlan(content: PlayedContent, now: Plan, scenarioHash: string): Plan | string {
  if (content.game !== now.game) return `the baseline plays ${content.game}, the scenario ${now.game}`;
  const game = registry.games[content.game];
  if (!game) return `this squabble has no game ${content.game}`;
  if (!game.rulesSchema.safeParse(content.rules).success) return "this squabble's rules schema no longer accepts the baseline's rules";
  const { expect: _expect, compareLevels: _levels, entrants: _entrants, ...rest } = now;
  return { ...rest, ...content, scenarioHash, recordGames: true };
}
