/** `squabble merge <part-dir...> --out DIR`: combine `run --shard K/N` parts into one run, identical to a run in one piece. */
import type { Command } from 'commander';
import { readPartial, mergePartials, PartialError } from '../../runner/partial.js';
import { runIdentity } from '../../runner/results.js';
import { claimOutDir, OutputDirError, type ClaimedOutDir } from '../../runner/outdir.js';
import { CliError, type CliIO } from '../../studies/kit/io.js';
import { finishRun } from '../../studies/kit/finish.js';

export function registerMerge(program: Command, io: CliIO): void {
  program
    .command('merge')
    .description('combine the parts written by `run --shard K/N` into one run (summary, run.json, report)')
    .argument('<part-dirs...>', 'directories holding partial.json')
    .requiredOption('--out <dir>', 'results directory for the merged run')
    .option('--force', 'replace a results directory that holds a different run')
    .option('--no-report', 'skip report.html, charts/ and tables/')
    .option('--quiet', 'no diagnostics on stderr')
    .action(async (dirs: string[], options: { out: string; force?: boolean; report: boolean; quiet?: boolean }) => {
      let merged;
      let claim: ClaimedOutDir;
      try {
        merged = mergePartials(dirs.map((dir) => ({ dir, record: readPartial(dir) })));
        claim = claimOutDir(options.out, runIdentity(merged.plan), options.force ?? false);
      } catch (e) {
        if (e instanceof PartialError || e instanceof OutputDirError) throw new CliError(e.message);
        throw e;
      }
      const say = (t: string) => {
        if (!options.quiet) io.err(t);
      };
      say(`merged ${dirs.length} parts: ${merged.plan.games.toLocaleString('en-US')} games of ${merged.plan.name}\n`);
      try {
        await finishRun(io, merged.plan, merged.acc, options.out, {
          workers: merged.workers,
          wallSeconds: merged.wallSeconds,
          startedAt: new Date(),
          checkInvariants: false,
          report: options.report,
          say,
          ...(claim.moved ? { previous: claim.moved } : {}),
        });
      } finally {
        claim.lock.release();
      }
    });
}
