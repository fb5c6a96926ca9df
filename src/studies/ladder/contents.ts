/**
 * The ladder over many contents (issue 31's benchmark, bench/ladder-content.mjs, and the test that
 * pins a sample of it): the ladder of each generated content (src/content/generate.ts), then, per
 * step, the share of contents where it holds (with its 95% Wilson interval: here the content is
 * the unit) and the mean score over contents, with the draws and capped games of all of them.
 */
import { wilson } from '../../sim/stats/intervals.js';
import { generateContent, withSeats, type ContentGame, type GeneratedContent } from '../../content/generate.js';
import type { LadderStepVerdict } from '../kit/ladder-verdict.js';
import { ladderLevels, ladderPlans, playLadder } from './play.js';

export interface ContentLadder {
  content: GeneratedContent;
  steps: LadderStepVerdict[];
}

/**
 * The ladder of the k-th content of `game` drawn from `contentSeed`, `games` a step, games on
 * `seed`; `levels` keeps only the weakest that many levels (a quick sample of the lower steps).
 */
export async function contentLadder(game: ContentGame, contentSeed: number | string, k: number, o: { games: number; seed: number | string; workers: number; levels?: number }): Promise<ContentLadder> {
  const content = generateContent(game, contentSeed, k);
  const all = ladderLevels(game);
  if (typeof all === 'string') throw new Error(all);
  const levels = o.levels === undefined ? all : all.slice(0, o.levels);
  const data = withSeats(content, [{ policy: 'random' }]);
  const steps = await playLadder(ladderPlans(data, content.file, levels, content.players, { games: o.games, seed: o.seed }), { workers: o.workers });
  return { content, steps };
}

export interface StepOverContents {
  step: string;
  contents: number;
  /** Contents where the step holds (the upper level's 95% interval above 50%). */
  holding: number;
  share: number;
  shareInterval: [number, number];
  /** Mean of the upper level's score over contents, and the lowest and highest. */
  meanScore: number;
  minScore: number;
  maxScore: number;
  games: number;
  draws: number;
  capped: number;
}

/** Per step (in ladder order), how it fared over the contents. */
export function stepsOverContents(ladders: readonly ContentLadder[]): StepOverContents[] {
  const names = ladders[0]?.steps.map((s) => `${s.upper} v ${s.lower}`) ?? [];
  return names.map((step, i) => {
    const all = ladders.map((l) => l.steps[i]!);
    const holding = all.filter((s) => s.holds).length;
    const scores = all.map((s) => s.score);
    return {
      step,
      contents: all.length,
      holding,
      share: all.length > 0 ? holding / all.length : 0,
      shareInterval: wilson(holding, all.length),
      meanScore: scores.reduce((t, x) => t + x, 0) / Math.max(1, scores.length),
      minScore: Math.min(...scores),
      maxScore: Math.max(...scores),
      games: all.reduce((t, s) => t + s.games, 0),
      draws: all.reduce((t, s) => t + s.draws, 0),
      capped: all.reduce((t, s) => t + s.capped, 0),
    };
  });
}
