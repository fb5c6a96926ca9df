/**
 * `squabble fair <scenario>`: the fewest integer stat edits across all cards (characters) that
 * bring every row's primary strength rate within a band of the fair line, confirmed on fresh
 * seeds; writes a patch, an edited copy of the deck and a diff beside the deck (never over it),
 * and fair.json / fair.md / fair-state.json in --out. The study is src/studies/fair/.
 */
import type { Command } from 'commander';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { setMaxListeners } from 'node:events';
import { checkOutPath, makeOutDir, defaultOut, writeOwned } from '../../runner/outdir.js';
import { writeJson } from '../../runner/results.js';
import type { WeightStat } from '../../sim/types.js';
import { gameOf, registry } from '../../registry.js';
import { InterruptedError } from '../../runner/pool.js';
import { CliError, EXIT, strictNumber, parseCount, type CliIO } from '../../studies/kit/io.js';
import { Progress } from '../../studies/kit/progress.js';
import { planFrom } from '../../studies/kit/plan.js';
import { addPlayOptions, playArgs, gamesFrom, type PlayFlags } from '../../studies/kit/options.js';
import { textTable, markdownTable } from '../../report/format.js';
import { newState, resumeProblem, runFair, pathEdits, gamesUsed, type FairSettings, type FairState } from '../../studies/fair/study.js';
import { deckFileOf, writeBeside } from '../../studies/fair/files.js';
import { fairReport, outcomeOf } from '../../studies/fair/report.js';

interface FairOptions extends PlayFlags {
  stat: string;
  band: string;
  budget: string;
  rounds: string;
  quiet?: boolean;
}

const STATE = 'fair-state.json';

function statsFrom(text: string): WeightStat[] {
  const parts = text.split(',').map((x) => x.trim());
  if (parts.length === 0 || parts.some((p) => p !== 'hp' && p !== 'damage') || new Set(parts).size !== parts.length) throw new CliError(`--stat: expected hp, damage or hp,damage, found ${JSON.stringify(text)}`);
  return parts as WeightStat[];
}

/** --band: a number of percentage points (whole-number options go through parseCount). */
function bandFrom(text: string): number {
  const x = strictNumber(text); // never hex, blanks or Infinity (src/studies/kit/io.ts)
  if (!Number.isFinite(x) || x < 0.1 || x > 50) throw new CliError(`--band: expected a number from 0.1 to 50, found ${JSON.stringify(text)}`);
  return x;
}

export function registerFair(program: Command, io: CliIO): void {
  const command = program
    .command('fair')
    .description('fewest integer stat edits bringing every card (character) within a band of the fair line; confirmed on fresh seeds; writes a patch and an edited copy beside the deck')
    .argument('<scenario>', 'a Squirmish or Squall scenario')
    .option('--stat <which>', 'the stats it may edit: hp, damage (every fixed-damage face of the basic attack) or hp,damage', 'hp')
    .option('--band <points>', 'half-width of the band around the fair line, in percentage points', '4')
    .option('--budget <games>', 'most games the whole study may play (pilot, rounds, confirmation)', '600000')
    .option('--rounds <n>', 'most search rounds, and most fine rounds if fewer than 6', '15');
  addPlayOptions(command, ['games', 'seed', 'variant', 'workers', 'out'], {
    games: 'games per measurement (default: sized from a 500-game pilot so most rows get a 95% interval of half the band)',
    out: 'where to write fair.json, fair.md and the checkpoint fair-state.json (default results/<name>-fair); the same --out resumes an interrupted study',
  })
    .option('--quiet', 'no progress on stderr')
    .action(async (file: string, o: FairOptions) => {
      await fair(file, o, io);
    });
}

