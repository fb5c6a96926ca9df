/**
 * Writing a run's results. Every file is written to a temporary name and renamed into place,
 * so a reader never sees half a file; run.json is written last and is the mark of a complete
 * run. How a folder is claimed before a run (lock, history, refusals) is in outdir.ts.
 */
import { join } from 'node:path';
import type { Plan } from '../sim/scenario/types.js';
import { fileHashOf, writeOwned, type RunIdentity } from './outdir.js';

export const RUN_FORMAT = 'squabble-run/1';

export interface RunRecord {
  format: string;
  version: string;
  scenario: string;
  name: string;
  game: string;
  scenarioHash: string;
  /** sha256 of the scenario file's bytes when the run started: a later run tells an edit from a re-run. */
  scenarioFileHash: string;
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

/** Write a file of squabble's into an output folder (outdir.ts: manifest, temporary name, refusal of foreign files). */
export function writeAtomic(path: string, content: string | Uint8Array): void {
  writeOwned(path, content);
}

/** The identity of a plan's games in an output folder (a --shard part is its own run). */
export function runIdentity(plan: Plan, part?: { k: number; n: number }): RunIdentity {
  return { kind: 'run', scenario: plan.file, name: plan.name, hash: part ? `${plan.scenarioHash}/part-${part.k}-of-${part.n}` : plan.scenarioHash, seed: plan.seed, games: plan.games, fileHash: fileHashOf(plan.file) };
}

export function writeJson(dir: string, name: string, value: unknown): void {
  writeAtomic(join(dir, name), `${JSON.stringify(value, null, 2)}\n`);
}
