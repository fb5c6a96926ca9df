/**
 * `squabble tournament <scenario>`: every entrant against every other, seats rotating, then a
 * win matrix and Bradley-Terry ratings with intervals. Entrants: the scenario's distinct seat
 * entries, plus any `--add POLICY`. Each pairing is an ordinary run of the scenario with its
 * seats filled by the two entrants alternately (same rules, seed and game count per pairing).
 */
import type { Command } from 'commander';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { buildPlan, readScenarioData, dataRootsFromEnv } from '../../sim/scenario/load.js';
import type { Plan } from '../../sim/scenario/types.js';
import { ScenarioError } from '../../sim/scenario/errors.js';
import { registry, gameOf } from '../../registry.js';
import { runPlan } from '../../runner/pool.js';
import { summarise } from '../../sim/stats/summary.js';
import { wilson } from '../../sim/stats/intervals.js';
import { bradleyTerry } from '../../analysis/bradley-terry.js';
import { writeJson, writeAtomic } from '../../runner/results.js';
import { textTable, markdownTable } from '../../report/format.js';
import { tournamentMatrixChart, ratingsChart } from '../../report/charts/analysis.js';
import { specToSvg, svgToPng } from '../../report/render.js';
import { CliError, type CliIO } from '../io.js';
import { parseCount } from '../io.js';
import { workersFrom, refuseSweep, searchWarning } from '../plan.js';

interface TournamentOptions {
  add: string[];
  games?: string;
  seed?: string;
  workers?: string;
  out?: string;
  quiet?: boolean;
}

