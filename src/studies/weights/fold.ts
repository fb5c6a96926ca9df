/**
 * The weights study's fold, where the pool worker looks for it (src/runner/worker.ts loads
 * studies/<FoldRef.study>/fold). It lives in the study kit because `fair` plays weights studies
 * too (src/studies/kit/stat-weights/).
 */
export { default } from '../kit/stat-weights/fold.js';
export type { WeightsTask } from '../kit/stat-weights/fold.js';
