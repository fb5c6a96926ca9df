/**
 * `squabble tournament <scenario>`: every entrant against every other, seats rotating, then a
 * win matrix and Bradley-Terry ratings with intervals. Entrants: the scenario's `entrants` (any
 * number; then also each against the one listed before it: the skill ladder), else its distinct
 * seat entries; plus any `--add POLICY`. Each pairing is an ordinary run of the scenario with its
 * seats filled by the two entrants alternately (same rules, seed and game count per pairing).
 */
import { watchCost } from '../kit/cost-warning.js';
import type { Command } from 'commander';
import { join } from 'node:path';
import { checkOutPath, makeOutDir, defaultOut } from '../../runner/outdir.js';
import { buildPlan, readScenarioData } from '../../sim/scenario/load.js';
import type { Plan } from '../../sim/scenario/types.js';
import { ScenarioError } from '../../sim/scenario/errors.js';
import { registry, gameOf } from '../../registry.js';
import { runPlan } from '../../runner/pool.js';
import { summarise } from '../../sim/stats/summary.js';
import { wilson } from '../../sim/stats/intervals.js';
import { bradleyTerry, bradleyTerryFit, chiSquareSurvival, type BradleyTerryFit } from '../../analysis/bradley-terry.js';
import { writeJson, writeAtomic } from '../../runner/results.js';
import { textTable, markdownTable } from '../../report/format.js';
import { tournamentMatrixChart, ratingsChart } from './charts.js';
import { specToSvg, svgToPng } from '../../report/render.js';
import { CliError, type CliIO } from '../kit/io.js';
import { skillAndLuck, skillLuckLines, skillLuckRow, SKILL_LUCK_HEADER } from './skill-luck.js';
import { analyseDominance, dominanceLines, fieldTable } from '../../analysis/dominance.js';
import { analyseEquilibrium, equilibriumTable, type EquilibriumReport } from '../../analysis/equilibrium.js';
import { equilibriumChart } from '../../charts-kit/equilibrium-chart.js';
import { refuseSweep, searchWarning, overridesOf } from '../kit/plan.js';
import { pairingData, pairingResult, pairingSeats, type Entrant, type SeatEntry } from '../kit/pairings.js';
import { addPlayOptions, playArgs, type PlayFlags } from '../kit/options.js';

interface TournamentOptions extends PlayFlags {
  add: string[];
  quiet?: boolean;
}

