/** The balance gate's output: a readable table, Markdown for a CI job summary, and JSON. */
import type { Comparison, GateResult, Baseline, GateOptions } from './analysis.js';
import { textTable, markdownTable } from '../../report/format.js';

export interface ScenarioCheck {
  scenario: string;
  name: string;
  baseline: Baseline;
  scenarioHash: string;
  version: string;
  result: GateResult;
  /**
   * How the scenario was tested: 'identical' (content and code unchanged: every game replayed as
   * stored), 'paired' (content edited: the baseline's stored content played again beside it on
   * the same seeds), 'code changed' (this code does not reproduce the baseline from its own
   * content: the unpaired fallback), 'no stored content' (an older baseline), or 'unplayable: why'.
   */
  mode: 'identical' | 'paired' | 'code changed' | 'no stored content' | `unplayable: ${string}`;
  /** The fair line of the game's primary strength rate in the current games (src/analysis/fair-line.ts), in words. */
  fairLine?: string;
}

/** What each mode means, for the heading. */
function modeText(check: ScenarioCheck): string {
  const m = check.mode;
  if (m === 'identical') return 'content and code unchanged: every game replayed exactly as stored';
  if (m === 'paired') return "content edited: the baseline's stored content and the current one played on the same seeds, every metric tested on the paired games";
  const fallback = 'tested against the stored figures (unpaired; seat, outcome and length rates paired with the stored game records where kept)';
  if (m === 'code changed') return `the code changed (the baseline's content, played by this squabble, does not reproduce it): ${fallback}`;
  if (m === 'no stored content') return `content edited, and the baseline stores no content to replay (made by an older squabble; refresh it): ${fallback}`;
  return `content edited, and ${m.slice('unplayable: '.length)}: ${fallback}`;
}

function value(c: Comparison, x: number | null): string {
  if (x === null) return '-';
  return c.kind === 'proportion' ? `${(x * 100).toFixed(2)}%` : x.toFixed(2);
}

function signed(c: Comparison, x: number): string {
  const text = c.kind === 'proportion' ? `${(x * 100).toFixed(2)}` : x.toFixed(2);
  return x >= 0 ? `+${text}` : text;
}

function row(c: Comparison): string[] {
  const unit = c.kind === 'proportion' ? ' pts' : '';
  return [
    c.id,
    value(c, c.baseline),
    value(c, c.now),
    c.difference === null ? '-' : `${signed(c, c.difference)}${unit} [${signed(c, c.interval![0])}, ${signed(c, c.interval![1])}]`,
    c.detectable === null ? '-' : `${c.kind === 'proportion' ? (c.detectable * 100).toFixed(2) : c.detectable.toFixed(2)}${unit}`,
    c.test ?? '-',
    c.verdict,
  ];
}

const HEADER = ['metric', 'baseline', 'now', 'difference [interval]', 'catches', 'test', 'verdict'];

const quiet = (c: Comparison) => c.verdict === 'unchanged' || c.verdict === 'not significantly changed';

/** Rows to show: every headline metric, and table rates only where something happened (or all). */
function shown(check: ScenarioCheck, all: boolean): { rows: Comparison[]; hidden: string } {
  const rows = check.result.comparisons.filter((c) => all || !c.id.includes('[') || !quiet(c));
  const rest = check.result.comparisons.filter((c) => !rows.includes(c));
  const same = rest.filter((c) => c.verdict === 'unchanged').length;
  const notSignificant = rest.filter((c) => c.verdict === 'not significantly changed');
  const parts: string[] = [];
  if (notSignificant.length) {
    const catches = notSignificant.map((c) => c.detectable!).sort((x, y) => x - y);
    const pts = (x: number) => (x * 100).toFixed(2);
    const range = catches[0] === catches.at(-1) ? pts(catches[0]!) : `${pts(catches[0]!)} to ${pts(catches.at(-1)!)}`;
    parts.push(`${notSignificant.length} not significantly changed (each could have caught a change of its "catches" figure: ${range} pts)`);
  }
  if (same) parts.push(`${same} unchanged (the same in every game)`);
  return { rows, hidden: parts.length ? `table rates not shown: ${parts.join('; ')}` : '' };
}

function heading(check: ScenarioCheck): string {
  const changed = check.scenarioHash !== check.baseline.scenarioHash ? ` — scenario changed since its baseline (${check.baseline.scenarioHash} → ${check.scenarioHash})` : ' — scenario unchanged';
  const verdict = check.result.drift ? 'DRIFT' : 'no significant drift';
  return `${check.name} (${check.scenario}): ${verdict}${changed}; ${check.baseline.games.toLocaleString('en-US')} games, seed ${check.baseline.seed}; ${modeText(check)}`;
}

