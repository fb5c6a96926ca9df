/**
 * Runs whose chart specs are kept as golden files (test/golden/charts/<run>/<chart>.vl.json).
 * Each is played in process with a fixed seed, so its summary, and so its charts, never vary.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main.js';

export const CHART_FIXTURES = [
  { id: 'worms-random-2p', args: ['scenarios/worms/random-2p.yaml', '--games', '2000', '--seed', '1'] },
  { id: 'squirmish-classic-greedy', args: ['scenarios/squirmish/classic-greedy.yaml', '--games', '1000', '--seed', '1'] },
  // A written-out board (three blocks, six start squares): the board charts.
  { id: 'squish-big-board', args: ['scenarios/squish/big-board.yaml', '--games', '1000', '--seed', '1'] },
  // Mixed policies in rotating seats: the policy-against-policy matrix for Squish.
  { id: 'squish-simple-policies', args: ['scenarios/squish/simple-policies.yaml', '--games', '200', '--seed', '1'] },
  // Every ordered pair of the roster: the matchup matrix, damage per character, the covered share.
  { id: 'squall-matchups-scattered', args: ['scenarios/squall/matchups-scattered.yaml', '--games', '1000', '--seed', '1'] },
  // Two policies: the policy-against-policy matrix for Squall.
  { id: 'squall-sniper-vs-brawler-ruins', args: ['scenarios/squall/sniper-vs-brawler-ruins.yaml', '--games', '400', '--seed', '1'] },
] as const;

/** Play a fixture into a fresh directory (no report) and return the directory. */
export async function playFixture(args: readonly string[]): Promise<string> {
  const out = join(mkdtempSync(join(tmpdir(), 'squabble-fixture-')), 'run');
  const silent = { out: () => {}, err: () => {}, interactive: false, columns: 80 };
  const code = await runCli(['run', ...args, '--workers', '0', '--no-report', '--quiet', '--out', out], silent);
  if (code !== 0) throw new Error(`fixture run failed with exit ${code}`);
  return out;
}
