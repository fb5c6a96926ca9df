/**
 * A sweep run: every cell of the scenario's grid plays the same games (same seeds), one cell
 * after another. Writes cells/<k>/summary.json and summary.md, sweep.json (each cell's values
 * and headline figures with intervals), charts/ and report.html.
 */
import { watchCost } from '../kit/cost-warning.js';
import { join } from 'node:path';
import { mkdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import type { Plan } from '../../sim/scenario/types.js';
import { runPlan } from '../../runner/pool.js';
import { summarise, type Summary } from '../../sim/stats/summary.js';
import { writeJson, writeAtomic } from '../../runner/results.js';
import { claimOutDir, fileHashOf, OutputDirError, type ClaimedOutDir, type RunIdentity, defaultOut } from '../../runner/outdir.js';
import { summaryMarkdown, keyNumbers } from '../../report/summary-report.js';
import { textTable } from '../../report/format.js';
import { sweepCurve, sweepHeatmap, type SweepPoint } from './charts.js';
import { CHARTS } from '../../report/charts/index.js';
import { specToSvg, svgToPng } from '../../report/render.js';
import { pageHtml } from '../../report/html.js';
import { markdownFile } from '../../report/escape.js';
import { gameOf } from '../../registry.js';
import { withBalance } from '../../analysis/balance.js';
import { withDominance } from '../../analysis/dominance.js';
import { withEquilibrium } from '../../analysis/equilibrium.js';
import { withAssertions } from '../../analysis/assertions.js';
import { changedSubjects, unpairedChanges, whatChanged } from '../../analysis/what-changed.js';
import { whatChangedLines } from '../../report/what-changed-report.js';
import { markdownTable } from '../../report/format.js';
import { Z95 } from '../../sim/stats/intervals.js';
import { CliError, type CliIO } from '../kit/io.js';

export interface SweepOptions {
  workers: number;
  out?: string;
  force: boolean;
  report: boolean;
  say: (t: string) => void;
}

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

/** A sweep's games: every cell's scenario hash, the seed and the games per cell. */
export function sweepIdentity(cells: readonly Plan[]): RunIdentity {
  const first = cells[0]!;
  const hash = createHash('sha256').update(cells.map((c) => c.scenarioHash).join('\n')).digest('hex');
  return { kind: 'sweep', scenario: first.file, name: first.name, hash, seed: first.seed, games: first.games, fileHash: fileHashOf(first.file) };
}

/** A cell's summary from an interrupted run of the same sweep, if it was finished and is of these games. */
function finishedCell(dir: string, plan: Plan): Summary | null {
  try {
    const s = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
    return s.scenario.scenarioHash === plan.scenarioHash && s.games === plan.games ? s : null;
  } catch {
    return null;
  }
}

export async function runSweep(io: CliIO, cells: Plan[], o: SweepOptions): Promise<string> {
  const first = cells[0]!;
  const out = o.out ?? defaultOut(`${first.name}-sweep`);
  const identity = sweepIdentity(cells);
  let claim: ClaimedOutDir;
  try {
    claim = claimOutDir(out, identity, o.force);
  } catch (e) {
    if (e instanceof OutputDirError) throw new CliError(e.message);
    throw e;
  }
  try {
    if (claim.moved) o.say(`the previous sweep in ${out} (another version of the scenario) is kept in ${claim.moved}/\n`);
    writeJson(out, 'sweep-plan.json', identity); // marks the folder as this sweep's while its cells are played
    await playSweep(io, cells, out, claim.continuing, o);
  } finally {
    claim.lock.release();
  }
  return out;
}

async function playSweep(io: CliIO, cells: Plan[], out: string, continuing: boolean, o: SweepOptions): Promise<void> {
  const first = cells[0]!;
  const fields = Object.keys(first.cellValues ?? {});
  o.say(`${first.name}: sweep of ${cells.length} cells over ${fields.join(', ')}, ${first.games.toLocaleString('en-US')} games each (same seeds in every cell), ${o.workers} workers\n`);
  const game = gameOf(first.game);
  const results: { plan: Plan; summary: Summary }[] = [];
  const cellDir = (plan: Plan) => join(out, 'cells', String(plan.cell));
  // The cells an interrupted run of this sweep finished are kept, not played again.
  const kept = cells.map((plan) => (continuing ? finishedCell(cellDir(plan), plan) : null));
  // Slow scenarios warn from their first games, as `run` does, for the cells still to play.
  const cost = watchCost(cells.reduce((n, plan, c) => n + (kept[c] ? 0 : plan.games), 0), o.workers, o.say);
  for (const [c, plan] of cells.entries()) {
    const dir = cellDir(plan);
    const done = kept[c];
    if (done) o.say(`  cell ${plan.cell}: played by the interrupted run of this sweep; kept\n`);
    let summary: Summary;
    try {
      summary = done ?? withAssertions(withEquilibrium(withDominance(withBalance(summarise(game, plan, await runPlan(plan, { workers: o.workers, finished: cost.finished }))))), plan.expect);
    } catch (e) {
      cost.stop();
      throw e;
    }
    mkdirSync(dir, { recursive: true });
    writeJson(dir, 'summary.json', summary);
    writeAtomic(join(dir, 'summary.md'), markdownFile(summaryMarkdown(summary)));
    results.push({ plan, summary });
    o.say(`  cell ${plan.cell} (${fields.map((f) => `${f} = ${show(plan.cellValues![f])}`).join(', ')}): seat 0 wins ${pct(summary.seats[0]!.winRate)}, mean length ${summary.length.turns.mean.toFixed(1)}\n`);
  }
  cost.stop();
  // Headline points per cell: each seat's win rate (each bot's, when the sweep changes a bot), draw rate, mean length.
  const bots = fields.some((f) => f.startsWith('seats')) ? botsOf(cells) : null;
  const rows = (s: Summary, plan: Plan) =>
    bots ? bots.map((b) => ({ series: b.name, ...s.policies.find((p) => p.label === plan.seats[b.config]!.label)! })) : s.seats.map((seat) => ({ series: `seat ${seat.seat}`, ...seat }));
  const points = (metric: 'seats' | 'draws' | 'length'): SweepPoint[] =>
    results.flatMap(({ plan, summary: s }): SweepPoint[] => {
      const values = plan.cellValues!;
      if (metric === 'seats') return rows(s, plan).map((r) => ({ cell: plan.cell, values, series: r.series, value: r.winRate, low: r.winRateCI[0], high: r.winRateCI[1], kind: 'proportion' as const }));
      if (metric === 'draws') return [{ cell: plan.cell, values, series: 'draws', value: s.draws.rate, low: s.draws.ci[0], high: s.draws.ci[1], kind: 'proportion' as const }];
      const d = s.length.turns;
      const half = (Z95 * d.sd) / Math.sqrt(s.games);
      return [{ cell: plan.cell, values, series: 'mean length', value: d.mean, low: d.mean - half, high: d.mean + half, kind: 'mean' as const }];
    });
  const charts: { id: string; spec: ReturnType<typeof sweepCurve> }[] = [];
  if (fields.length === 1) {
    const f = fields[0]!;
    charts.push({ id: 'sweep-win-rate', spec: sweepCurve(`Win rate by ${f}`, f, points('seats'), 'Win rate (%)') });
    charts.push({ id: 'sweep-length', spec: sweepCurve(`Game length by ${f}`, f, points('length'), 'Mean game length (turns)') });
    charts.push({ id: 'sweep-draws', spec: sweepCurve(`Draw rate by ${f}`, f, points('draws'), 'Draw rate (%)') });
  } else {
    const [fx, fy] = fields as [string, string];
    const headline = bots ? bots[0]!.name : 'seat 0';
    charts.push({ id: 'sweep-seat0-win-rate', spec: sweepHeatmap(`${headline} win rate over ${fx} and ${fy}`, fx, fy, points('seats').filter((p) => p.series === headline), `${headline} win rate (%)`) });
    charts.push({ id: 'sweep-length', spec: sweepHeatmap(`Mean game length over ${fx} and ${fy}`, fx, fy, points('length'), 'Mean length (turns)') });
  }
  // Charts a game's builders draw over the cells (e.g. Squall's covered share, one bar per layout).
  const cellInputs = results.map(({ plan, summary }) => ({ values: plan.cellValues ?? {}, summary }));
  for (const c of CHARTS) {
    if (!c.buildSweep || (c.games && !c.games.includes(first.game))) continue;
    const spec = c.buildSweep(cellInputs);
    if (spec) charts.push({ id: c.id, spec });
  }
  const table = textTable(
    [...fields, ...(bots ? bots.map((b) => `${b.name} wins`) : first.seats.map((_, k) => `seat ${k} wins`)), 'draws', 'mean length'],
    results.map(({ plan, summary: s }) => [...fields.map((f) => show(plan.cellValues![f])), ...rows(s, plan).map((x) => `${pct(x.winRate)} ±${((x.winRateCI[1] - x.winRateCI[0]) * 50).toFixed(2)}`), pct(s.draws.rate), s.length.turns.mean.toFixed(1)]),
  );
  // What changed from the first cell to each other one (the terminal shows the last against the first).
  const describeCell = (plan: Plan) => `cell ${plan.cell} (${fields.map((f) => `${f} = ${show(plan.cellValues![f])}`).join(', ')})`;
  const changes = results.slice(1).map(({ plan, summary }) => ({
    cell: plan.cell,
    ...whatChanged(unpairedChanges(results[0]!.summary, summary), changedSubjects(game, first.rules, plan.rules, first.players)),
  }));
  const last = changes.at(-1);
  const lastText = last ? whatChangedLines(last, textTable, (t) => `${t}:`).join('\n\n') : '';
  io.out(
    `${first.name}: sweep over ${fields.join(', ')}, ${first.games.toLocaleString('en-US')} games per cell, seed ${first.seed}\n\n${table}\n` +
      (lastText ? `\nFrom ${describeCell(first)} (A) to ${describeCell(results.at(-1)!.plan)} (B):\n\n${lastText}\n` : ''),
  );
  writeJson(out, 'sweep.json', {
    format: 'squabble-sweep/1',
    scenario: first.file,
    seed: first.seed,
    gamesPerCell: first.games,
    fields,
    cells: results.map(({ plan, summary: s }) => ({ cell: plan.cell, values: plan.cellValues, scenarioHash: plan.scenarioHash, seats: s.seats, ...(bots ? { bots: rows(s, plan) } : {}), draws: s.draws, capped: s.capped, firstPlayer: s.firstPlayer, length: { mean: s.length.turns.mean, sd: s.length.turns.sd } })),
    whatChanged: changes,
  });
  const changedMd = results
    .slice(1)
    .map(({ plan }, k) => ({ plan, lines: whatChangedLines(changes[k]!, markdownTable, (t) => `### ${t}`) }))
    .filter((c) => c.lines.length)
    .map(({ plan, lines }) => [`## From ${describeCell(first)} (A) to ${describeCell(plan)} (B)`, ...lines].join('\n\n'))
    .join('\n\n');
  writeAtomic(join(out, 'sweep.md'), markdownFile(`# ${first.name}: sweep\n\n\`\`\`\n${table}\n\`\`\`\n${changedMd ? `\n${changedMd}\n` : ''}`));
  if (o.report) {
    mkdirSync(join(out, 'charts'), { recursive: true });
    for (const c of charts) {
      writeJson(join(out, 'charts'), `${c.id}.vl.json`, c.spec);
      const svg = await specToSvg(c.spec);
      writeAtomic(join(out, 'charts', `${c.id}.svg`), svg);
      writeAtomic(join(out, 'charts', `${c.id}.png`), svgToPng(svg));
    }
    const lines = results.map(({ plan, summary }) => `${fields.map((f) => `${f} = ${show(plan.cellValues![f])}`).join(', ')}: ${keyNumbers(summary)[0]}`);
    writeAtomic(
      join(out, 'report.html'),
      pageHtml(`${first.name}: sweep`, [{ id: 'sweep', heading: `${first.name}: sweep over ${fields.join(', ')}`, facts: [['scenario', first.file], ['cells', String(cells.length)], ['games per cell', `${first.games.toLocaleString('en-US')}, seed ${JSON.stringify(first.seed)} (the same seeds in every cell)`]], keyLines: lines, charts, tables: [] }]),
    );
    o.say(`report: ${join(out, 'report.html')}\n`);
  }
}

/**
 * The bots of a sweep that changes seat entries: one per seat configuration whose label differs
 * from every earlier configuration's in some cell (two entries that are the same bot in every
 * cell are one bot). Named by its label if the sweep leaves it alone, else `seats[c]` and its
 * policy in the first cell. With rotating seats these are free of seat advantage.
 */
function botsOf(cells: readonly Plan[]): { config: number; name: string }[] {
  const first = cells[0]!;
  const bots: { config: number; name: string }[] = [];
  first.seats.forEach((seat, c) => {
    if (bots.some((b) => cells.every((p) => p.seats[b.config]!.label === p.seats[c]!.label))) return;
    const fixed = cells.every((p) => p.seats[c]!.label === seat.label);
    bots.push({ config: c, name: fixed ? seat.label : `seats[${c}] (${seat.policy === 'epsilon' ? String(seat.params.policy) : seat.policy})` });
  });
  return bots;
}
