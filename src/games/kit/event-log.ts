/**
 * The event log of a game state (issue 19's game kit): what happened since the last decision —
 * rolls, hits, moves, knock-outs — for the text trace (render.ts) and the replay page's scene
 * (scene.ts), never for play. Squall, Squirmish and Squish each kept one by hand; this is theirs.
 *
 * Events are rows of EVENT_WORDS numbers in one Float64Array of fixed capacity (word 0 the
 * game's event type, words 1..9 its fields, as the game's EV_* constants document; doubles, so
 * Squall's inches fit), written in place: nothing is allocated per event. The log records only
 * while `on`, which the replay sets (src/replay/steps.ts) and tests that read events set; in play
 * it stays off, so `add` costs one test of a boolean.
 *
 * A state holds its log as a non-enumerable property (`attachEventLog`): a trace is not the
 * position, so `copyState` does not copy it and state comparisons (Object.keys) do not see it,
 * and states a policy makes for its look-ahead never record.
 */
import type { EventSwitch } from '../../sim/types.js';

/** Numbers per event: its type and up to nine fields. */
export const EVENT_WORDS = 10;

export class EventLog implements EventSwitch {
  /** Record events (off in play; see the file comment). */
  on = false;
  /** Events recorded since the last `clear`. */
  count = 0;
  /** Events past the capacity since the last `clear`, not recorded. */
  dropped = 0;
  readonly words: Float64Array;

  constructor(readonly capacity: number) {
    this.words = new Float64Array(capacity * EVENT_WORDS);
  }

  clear(): void {
    this.count = 0;
    this.dropped = 0;
  }

  /** Record an event of `type` with up to nine fields (the rest are 0). */
  add(type: number, a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0): void {
    if (!this.on) return;
    const n = this.count;
    if (n >= this.capacity) {
      this.dropped++;
      return;
    }
    const w = this.words;
    const o = n * EVENT_WORDS;
    w[o] = type;
    w[o + 1] = a;
    w[o + 2] = b;
    w[o + 3] = c;
    w[o + 4] = d;
    w[o + 5] = e;
    w[o + 6] = f;
    w[o + 7] = g;
    w[o + 8] = h;
    w[o + 9] = i;
    this.count = n + 1;
  }

  /** Event n's type (word 0). */
  type(n: number): number {
    return this.words[n * EVENT_WORDS]!;
  }

  /** Field k (1..9) of event n. */
  field(n: number, k: number): number {
    return this.words[n * EVENT_WORDS + k]!;
  }
}

/** Give `state` an event log of `capacity` events as the non-enumerable property `eventLog`. */
export function attachEventLog(state: object, capacity: number): EventLog {
  const log = new EventLog(capacity);
  Object.defineProperty(state, 'eventLog', { value: log, enumerable: false, writable: false });
  return log;
}