type Seat = SeatEntry;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function registerTournament(program: Command, io: CliIO): void {
  const command = program
    .command('tournament')
    .description('play every entrant against every other (seats rotating): win matrix and Bradley-Terry ratings')
    .argument('<scenario>', "scenario whose entrants (or distinct seat entries) play (rules, seed and games per pairing come from it)")
    .option('--add <policy>', 'another entrant, by policy name with default parameters (repeatable)', (v: string, all: string[] = []) => [...all, v], []);
  addPlayOptions(command, ['games', 'seed', 'variant', 'workers', 'out'], { games: 'games per pairing (default: the scenario\u2019s)', out: 'where to write tournament.json, tournament.md and charts/ (default results/<name>-tournament)' })
    .option('--quiet', 'no progress on stderr')
    .action(async (file: string, options: TournamentOptions) => {
      const say = (t: string) => void (options.quiet ? undefined : io.err(t));
      const args = playArgs(options, { minGames: 2 });
      const { workers } = args;
      let data: Record<string, unknown>;
      let probe;
      try {
        data = readScenarioData(file).data as Record<string, unknown>;
        refuseSweep(data, file, 'tournament');
        probe = buildPlan(data, file, registry, overridesOf(args));
      } catch (e) {
        if (e instanceof ScenarioError) throw new CliError(e.message);
        throw e;
      }
      // The folder, given or the default, is checked before a game is played.
      const out = args.out ?? defaultOut(`${probe.name}-tournament`);
      checkOutPath(out, ['tournament.json', 'tournament.md', 'charts']);
      // Entrants: the scenario's `entrants` (any number, in their order), else the distinct
      // labels among its seats; then --add.
      const entrants: Entrant[] = [];
      if (probe.entrants) probe.entrants.forEach((e, i) => entrants.push({ label: e.label, seat: { ...(data.entrants as Seat[])[i]! } }));
      else
        probe.seats.forEach((s, i) => {
          const raw = ((data.seats as Seat[])[(data.seats as Seat[]).length === 1 ? 0 : i] ?? {}) as Seat;
          if (!entrants.some((e) => e.label === s.label)) entrants.push({ label: s.label, seat: { ...raw } });
        });
      const added = new Set<string>();
      for (const policy of options.add)
        if (!entrants.some((e) => e.label === policy)) {
          entrants.push({ label: policy, seat: { policy } });
          added.add(policy);
        }
      if (entrants.length < 2) throw new CliError(`tournament: ${file} has one entrant (${entrants[0]?.label}); add others with --add POLICY`);
      const games = probe.games;
      const n = entrants.length;
      const wins = entrants.map(() => new Array<number>(n).fill(0));
      const played = entrants.map(() => new Array<number>(n).fill(0));
      // Per pairing: does the row entrant's win rate depend on its seat (χ² of homogeneity over seats)?
      const seatEffects: { row: string; column: string; pValue: number; bySeat: string }[] = [];
      // Capped games are reported per pairing and left out of the score: a game stopped by the
      // turn cap has no result, and counting it as half a win each would pull both towards 50%.
      const capped = entrants.map(() => new Array<number>(n).fill(0));
      // Decided wins and draws apart (wins above counts a draw half to each): skill, luck and
      // dominance are shares of decided games with draws beside.
      const decidedWins = entrants.map(() => new Array<number>(n).fill(0));
      const draws = entrants.map(() => new Array<number>(n).fill(0));
      const game = gameOf(probe.game);
      // Every pairing's plan is built before any is played: a mistake in the last one stops the
      // tournament before it starts, and the search warning can count them all.
      const pairings: { i: number; j: number; plan: Plan }[] = [];
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++) {
          const a = entrants[i]!;
          const b = entrants[j]!;
          try {
            pairings.push({ i, j, plan: buildPlan(pairingData(data, a, b, probe.players), file, registry, overridesOf(args)) });
          } catch (e) {
            // A mistake in an entrant of --add is the command line's: say so.
            if (e instanceof ScenarioError) {
              const who = (label: string) => (added.has(label) ? JSON.stringify(label) : label);
              throw new CliError(`${added.has(a.label) || added.has(b.label) ? '--add: ' : ''}${who(a.label)} vs ${who(b.label)}: ${e.message}`);
            }
            throw e;
          }
        }
      const slow = searchWarning(
        pairings.map((p) => p.plan),
        games,
        'pairings',
        'Lower --games or the iterations.',
      );
      if (slow) io.err(slow);
      // Slow pairings warn from their first games, as `run` does (the rate so far, over every pairing's games).
      const cost = watchCost(pairings.length * games, workers, say);
      for (const { i, j, plan } of pairings) {
        const a = entrants[i]!;
        const b = entrants[j]!;
        say(`${a.label} vs ${b.label}: ${games.toLocaleString('en-US')} games\n`);
        let s;
        try {
          s = summarise(game, plan, await runPlan(plan, { workers, finished: cost.finished }));
        } catch (e) {
          cost.stop();
          throw e;
        }
        const r = pairingResult(s, a.label, b.label);
        wins[i]![j] = r.aWins + r.draws / 2;
        wins[j]![i] = r.bWins + r.draws / 2;
        played[i]![j] = played[j]![i] = r.games - r.capped;
        capped[i]![j] = capped[j]![i] = r.capped;
        decidedWins[i]![j] = r.aWins;
        decidedWins[j]![i] = r.bWins;
        draws[i]![j] = draws[j]![i] = r.draws;
        const bySeat = s.policies.find((p) => p.label === a.label)?.bySeat ?? [];
        seatEffects.push({ row: a.label, column: b.label, pValue: seatHomogeneityP(bySeat), bySeat: bySeat.map((x) => `seat ${x.seat} ${pct(x.winRate)}`).join(', ') });
      }
      cost.stop();
      const names = entrants.map((e) => e.label);
      const reference = names.includes('random') ? names.indexOf('random') : 0;
      // Seats each entrant held against each other: the first-listed of a pairing holds one more
      // with an odd number of players (A, B, A); the ratings are per seat, each step is judged
      // against its seat share.
      const [first, second] = pairingSeats(probe.players);
      const seats = names.map((_, i) => names.map((__, j) => (i < j ? first : i > j ? second : 0)));
      const share = (i: number, j: number) => seats[i]![j]! / (seats[i]![j]! + seats[j]![i]!);
      const ratings = bradleyTerry(names, wins, reference, undefined, seats);
      const cells = names.flatMap((row, i) =>
        names.flatMap((column, j) => {
          if (i === j) return [];
          const [lo, hi] = wilson(wins[i]![j]!, played[i]![j]!);
          const rate = played[i]![j]! > 0 ? wins[i]![j]! / played[i]![j]! : 0;
          return [{ row, column, rate, games: played[i]![j]!, label: `${pct(rate)} [${pct(lo)}, ${pct(hi)}]` }];
        }),
      );
      const matrix = textTable(['', ...names], names.map((row, i) => [row, ...names.map((_, j) => (i === j ? '-' : pct(wins[i]![j]! / played[i]![j]!)))]));
      const ranked = [...ratings].sort((x, y) => y.elo - x.elo);
      const fit = bradleyTerryFit(ratings, wins, played, seats);
      const seatDependent = holmRejected(seatEffects.map((e) => e.pValue), 0.05).map((k) => seatEffects[k]!);
      const ratingRows = ranked.map((r) => [r.name, r.elo.toFixed(0), `[${r.interval[0].toFixed(0)}, ${r.interval[1].toFixed(0)}]`]);
      const cappedRows = pairings.filter(({ i, j }) => capped[i]![j]! > 0).map(({ i, j }) => [`${names[i]} vs ${names[j]}`, String(capped[i]![j]), pct(capped[i]![j]! / games)]);
      const cappedLines = cappedRows.length
        ? ['', 'Capped games per pairing (they hit the turn cap: left out of the scores and ratings above):', textTable(['pairing', 'capped', 'share'], cappedRows)]
        : [];
      const lines = [
        `${probe.name}: tournament of ${n} entrants, ${games.toLocaleString('en-US')} games per pairing, seats rotating, seed ${probe.seed}`,
        '',
        'The result: score of the row entrant against the column entrant (draws count half; capped games are not scored):',
        matrix,
        '',
        `Bradley-Terry ratings, one number per entrant summarising the matrix (Elo scale, ${names[reference]} = 0, 95% intervals assuming the model fits${first !== second ? `; per seat: with ${probe.players} players the first-listed entrant of each pairing holds ${first} seats to ${second}, and the ratings count them` : ''}):`,
        textTable(['entrant', 'rating', 'interval'], ratingRows),
        '',
        ...fitLines(fit, seatDependent),
        ...cappedLines,
      ];
      if (names.includes('random')) {
        const best = ranked.find((r) => r.name !== 'random')!;
        const bi = names.indexOf(best.name);
        const ri = names.indexOf('random');
        const [lo, hi] = wilson(wins[bi]![ri]!, played[bi]![ri]!);
        const even = first !== second ? ` (${pct(share(bi, ri))} if equally strong per seat: it holds ${seats[bi]![ri]} of ${probe.players} seats)` : '';
        lines.push('', `How much skill matters: the strongest entrant, ${best.name}, scores ${pct(wins[bi]![ri]! / played[bi]![ri]!)} [${pct(lo)}, ${pct(hi)}] against random${even}.`);
      }
      const ladder = probe.entrants ? ladderSteps(names, wins, played, ratings, share) : null;
      if (ladder) lines.push('', 'The ladder, as listed in `entrants` (each entrant against the one listed before it):', textTable(LADDER_HEADER, ladder.map(ladderRow)));
      const allGames = names.map((_, i) => names.map((_, j) => (i === j ? 0 : games)));
      const skillLuck = probe.entrants ? skillAndLuck({ names, wins: decidedWins, draws, capped, games: allGames, ratings, seats }) : null;
      const expected = names.map((_, i) => names.map((__, j) => (i === j ? 0.5 : share(i, j))));
      const dominance =
        n >= 3
          ? analyseDominance({ names, wins: decidedWins, draws, capped }, { subject: 'entrants', source: `the tournament's pairings, seats rotating${first !== second ? `; each judged against its seat share (the first-listed of a pairing holds ${first} of ${probe.players} seats)` : ''}`, ...(first !== second ? { expected } : {}) })
          : null;
      const equilibrium = dominance ? analyseEquilibrium(dominance.counts, { subject: dominance.subject, source: dominance.source, cycles: dominance.order.cycles, ...(first !== second ? { expected } : {}) }) : null;
      const extras = tournamentExtras(skillLuck, dominance, equilibrium);
      lines.push(...extras(textTable, ''));
      io.out(`${lines.join('\n')}\n`);
      makeOutDir(join(out, 'charts'));
      writeJson(out, 'tournament.json', { format: 'squabble-tournament/1', scenario: file, gamesPerPairing: games, seed: probe.seed, entrants: names, wins, games: played, capped, cappedScoring: 'left out of wins and games', ratings, reference: names[reference], fit, seatDependent, ...(ladder ? { ladder } : {}), ...(skillLuck ? { skillAndLuck: skillLuck } : {}), ...(dominance ? { dominance } : {}), ...(equilibrium ? { equilibrium } : {}) });
      writeAtomic(join(out, 'tournament.md'), `# ${lines[0]}\n\n${markdownTable(['', ...names], names.map((row, i) => [row, ...names.map((_, j) => (i === j ? '-' : pct(wins[i]![j]! / played[i]![j]!)))]))}\n\n${markdownTable(['entrant', 'rating', 'interval'], ratingRows)}\n\n${fitLines(fit, seatDependent).join('\n')}\n${cappedRows.length ? `\n${cappedLines[1]}\n\n${markdownTable(['pairing', 'capped', 'share'], cappedRows)}\n` : ''}${ladder ? `\n## The ladder\n\n${markdownTable(LADDER_HEADER, ladder.map(ladderRow))}\n` : ''}${extras(markdownTable, '## ').join('\n')}\n`);
      for (const [id, spec] of [
        ['tournament-matrix', tournamentMatrixChart(`${probe.name}: who beats whom`, cells, names)],
        ['tournament-ratings', ratingsChart(`${probe.name}: ratings`, ratings, names[reference]!)],
        ...(equilibrium ? [['tournament-equilibrium', equilibriumChart(`${probe.name}: what a smart field would play`, equilibrium)] as const] : []),
      ] as const) {
        writeJson(join(out, 'charts'), `${id}.vl.json`, spec);
        const svg = await specToSvg(spec);
        writeAtomic(join(out, 'charts', `${id}.svg`), svg);
        writeAtomic(join(out, 'charts', `${id}.png`), svgToPng(svg));
      }
      say(`wrote ${out}/tournament.json, tournament.md and charts/\n`);
    });
}

