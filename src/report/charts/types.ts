/** What the report hands every chart (src/charts-kit/spec.ts: ChartBuilder), registered in charts/index.ts. */
import type { ChartInput } from '../../charts-kit/spec.js';
import type { RunRecord } from '../../runner/results.js';
import type { SincePrevious } from '../since-previous.js';

export interface ReportInput extends ChartInput {
  run: RunRecord;
  /** When this run replaced an earlier run of the same scenario: what changed since (since-previous.json). */
  sincePrevious?: SincePrevious;
}
