/**
 * The summary report of a run: key numbers in plain words, then tables (seats, policies,
 * game length, game metrics), as terminal text or as Markdown (summary.md).
 */
import { assertionLines } from '../analysis/assertions.js';
import type { Summary } from '../sim/stats/summary.js';
import { pct, pctDigits, interval, num, textTable, markdownTable } from './format.js';
import { balanceText, balanceMarkdown } from './balance-report.js';
import { headlineExamples, NO_REPLAY_PAGES, type ReplayPages } from './examples.js';
import { levelsText, levelsMarkdown } from './levels-report.js';
import { dominanceSection, equilibriumSection } from './dominance-report.js';
import { qualitySection } from './quality-report.js';

type Table = (header: string[], rows: string[][]) => string;

export function keyNumbers(s: Summary): string[] {
  const lines: string[] = [];
  for (const seat of s.seats) {
    const half = (seat.winRateCI[1] - seat.winRateCI[0]) / 2;
    const d = pctDigits(seat.winRateCI);
    const mixed = s.firstPlayer.sameBot === false ? ' (mixed-bot figure)' : '';
    lines.push(`Seat ${seat.seat} (${seat.policy}) wins ${pct(seat.winRate, d)} ± ${pct(half, d)} of ${s.games.toLocaleString('en-US')} games${mixed}.`);
  }
  if (s.policies.length > 1) {
    for (const p of s.policies) {
      const half = (p.winRateCI[1] - p.winRateCI[0]) / 2;
      const d = pctDigits(p.winRateCI);
      lines.push(`Policy ${p.label} wins ${pct(p.winRate, d)} ± ${pct(half, d)} of its ${p.seatGames.toLocaleString('en-US')} seat-games.`);
    }
  }
  lines.push(s.firstPlayer.statement);
  if (s.scenario.setupDescription) lines.push(`Set-up: ${s.scenario.setupDescription}.`);
  lines.push(`Draws: ${s.draws.count} (${pct(s.draws.rate, 2)}); capped games: ${s.capped.count} (${pct(s.capped.rate, 2)}).`);
  const warning = cappedWarning(s);
  if (warning) lines.unshift(warning);
  const t = s.length.turns;
  lines.push(`A game lasts ${num(t.mean, 1)} turns on average (sd ${num(t.sd, 1)}; median ${t.percentiles.p50}, 5-95%: ${t.percentiles.p5}-${t.percentiles.p95}), ${num(s.length.rounds.mean, 1)} rounds.`);
  return lines;
}

/** Above this share of capped games a run's figures describe the cap as much as the game. */
export const CAPPED_WARN_RATE = 0.02;

/** The loud line every output of a run capping more than 2% of its games starts with, or null. */
export function cappedWarning(s: Summary): string | null {
  if (s.capped.rate <= CAPPED_WARN_RATE) return null;
  return `WARNING: ${pct(s.capped.rate, 1)} of games (${s.capped.count.toLocaleString('en-US')} of ${s.games.toLocaleString('en-US')}) hit the turn cap (more than ${pct(CAPPED_WARN_RATE)}): they count as neither win nor draw, so every win rate here is of the games that finished in time. Raise maxTurns or check the bots.`;
}

function tables(s: Summary, table: Table, heading: (t: string) => string): string[] {
  const out: string[] = [];
  out.push(heading('Seats'));
  out.push(table(['seat', 'policy', 'wins', 'win rate', '95% interval', 'moved first'], s.seats.map((r) => [String(r.seat), r.policy, String(r.wins), pct(r.winRate, pctDigits(r.winRateCI)), interval(r.winRateCI), String(r.firstMoves)])));
  out.push(heading('Policies'));
  out.push(table(['policy', 'seat-games', 'wins', 'win rate', '95% interval'], s.policies.map((p) => [p.label, String(p.seatGames), String(p.wins), pct(p.winRate, pctDigits(p.winRateCI)), interval(p.winRateCI)])));
  out.push(heading('Game length'));
  const len = (name: string, d: Summary['length']['turns']) => [name, num(d.mean), num(d.sd), String(d.min), String(d.percentiles.p5 ?? ''), String(d.percentiles.p25 ?? ''), String(d.percentiles.p50 ?? ''), String(d.percentiles.p75 ?? ''), String(d.percentiles.p95 ?? ''), String(d.max)];
  out.push(table(['', 'mean', 'sd', 'min', 'p5', 'p25', 'p50', 'p75', 'p95', 'max'], [len('turns', s.length.turns), len('rounds', s.length.rounds)]));
  const metrics = Object.entries(s.metrics.game);
  if (metrics.length) {
    out.push(heading('Game metrics'));
    out.push(table(['metric', 'per game', 'total'], metrics.map(([k, v]) => [k, num(v.perGame, 3), String(v.total)])));
  }
  const seatMetricNames = Object.keys(s.metrics.seats[0] ?? {});
  if (seatMetricNames.length) {
    out.push(heading('Seat metrics (per game)'));
    out.push(table(['metric', ...s.seats.map((r) => `seat ${r.seat}`)], seatMetricNames.map((k) => [k, ...s.metrics.seats.map((row) => num(row[k]!.perGame, 3))])));
  }
  return out;
}

