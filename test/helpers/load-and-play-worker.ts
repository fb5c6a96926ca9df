/**
 * A worker thread for the data-file fuzz test (test/sim/scenario/data-fuzz.test.ts): loads one
 * scenario and, if it loads, plays a few games with every invariant checked. Running it in a
 * thread lets the test put a time limit on every input and stop a hang (a synchronous loop in
 * the test's own thread could not be interrupted).
 */
import { parentPort } from 'node:worker_threads';
import { loadScenario } from '../../src/sim/scenario/load.js';
import { ScenarioError } from '../../src/sim/scenario/errors.js';
import { newAccumulator } from '../../src/sim/batch.js';
import { registry } from '../../src/registry.js';
import { createRunner } from '../../src/runner/create-runner.js';

export interface Job {
  id: number;
  scenario: string;
  games: number;
}

export type Outcome =
  | { id: number; kind: 'played' }
  | { id: number; kind: 'rejected'; message: string; file: string; field: string }
  | { id: number; kind: 'crash'; message: string };

parentPort!.on('message', (job: Job) => {
  let outcome: Outcome;
  try {
    const plan = loadScenario(job.scenario, registry);
    const runner = createRunner(plan);
    runner.runRange(newAccumulator(runner.game, plan), 0, job.games, true);
    outcome = { id: job.id, kind: 'played' };
  } catch (e) {
    outcome =
      e instanceof ScenarioError
        ? { id: job.id, kind: 'rejected', message: e.message, file: e.file, field: e.field }
        : { id: job.id, kind: 'crash', message: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort!.postMessage(outcome);
});
