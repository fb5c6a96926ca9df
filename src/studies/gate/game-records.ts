/**
 * Each game's outcome and length, kept by `baseline` and `check` (Plan.recordGames) so the gate
 * can test a change game by game: both runs play game i from the same seed, and the paired
 * difference of a per-game value (seat 0 won, the game's length) has far less variance than two
 * independent samples whenever the change leaves most games alone.
 *
 * Stored in a baseline as `gameRecords`: two unsigned 32-bit little-endian words per game
 * (Accumulator.gameRecordData: 1 + outcome + 8·first seat, and turns + 2^20·rounds), deflated
 * and base64-encoded (a 20,000-game baseline grows by tens of KB, not by 160 KB).
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { ROUNDS_SHIFT } from '../../sim/stats/accumulator.js';

/** Per-game values of the metrics the paired test can take (null for the others). */
export type GameValues = (id: string) => Float64Array | null;

export const GAME_RECORDS_ENCODING = 'squabble-game-records/1: deflate-raw, base64; per game two uint32 LE: 1 + outcome + 8*firstSeat, turns + 2^20*rounds';

export interface StoredGameRecords {
  encoding: string;
  games: number;
  data: string;
}

export function encodeGameRecords(records: Float64Array): StoredGameRecords {
  const words = Uint32Array.from(records);
  return { encoding: GAME_RECORDS_ENCODING, games: records.length / 2, data: deflateRawSync(Buffer.from(words.buffer)).toString('base64') };
}

/** The records of a baseline, or null if it has none, their encoding is unknown, or they do not cover `games`. */
export function decodeGameRecords(stored: StoredGameRecords | undefined, games: number): Float64Array | null {
  if (!stored || stored.encoding !== GAME_RECORDS_ENCODING || stored.games !== games) return null;
  let bytes: Buffer;
  try {
    bytes = inflateRawSync(Buffer.from(stored.data, 'base64'));
  } catch {
    return null; // cut short or edited
  }
  if (bytes.length !== games * 8) return null;
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, games * 2);
  return Float64Array.from(words);
}

/**
 * Per-game values of the headline metrics a game record holds: seat k's win, draw, capped,
 * first player's win (1 or 0), and the length in turns and rounds. Null for other metrics, or
 * when some game was not recorded.
 */
export function gameValues(records: Float64Array, players: number): GameValues {
  const games = records.length / 2;
  for (let i = 0; i < games; i++) if (records[2 * i] === 0) return () => null;
  const each = (f: (outcome: number, first: number, turns: number, rounds: number) => number) => {
    const out = new Float64Array(games);
    for (let i = 0; i < games; i++) {
      const code = records[2 * i]! - 1;
      const length = records[2 * i + 1]!;
      out[i] = f(code % 8, Math.floor(code / 8), length % ROUNDS_SHIFT, Math.floor(length / ROUNDS_SHIFT));
    }
    return out;
  };
  return (id) => {
    const seat = /^seat (\d+) win rate$/.exec(id);
    if (seat) return each((o) => (o === Number(seat[1]) ? 1 : 0));
    if (id === 'draw rate') return each((o) => (o === players ? 1 : 0));
    if (id === 'capped rate') return each((o) => (o === players + 1 ? 1 : 0));
    if (id === 'first player win rate') return each((o, first) => (o === first ? 1 : 0));
    if (id === 'mean length (turns)') return each((_, __, turns) => turns);
    if (id === 'mean length (rounds)') return each((_, __, ___, rounds) => rounds);
    return null;
  };
}
