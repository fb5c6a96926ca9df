/**
 * `squabble ladder <scenario>`: does the game's skill ladder hold on this content? Each
 * consecutive pair of the game's levels (random v novice, novice v skilled, skilled v expert)
 * plays with the scenario's own rules, content and player count, its seats filled by the two
 * levels alternately, seats rotating; each step says whether the higher level's score is above
 * 50% with its 95% interval (draws and capped games shown). The verdict goes to ladder.json of
 * the scenario's results folder, keyed by the content hash (src/studies/kit/ladder-verdict.ts),
 * where `run`, `compare` and `weights` find it and warn when a step does not hold.
 */
import type { Command } from 'commander';
import { buildPlan, readScenarioData } from '../../sim/scenario/load.js';
import type { Plan } from '../../sim/scenario/types.js';
import { ScenarioError } from '../../sim/scenario/errors.js';
import { registry } from '../../registry.js';
import { lockOutDir, makeOutDir, refuseForeign } from '../../runner/outdir.js';
import { textTable } from '../../report/format.js';
import { VERSION } from '../../version.js';
import { CliError, type CliIO } from '../kit/io.js';
import { refuseSweep, overridesOf } from '../kit/plan.js';
import { addPlayOptions, playArgs, type PlayFlags } from '../kit/options.js';
import { Progress } from '../kit/progress.js';
import { watchCost } from '../kit/cost-warning.js';
import { checkLadderFile, contentHash, defaultLadderDir, saveLadderVerdict, stepWarning, type LadderStepVerdict, type LadderVerdict } from '../kit/ladder-verdict.js';
import { ladderLevels, ladderPlans, playLadder } from './play.js';
import { defaultGamesPerStep } from './size.js';

interface LadderOptions extends PlayFlags {
  quiet?: boolean;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function registerLadder(program: Command, io: CliIO): void {
  const command = program
    .command('ladder')
    .description("does the game's skill ladder hold on this content? each level against the one below it, with the scenario's rules, content and players, seats rotating")
    .argument('<scenario>', "scenario whose rules, content and player count are used (its seats are replaced by the levels)")
    .addHelpText(
      'after',
      `
Each step (random v novice, novice v skilled, skilled v expert: the game's levels, weakest
first) holds when the higher level's score is above 50% with its 95% Wilson interval (draws
count half and are shown; games stopped by the turn cap are left out and shown). The verdict is
written to <out>/ladder.json, keyed by the content's hash (game, players, rules with any
variant); \`run\`, \`compare\` and \`weights\` of the same content warn when a step does not hold.
Default size: per game, chosen so every shipped scenario finishes within 3 minutes of one core
(docs/skill-ladder.md).`,
    );
  addPlayOptions(command, ['games', 'seed', 'variant', 'workers', 'out'], { games: 'games per step (default: sized per game, docs/skill-ladder.md)', out: "where to write ladder.json (default results/<name>, the scenario's results folder)" }).option('--quiet', 'no progress on stderr');
  command.action(async (file: string, options: LadderOptions) => {
    const say = (t: string) => void (options.quiet ? undefined : io.err(t));
    const args = playArgs(options, { minGames: 2 });
    const { games: _games, ...choice } = args;
    let data: Record<string, unknown>;
    let plan: Plan;
    try {
      data = readScenarioData(file).data as Record<string, unknown>;
      refuseSweep(data, file, 'ladder');
      plan = buildPlan(data, file, registry, overridesOf(choice));
    } catch (e) {
      if (e instanceof ScenarioError) throw new CliError(e.message);
      throw e;
    }
    const levels = ladderLevels(plan.game);
    if (typeof levels === 'string') throw new CliError(`ladder: ${file}: game: ${levels}`);
    const out = args.out ?? defaultLadderDir(plan);
    // The folder and any ladder.json in it are checked before a game is played.
    refuseForeign(out);
    checkLadderFile(out);
    const gamesPerStep = args.games ?? defaultGamesPerStep(plan.game, plan.players, plan.rules);
    let steps;
    try {
      steps = ladderPlans(data, file, levels, plan.players, overridesOf({ ...choice, games: gamesPerStep }));
    } catch (e) {
      if (e instanceof ScenarioError) throw new CliError(e.message);
      throw e;
    }
    const cost = watchCost(steps.length * gamesPerStep, args.workers, say);
    let progress: Progress | null = null;
    let results: LadderStepVerdict[];
    try {
      results = await playLadder(steps, {
        workers: args.workers,
        finished: cost.finished,
        onStep: (step) => {
          say(`${step.upper} vs ${step.lower}: ${gamesPerStep.toLocaleString('en-US')} games, seats rotating, seed ${JSON.stringify(step.plan.seed)}\n`);
          progress = new Progress(io, gamesPerStep, !options.quiet);
        },
        onProgress: (done) => progress?.update(done),
        afterStep: () => progress?.finish(),
      });
    } finally {
      cost.stop();
    }
    const verdict: LadderVerdict = {
      contentHash: contentHash(plan),
      scenario: file,
      name: plan.name,
      game: plan.game,
      players: plan.players,
      variant: plan.variant,
      seed: plan.seed,
      gamesPerStep,
      measuredAt: new Date().toISOString(),
      version: VERSION,
      steps: results,
    };
    io.out(`${ladderText(verdict).join('\n')}\n`);
    makeOutDir(out);
    const lock = lockOutDir(out);
    try {
      saveLadderVerdict(out, verdict);
    } finally {
      lock.release();
    }
    say(`wrote ${out}/ladder.json (content ${verdict.contentHash})\n`);
  });
}

/** The verdict in words and a table. */
export function ladderText(v: LadderVerdict): string[] {
  const rows = v.steps.map((s) => [`${s.upper} v ${s.lower}`, pct(s.score), `[${pct(s.interval[0])}, ${pct(s.interval[1])}]`, `${s.upperWins} / ${s.lowerWins}`, String(s.draws), String(s.capped), s.holds ? 'yes' : 'NO']);
  const failed = v.steps.filter((s) => !s.holds);
  return [
    `${v.name}: the skill ladder on this content (${v.game}, ${v.players} players${v.variant ? `, variant ${v.variant}` : ''}), ${v.gamesPerStep.toLocaleString('en-US')} games a step, seats rotating, seed ${JSON.stringify(v.seed)}`,
    '',
    'Each level against the one below it: the higher level\u2019s score (draws count half; capped games are left out), 95% Wilson interval, wins, draws and capped games:',
    textTable(['step', 'score', '95% interval', 'wins (upper / lower)', 'draws', 'capped', 'holds'], rows),
    '',
    ...(failed.length === 0 ? ['Every step holds on this content: each level beats the one below it.'] : failed.map((s) => `${stepWarning(s).replace(/^./, (c) => c.toUpperCase())}.`)),
  ];
}
