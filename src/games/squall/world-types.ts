/**
 * The part of a compiled Squall World that the path planner reads: the board's size and its
 * terrain. A type of its own so that planner.ts need not import world.ts, which builds the
 * planner (no import cycle, type-only ones included: test/architecture/import-cycles.test.ts).
 */
import type { ObstacleSet } from './obstacles.js';

export interface PlannerWorld {
  readonly width: number;
  readonly height: number;
  readonly obstacles: ObstacleSet;
}