function header(s: Summary): string {
  const variant = s.scenario.variant ? `, variant ${s.scenario.variant}` : '';
  return `${s.scenario.name}: ${s.scenario.game}, ${s.scenario.players} players${variant}, ${s.games.toLocaleString('en-US')} games, seed ${s.scenario.seed} (scenario ${s.scenario.scenarioHash})`;
}

/** The scenario's description, as lines (none when it has none). */
function description(s: Summary): string[] {
  const text = (s.scenario.description ?? '').trim();
  return text ? [text, ''] : [];
}

export interface SummaryTextOptions {
  /** Every row of the balance sheet instead of the rows that matter. */
  allRows?: boolean;
}

/** `squabble ladder`'s warnings for this content (a step of the skill ladder that does not hold there), each a line of its own. */
function botWarningLines(s: Summary): string[] {
  return s.botWarnings?.length ? [...s.botWarnings, ''] : [];
}

/** The design assertions' verdicts (a scenario's `expect:`), after the key numbers. */
function assertionsSection(s: Summary, heading: string, bullet: string): string[] {
  if (!s.assertions) return [];
  const [intro, ...lines] = assertionLines(s.assertions);
  return ['', heading, intro!, ...lines.map((l) => `${bullet}${l}`)];
}

export function summaryText(s: Summary, options: SummaryTextOptions = {}): string {
  return [header(s), '', ...description(s), ...botWarningLines(s), ...keyNumbers(s), ...assertionsSection(s, 'Design assertions (expect:):', '  '), ...qualitySection(s, 'Game quality (docs/quality.md):', '  '), ...dominanceSection(s, textTable, 'Dominance and diversity:', '  '), ...equilibriumSection(s, textTable, 'Equilibrium (docs/analysis.md):', '  '), ...tables(s, textTable, (t) => `\n${t}`), ...balanceText(s, textTable, options.allRows ?? false), ...levelsText(s.levels, textTable, options.allRows ?? false)].join('\n') + '\n';
}

/** A rule's value for one line: inlined data (a card pool, a roster) is summarised, not printed whole. */
export function ruleValue(v: unknown): string {
  if (Array.isArray(v)) return v.length > 3 || JSON.stringify(v).length > 60 ? `[${v.length} entries]` : JSON.stringify(v);
  if (v !== null && typeof v === 'object') {
    const text = JSON.stringify(v);
    return text.length > 60 ? `{${Object.keys(v).length} fields}` : text;
  }
  return JSON.stringify(v);
}

/** summary.md; `pages`: the replay pages written with the report, linked from the examples. */
export function summaryMarkdown(s: Summary, pages: ReplayPages = NO_REPLAY_PAGES): string {
  const rules = Object.entries(s.scenario.rules).map(([k, v]) => `${k}=${ruleValue(v)}`).join(', ');
  return [`# ${header(s)}`, '', ...description(s), ...(s.botWarnings?.length ? [...s.botWarnings.map((l) => `> **${l}**`), ''] : []), `Rules: ${rules}. Seating: ${s.scenario.seating}.`, '', ...keyNumbers(s).map((l) => `- ${l}`), ...(headlineExamples(s, pages) ? ['', headlineExamples(s, pages)!] : []), ...assertionsSection(s, '## Design assertions\n', '- '), ...qualitySection(s, '## Game quality\n', '- '), ...dominanceSection(s, markdownTable, '## Dominance and diversity\n', '- '), ...equilibriumSection(s, markdownTable, '## Equilibrium: what a smart field would play\n', '- '), ...tables(s, markdownTable, (t) => `\n## ${t}\n`), ...balanceMarkdown(s, markdownTable, pages), ...levelsMarkdown(s.levels, markdownTable)].join('\n') + '\n';
}