async function fair(file: string, o: FairOptions, io: CliIO): Promise<void> {
  const say = (t: string) => void (o.quiet ? undefined : io.err(t));
  const { workers, out: outOption, games: _games, ...choice } = playArgs({ ...o, games: undefined });
  const settings: FairSettings = {
    stats: statsFrom(o.stat),
    band: bandFrom(o.band) / 100,
    budget: parseCount(o.budget, '--budget', 1000, 1e9),
    maxRounds: parseCount(o.rounds, '--rounds', 1, 50),
    games: o.games !== undefined ? gamesFrom(o.games, 2) : null,
  };
  if (outOption !== undefined) checkOutPath(outOption, ['fair.json', 'fair.md', STATE]);
  const base = planFrom(file, choice, 'fair');
  const game = gameOf(base.game);
  const spec = game.stats;
  const withStats = Object.values(registry.games).filter((g) => g.stats).map((g) => g.id);
  if (!spec) throw new CliError(`fair: ${file} is a ${game.title} scenario, which has no cards or characters with stats; fair works on ${withStats.join(' and ')} scenarios`);
  const subjects = spec.subjects(base.rules, base.players).map((s) => s.name);
  const out = outOption ?? defaultOut(`${base.name}${base.variant ? `-${base.variant}` : ''}-fair`);
  makeOutDir(out);
  const statePath = join(out, STATE);
  let state: FairState = newState(base, subjects, settings);
  if (existsSync(statePath)) {
    const saved: unknown = JSON.parse(readFileSync(statePath, 'utf8'));
    const problem = resumeProblem(saved, base, settings);
    if (problem === null) {
      state = saved as FairState;
      say(`resuming from ${statePath}: ${state.rounds.length} round${state.rounds.length === 1 ? '' : 's'} done, ${gamesUsed(state).toLocaleString('en-US')} games used\n`);
    } else say(`${statePath} is not resumed (${problem}); starting afresh\n`);
  }
  const save = (s: FairState) => writeOwned(statePath, `${JSON.stringify(s, null, 2)}\n`);
  const controller = new AbortController();
  // Each measurement's pool listens on the one signal (about 20-40 measurements a study).
  setMaxListeners(200, controller.signal);
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  let progress: Progress | null = null;
  const t0 = Date.now();
  say(`${base.name}: fair ${spec.noun} stats (${settings.stats.join(', ')}) within ±${(settings.band * 100).toFixed(1)} points of the fair line, budget ${settings.budget.toLocaleString('en-US')} games, ${workers} worker${workers === 1 ? '' : 's'}\n`);
  try {
    state = await runFair(base, spec, state, {
      workers,
      signal: controller.signal,
      starting: (what, games) => {
        say(`${what}: ${games.toLocaleString('en-US')} games\n`);
        const p = new Progress(io, Math.max(1, games), io.interactive && !o.quiet);
        progress = p;
        // runWeights reports paired games done; the base games are played once per batch beside them.
        return (done) => p.update(Math.min(games, done));
      },
      finished: () => (progress as Progress | null)?.finish(),
      save,
    });
  } catch (e) {
    (progress as Progress | null)?.finish();
    if (e instanceof InterruptedError) throw new CliError(`interrupted; ${state.rounds.length} finished round${state.rounds.length === 1 ? ' is' : 's are'} kept in ${statePath}: run the same command again to resume`, EXIT.interrupted);
    throw e;
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
  const wallSeconds = (Date.now() - t0) / 1000;
  const edits = pathEdits(spec, base, state.rounds.at(-1)?.edits ?? {});
  const deckField = Object.keys(game.dataFiles?.[0]?.rulesUsing('x') ?? {})[0];
  const deck = deckField ? deckFileOf(file, deckField) : null;
  const what = `edits by squabble fair from ${file} (seed ${String(base.seed)}); do not edit this line`;
  const beside = edits.length ? writeBeside(file, deck, spec.namespace, edits, what) : null;
  const files = beside ? [beside.patch, beside.copy, beside.diff].filter((f): f is string => f !== null) : [];
  const title = `${base.name}${base.variant ? ` (${base.variant})` : ''}: fair ${spec.noun} stats`;
  const input = { title, noun: spec.noun, state, edits, wallSeconds, workers, files, note: beside?.note ?? null };
  io.out(fairReport(input, textTable));
  writeOwned(join(out, 'fair.md'), `# ${fairReport(input, markdownTable)}`);
  const outcome = outcomeOf(state);
  writeJson(out, 'fair.json', {
    format: 'squabble-fair/1',
    scenario: file,
    name: base.name,
    scenarioHash: base.scenarioHash,
    seed: base.seed,
    band: settings.band,
    stats: settings.stats,
    confirmSeed: state.confirm!.seed,
    confirmGames: state.confirm!.games,
    fairLine: state.confirm!.fairEdited,
    fairLineOriginal: state.confirm!.fairOriginal,
    edits,
    rows: outcome.rows,
    counts: outcome.counts,
    countsBefore: outcome.countsBefore,
    gamesUsed: gamesUsed(state),
    budget: settings.budget,
    stopped: state.stopped,
    fineStopped: state.fineStopped,
    rejected: state.rejected,
    files,
  });
  say(`wrote ${out}/fair.json, fair.md and ${STATE}\n`);
}