export function gateText(checks: ScenarioCheck[], o: GateOptions, all = false): string {
  const parts: string[] = [];
  for (const check of checks) {
    const { rows, hidden } = shown(check, all);
    parts.push(heading(check), ...(check.fairLine ? [`Now: ${check.fairLine}.`] : []), textTable(HEADER, rows.map(row)) + (hidden ? `\n(${hidden}; --all shows them)` : ''), '');
  }
  parts.push(footer(checks, o));
  return `${parts.join('\n')}\n`;
}

function footer(checks: ScenarioCheck[], o: GateOptions): string {
  const drifted = checks.filter((c) => c.result.drift).length;
  const tested = checks[0]?.result.tested ?? 0;
  const paired = checks.reduce((s, c) => s + c.result.paired, 0);
  return (
    `${drifted === 0 ? 'PASS' : 'FAIL'}: ${drifted} of ${checks.length} scenarios drifted. ` +
    `Tests: two-sided z-tests, paired game by game on the same seeds where both runs' games are known (${paired} of ${tested} metrics: the stored game records, or the baseline's content played again beside edited content), unpaired otherwise; ` +
    `Holm-corrected over all ${tested} metrics of the ${checks.length} scenario${checks.length === 1 ? '' : 's'} at alpha ${o.alpha}, so the chance of any false alarm in the whole check is at most ${o.alpha}; ` +
    `DRIFT = significant and at least ${(o.tolerance * 100).toFixed(1)} points (proportions) or ${(o.meanTolerance * 100).toFixed(1)}% (means); ` +
    `"catches" = the change detected with ${(o.power * 100).toFixed(0)}% power at that level: for a paired test, from the spread of this edit's per-game differences (0 when no game changed); for an unpaired one, from the baseline's own spread.`
  );
}

export function gateMarkdown(checks: ScenarioCheck[], o: GateOptions): string {
  const parts = ['## squabble balance check', ''];
  for (const check of checks) {
    const { rows, hidden } = shown(check, false);
    parts.push(`### ${check.result.drift ? '❌' : '✅'} ${heading(check)}`, '', ...(check.fairLine ? [`Now: ${check.fairLine}.`, ''] : []), markdownTable(HEADER, rows.map(row)), '');
    if (hidden) parts.push(`${hidden[0]!.toUpperCase()}${hidden.slice(1)}.`, '');
  }
  parts.push(footer(checks, o), '');
  return parts.join('\n');
}

export function gateJson(checks: ScenarioCheck[], o: GateOptions): unknown {
  return {
    format: 'squabble-check/1',
    options: o,
    drift: checks.some((c) => c.result.drift),
    scenarios: checks.map((c) => ({ scenario: c.scenario, name: c.name, baselineHash: c.baseline.scenarioHash, scenarioHash: c.scenarioHash, mode: c.mode, ...(c.fairLine ? { fairLine: c.fairLine } : {}), drift: c.result.drift, tested: c.result.tested, comparisons: c.result.comparisons })),
  };
}

/**
 * What a baseline lets `check` catch: each headline metric's detectable change, and per table
 * rate the median and range over its rows (every row's figure is in the baseline file).
 */
export function detectableText(b: Baseline): string {
  const at = b.detectableAt;
  if (!at) return '';
  const figure = (m: { kind: string; detectable?: number }) => (m.kind === 'proportion' ? `${(m.detectable! * 100).toFixed(2)} pts` : m.detectable!.toFixed(2));
  const rows: string[][] = b.metrics.filter((m) => !m.id.includes('[')).map((m) => [m.id, figure(m)]);
  const byRate = new Map<string, number[]>();
  for (const m of b.metrics) {
    const match = /^([^[]+)\[.*\]\.([^.]+)$/.exec(m.id);
    if (!match) continue;
    const key = `${match[1]}.${match[2]}`;
    byRate.set(key, [...(byRate.get(key) ?? []), m.detectable!]);
  }
  for (const [rate, xs] of byRate) {
    xs.sort((x, y) => x - y);
    const pts = (x: number) => (x * 100).toFixed(1);
    rows.push([`${rate} (${xs.length} rows)`, `median ${pts(xs[Math.floor(xs.length / 2)]!)} pts, ${pts(xs[0]!)} to ${pts(xs.at(-1)!)}`]);
  }
  return (
    `${b.name}: the smallest change \`check\` catches (${(at.power * 100).toFixed(0)}% power, alpha ${at.alpha} over this scenario's ${at.family} metrics; ` +
    `true even when an edit re-deals every game a metric counts; an edit that leaves games alone is caught smaller, and \`check\` prints what it could catch for the edit at hand):\n` +
    `${textTable(['metric', 'catches'], rows)}\n\n`
  );
}
