/**
 * Writing a run's results. Every file is written to a temporary name and renamed into place,
 * so a reader never sees half a file; run.json is written last and is the mark of a complete
 * run. Before a run starts, the previous run's files are removed (or the run is refused if
 * they belong to a different run and --force was not given), so a killed run never leaves a
 * directory that looks complete.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Plan } from '../sim/scenario/types.js';

export const RUN_FORMAT = 'squabble-run/1';
export const RESULT_FILES = ['summary.json', 'summary.md', 'run.json', 'partial.json', 'checkpoint.json'] as const;
/** The report of a previous run in the same directory goes too: it would describe other games. */
export const REPORT_PARTS = ['report.html', 'charts', 'tables'] as const;

export interface RunRecord {
  format: string;
  version: string;
  scenario: string;
  name: string;
  game: string;
  scenarioHash: string;
  seed: number | string;
  masterSeed: number;
  variant: string | null;
  games: number;
  workers: number;
  checkInvariants: boolean;
  startedAt: string;
  wallSeconds: number;
  gamesPerSecond: number;
  node: string;
}

export class OutputDirError extends Error {}

export function writeAtomic(path: string, content: string | Uint8Array): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, content);
  renameSync(tmp, path);
}

/** Make `dir` ready for a run of `plan`; refuse to replace a different run unless forced. */
export function prepareOutDir(dir: string, plan: Plan, force: boolean): void {
  const runFile = join(dir, 'run.json');
  if (existsSync(runFile) && !force) {
    let previous: Partial<RunRecord> = {};
    try {
      previous = JSON.parse(readFileSync(runFile, 'utf8')) as Partial<RunRecord>;
    } catch {
      // unreadable: treat as a different run
    }
    const same = previous.scenarioHash === plan.scenarioHash && previous.seed === plan.seed && previous.games === plan.games;
    if (!same)
      throw new OutputDirError(
        `${dir} holds a different run (${previous.name ?? 'unknown'}, ${previous.games ?? '?'} games, seed ${previous.seed ?? '?'}); use --force to replace it or --out to choose another directory`,
      );
  }
  const checkpointFile = join(dir, 'checkpoint.json');
  if (existsSync(checkpointFile) && !force) {
    let previous: { plan?: Partial<Plan> } = {};
    try {
      previous = JSON.parse(readFileSync(checkpointFile, 'utf8')) as { plan?: Partial<Plan> };
    } catch {
      // unreadable: treat as a different run
    }
    const p = previous.plan ?? {};
    if (p.scenarioHash !== plan.scenarioHash || p.seed !== plan.seed || p.games !== plan.games)
      throw new OutputDirError(`${dir} holds an interrupted run of ${p.name ?? 'another scenario'}; continue it with --resume ${dir}, or use --force to discard it`);
  }
  mkdirSync(dir, { recursive: true });
  for (const f of RESULT_FILES) rmSync(join(dir, f), { force: true });
  for (const d of REPORT_PARTS) rmSync(join(dir, d), { force: true, recursive: true });
}

export function writeJson(dir: string, name: string, value: unknown): void {
  writeAtomic(join(dir, name), `${JSON.stringify(value, null, 2)}\n`);
}