/** The skill-and-luck and dominance sections, as lines for the terminal (heading prefix '') or Markdown ('## '). */
function tournamentExtras(skillLuck: ReturnType<typeof skillAndLuck> | null, dominance: ReturnType<typeof analyseDominance> | null, equilibrium: EquilibriumReport | null) {
  return (table: (header: string[], rows: string[][]) => string, heading: string): string[] => {
    // In Markdown each finding is a bullet, so that lines do not run together into one paragraph.
    const bullet = heading ? '- ' : '';
    const out: string[] = [];
    if (skillLuck) {
      const [intro, ...notes] = skillLuckLines(skillLuck);
      out.push('', `${heading}Skill and luck`, '', intro!, ...notes.map((l) => `${bullet}${l}`), '', table(SKILL_LUCK_HEADER, skillLuck.map(skillLuckRow)));
    }
    if (dominance) {
      const field = fieldTable(dominance);
      const [intro, ...verdicts] = dominanceLines(dominance);
      out.push('', `${heading}Dominance and diversity`, '', intro!, ...verdicts.map((l) => `${bullet}${l}`), '', table(field.header, field.rows));
    }
    if (equilibrium) {
      const nash = equilibriumTable(equilibrium);
      out.push('', `${heading}What a smart field would play`, '', ...equilibrium.statement.map((l) => `${bullet}${l}`), '', table(nash.header, nash.rows));
    }
    return out;
  };
}