type Seat = { policy: string; params?: Record<string, unknown>; name?: string };
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function registerTournament(program: Command, io: CliIO): void {
  program
    .command('tournament')
    .description('play every entrant against every other (seats rotating): win matrix and Bradley-Terry ratings')
    .argument('<scenario>', "scenario whose seat entries are the entrants (rules, seed and games per pairing come from it)")
    .option('--add <policy>', 'another entrant, by policy name with default parameters (repeatable)', (v: string, all: string[] = []) => [...all, v], [])
    .option('--games <n>', 'games per pairing (default: the scenario\u2019s)')
    .option('--seed <seed>', 'master seed (default: the scenario\u2019s)')
    .option('--workers <n>', 'worker threads')
    .option('--out <dir>', 'where to write tournament.json, tournament.md and charts/ (default results/<name>-tournament)')
    .option('--quiet', 'no progress on stderr')
    .action(async (file: string, options: TournamentOptions) => {
      const say = (t: string) => void (options.quiet ? undefined : io.err(t));
      let data: Record<string, unknown>;
      let probe;
      try {
        data = readScenarioData(file).data as Record<string, unknown>;
        refuseSweep(data, file, 'tournament');
        probe = buildPlan(data, file, registry, { dataRoots: dataRootsFromEnv() });
      } catch (e) {
        if (e instanceof ScenarioError) throw new CliError(e.message);
        throw e;
      }
      // Entrants: distinct labels among the scenario's seats, then --add.
      const entrants: { label: string; seat: Seat }[] = [];
      probe.seats.forEach((s, i) => {
        const raw = ((data.seats as Seat[])[(data.seats as Seat[]).length === 1 ? 0 : i] ?? {}) as Seat;
        if (!entrants.some((e) => e.label === s.label)) entrants.push({ label: s.label, seat: { ...raw } });
      });
      for (const policy of options.add) if (!entrants.some((e) => e.label === policy)) entrants.push({ label: policy, seat: { policy } });
      if (entrants.length < 2) throw new CliError(`tournament: ${file} has one entrant (${entrants[0]?.label}); add others with --add POLICY`);
      const games = options.games !== undefined ? parseCount(options.games, '--games', 2, 10_000_000_000) : probe.games;
      const n = entrants.length;
      const wins = entrants.map(() => new Array<number>(n).fill(0));
      const played = entrants.map(() => new Array<number>(n).fill(0));
      // Capped games are reported per pairing and left out of the score: a game stopped by the
      // turn cap has no result, and counting it as half a win each would pull both towards 50%.
      const capped = entrants.map(() => new Array<number>(n).fill(0));
      const workers = workersFrom(options.workers);
      const game = gameOf(probe.game);
      // Every pairing's plan is built before any is played: a mistake in the last one stops the
      // tournament before it starts, and the search warning can count them all.
      const pairings: { i: number; j: number; plan: Plan }[] = [];
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++) {
          const a = entrants[i]!;
          const b = entrants[j]!;
          const seats = Array.from({ length: probe.players }, (_, k) => ({ ...(k % 2 === 0 ? a.seat : b.seat), name: k % 2 === 0 ? a.label : b.label }));
          try {
            pairings.push({ i, j, plan: buildPlan({ ...data, seats, players: probe.players, seating: 'rotate' }, file, registry, { games, dataRoots: dataRootsFromEnv(), ...(options.seed ? { seed: options.seed } : {}) }) });
          } catch (e) {
            if (e instanceof ScenarioError) throw new CliError(`${a.label} vs ${b.label}: ${e.message}`);
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
      for (const { i, j, plan } of pairings) {
        const a = entrants[i]!;
        const b = entrants[j]!;
        say(`${a.label} vs ${b.label}: ${games.toLocaleString('en-US')} games\n`);
        const s = summarise(game, plan, await runPlan(plan, { workers }));
        const winsOf = (label: string) => s.policies.find((p) => p.label === label)?.wins ?? 0;
        wins[i]![j] = winsOf(a.label) + s.draws.count / 2;
        wins[j]![i] = winsOf(b.label) + s.draws.count / 2;
        played[i]![j] = played[j]![i] = s.games - s.capped.count;
        capped[i]![j] = capped[j]![i] = s.capped.count;
      }
      const names = entrants.map((e) => e.label);
      const reference = names.includes('random') ? names.indexOf('random') : 0;
      const ratings = bradleyTerry(names, wins, reference);
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
      const ratingRows = ranked.map((r) => [r.name, r.elo.toFixed(0), `[${r.interval[0].toFixed(0)}, ${r.interval[1].toFixed(0)}]`]);
      const cappedRows = pairings.filter(({ i, j }) => capped[i]![j]! > 0).map(({ i, j }) => [`${names[i]} vs ${names[j]}`, String(capped[i]![j]), pct(capped[i]![j]! / games)]);
      const cappedLines = cappedRows.length
        ? ['', 'Capped games per pairing (they hit the turn cap: left out of the scores and ratings above):', textTable(['pairing', 'capped', 'share'], cappedRows)]
        : [];
      const lines = [
        `${probe.name}: tournament of ${n} entrants, ${games.toLocaleString('en-US')} games per pairing, seats rotating, seed ${options.seed ?? probe.seed}`,
        '',
        'Score of the row entrant against the column entrant (draws count half; capped games are not scored):',
        matrix,
        '',
        `Bradley-Terry ratings (Elo scale, ${names[reference]} = 0, 95% intervals):`,
        textTable(['entrant', 'rating', 'interval'], ratingRows),
        ...cappedLines,
      ];
      if (names.includes('random')) {
        const best = ranked.find((r) => r.name !== 'random')!;
        const bi = names.indexOf(best.name);
        const ri = names.indexOf('random');
        const [lo, hi] = wilson(wins[bi]![ri]!, played[bi]![ri]!);
        lines.push('', `How much skill matters: the strongest entrant, ${best.name}, scores ${pct(wins[bi]![ri]! / played[bi]![ri]!)} [${pct(lo)}, ${pct(hi)}] against random.`);
      }
      io.out(`${lines.join('\n')}\n`);
      const out = options.out ?? join('results', `${probe.name}-tournament`);
      mkdirSync(join(out, 'charts'), { recursive: true });
      writeJson(out, 'tournament.json', { format: 'squabble-tournament/1', scenario: file, gamesPerPairing: games, seed: options.seed ?? probe.seed, entrants: names, wins, games: played, capped, cappedScoring: 'left out of wins and games', ratings, reference: names[reference] });
      writeAtomic(join(out, 'tournament.md'), `# ${lines[0]}\n\n${markdownTable(['', ...names], names.map((row, i) => [row, ...names.map((_, j) => (i === j ? '-' : pct(wins[i]![j]! / played[i]![j]!)))]))}\n\n${markdownTable(['entrant', 'rating', 'interval'], ratingRows)}\n${cappedRows.length ? `\n${cappedLines[1]}\n\n${markdownTable(['pairing', 'capped', 'share'], cappedRows)}\n` : ''}`);
      for (const [id, spec] of [
        ['tournament-matrix', tournamentMatrixChart(`${probe.name}: who beats whom`, cells, names)],
        ['tournament-ratings', ratingsChart(`${probe.name}: ratings`, ratings, names[reference]!)],
      ] as const) {
        writeJson(join(out, 'charts'), `${id}.vl.json`, spec);
        const svg = await specToSvg(spec);
        writeAtomic(join(out, 'charts', `${id}.svg`), svg);
        writeAtomic(join(out, 'charts', `${id}.png`), svgToPng(svg));
      }
      say(`wrote ${out}/tournament.json, tournament.md and charts/\n`);
    });
}
