/** The brawler's taped bestMove (move-tape.ts): replaying the offers picks and draws as offering afresh. */
import { describe, it, expect } from 'vitest';
import { TapedPicker } from '../../../src/games/squall/move-tape.js';
import { BestPicker } from '../../../src/games/kit/best-picker.js';
import { Rng } from '../../../src/sim/rng.js';

const seeded = (game: number): Rng => {
  const rng = new Rng();
  rng.seedGame(7, game, 0);
  return rng;
};

describe('TapedPicker', () => {
  it('replays a tape with ties to the same pick and the same rng draws as the offers made afresh', () => {
    // Scores with ties (the picker draws on each), in two runs as bestMove's two searches make them.
    const first = [3, 5, 5, 1, 5, 2];
    const second = [0.5, 0.5, 0.25, 0.5];
    for (let game = 0; game < 40; game++) {
      const taped = new TapedPicker(-1);
      const rngTaped = seeded(game);
      taped.recording = true;
      taped.count = 0;
      taped.start();
      first.forEach((score, i) => taped.offer(i, score, rngTaped));
      const firstEnd = taped.count;
      taped.start();
      second.forEach((score, i) => taped.offer(10 + i, score, rngTaped));
      taped.recording = false;
      const end = taped.count;
      expect(end).toBe(first.length + second.length);

      // Afresh and replayed from the same rng state: same picks, same best, same next draw.
      const fresh = new BestPicker(-1);
      const rngFresh = seeded(1000 + game);
      const rngReplay = seeded(1000 + game);
      fresh.start();
      first.forEach((score, i) => fresh.offer(i, score, rngFresh));
      const freshFirst = fresh.index;
      fresh.start();
      second.forEach((score, i) => fresh.offer(10 + i, score, rngFresh));
      taped.replay(0, firstEnd, rngReplay);
      expect(taped.index).toBe(freshFirst);
      expect(taped.best).toBe(5);
      taped.replay(firstEnd, end, rngReplay);
      expect(taped.index).toBe(fresh.index);
      expect(taped.best).toBe(fresh.best);
      expect(taped.count).toBe(end); // replaying records nothing
      expect(rngReplay.int(1 << 30)).toBe(rngFresh.int(1 << 30));
    }
  });

  it('keeps offers past its first capacity', () => {
    const taped = new TapedPicker(-1);
    const rng = seeded(1);
    taped.recording = true;
    for (let i = 0; i < 300; i++) taped.offer(i, i % 7, rng);
    expect(taped.count).toBe(300);
    expect(taped.idx[299]).toBe(299);
    expect(taped.score[299]).toBe(299 % 7);
  });
});