/** One rung of a ladder: an entrant against the one listed before it. */
export interface LadderStep {
  entrant: string;
  below: string;
  /** The entrant's score against `below` (draws and capped games count half), with its 95% interval. */
  score: number;
  interval: [number, number];
  games: number;
  /** Bradley-Terry 95% intervals of the two (Elo scale). */
  rating: [number, number];
  belowRating: [number, number];
  /** What the entrant would score if both were equally strong per seat (50% with two players; 1/3 seated once against twice). */
  expected: number;
  /** The head-to-head interval is above `expected` and the two rating intervals do not overlap. */
  clear: boolean;
}

const LADDER_HEADER = ['entrant', 'against', 'score', '95% interval', 'if equal per seat', 'rating interval', 'below\u2019s', 'clear step'];

function ladderRow(step: LadderStep): string[] {
  const elo = ([lo, hi]: [number, number]) => `[${lo.toFixed(0)}, ${hi.toFixed(0)}]`;
  return [step.entrant, step.below, pct(step.score), `[${pct(step.interval[0])}, ${pct(step.interval[1])}]`, pct(step.expected), elo(step.rating), elo(step.belowRating), step.clear ? 'yes' : 'NO'];
}

/** Each entrant against the one listed before it: is it clearly stronger, per seat? `share(i, j)`: i's expected score against j if equally strong per seat. */
export function ladderSteps(names: readonly string[], wins: number[][], played: number[][], ratings: readonly { name: string; interval: [number, number] }[], share: (i: number, j: number) => number = () => 0.5): LadderStep[] {
  const steps: LadderStep[] = [];
  for (let i = 1; i < names.length; i++) {
    const games = played[i]![i - 1]!;
    const interval = wilson(wins[i]![i - 1]!, games);
    const rating = ratings.find((r) => r.name === names[i])!.interval;
    const belowRating = ratings.find((r) => r.name === names[i - 1])!.interval;
    const expected = share(i, i - 1);
    steps.push({ entrant: names[i]!, below: names[i - 1]!, score: wins[i]![i - 1]! / games, interval, games, rating, belowRating, expected, clear: interval[0] > expected && rating[0] > belowRating[1] });
  }
  return steps;
}

/** χ² test that one entrant's win rate is the same in every seat it played; 1 with fewer than two seats. */
function seatHomogeneityP(bySeat: readonly { games: number; wins: number }[]): number {
  const used = bySeat.filter((x) => x.games > 0);
  const games = used.reduce((t, x) => t + x.games, 0);
  const rate = games > 0 ? used.reduce((t, x) => t + x.wins, 0) / games : 0;
  if (used.length < 2 || rate <= 0 || rate >= 1) return 1;
  const chi = used.reduce((t, x) => t + (x.wins - x.games * rate) ** 2 / (x.games * rate * (1 - rate)), 0);
  return chiSquareSurvival(chi, used.length - 1);
}

/** Indices of the p-values Holm's method rejects at level alpha. */
function holmRejected(p: readonly number[], alpha: number): number[] {
  const order = p.map((_, i) => i).sort((a, b) => p[a]! - p[b]!);
  const out: number[] = [];
  for (const [rank, i] of order.entries()) {
    if (p[i]! > alpha / (p.length - rank)) break;
    out.push(i);
  }
  return out;
}

/** Whether the ratings are a fair summary of the matrix, in words. */
function fitLines(fit: BradleyTerryFit, seatDependent: readonly { row: string; column: string; bySeat: string }[]): string[] {
  const lines: string[] = [];
  const w = fit.worst;
  const worst = w ? ` Worst-predicted pairing: ${w.row} scores ${pct(w.observed)} against ${w.column}, the ratings predict ${pct(w.predicted)}.` : '';
  if (fit.pValue === null) lines.push(`Fit: two entrants, so the rating difference is the matrix itself (nothing to test).`);
  else lines.push(`Fit of the ratings to the matrix: Pearson χ² = ${fit.chiSquare.toFixed(1)} on ${fit.df} df, p = ${fit.pValue < 0.001 ? fit.pValue.toExponential(1) : fit.pValue.toFixed(3)}.${worst}`);
  for (const c of fit.cycles) lines.push(`Intransitive: ${c[0]} beats ${c[1]}, ${c[1]} beats ${c[2]}, and ${c[2]} beats ${c[0]} (each beyond its 95% interval); no rating can show this.`);
  for (const e of seatDependent) lines.push(`Seat-dependent: ${e.row} against ${e.column} scores ${e.bySeat} (differs by seat, Holm at 5% over pairings); the ratings average over seats.`);
  const problems = !fit.fair || seatDependent.length > 0;
  lines.push(problems ? 'The ratings are NOT a fair summary of these results: read the matrix.' : 'The ratings are a fair summary of the matrix (the fit holds, no cycle, no seat effect).');
  return lines;
}
