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

/** Rows to show: every headline metric, and table rates only where something happened (or all). */
function shown(check: ScenarioCheck, all: boolean): { rows: Comparison[]; hidden: number } {
  const rows = check.result.comparisons.filter((c) => all || !c.id.includes('[') || c.verdict !== 'ok');
  return { rows, hidden: check.result.comparisons.length - rows.length };
}

function heading(check: ScenarioCheck): string {
  const changed = check.scenarioHash !== check.baseline.scenarioHash ? ` — scenario changed since its baseline (${check.baseline.scenarioHash} → ${check.scenarioHash})` : ' — scenario unchanged';
  const verdict = check.result.drift ? 'DRIFT' : 'no significant drift';
  return `${check.name} (${check.scenario}): ${verdict}${changed}; ${check.baseline.games.toLocaleString('en-US')} games, seed ${check.baseline.seed}`;
}

export function gateText(checks: ScenarioCheck[], o: GateOptions, all = false): string {
  const parts: string[] = [];
  for (const check of checks) {
    const { rows, hidden } = shown(check, all);
    parts.push(heading(check), textTable(HEADER, rows.map(row)) + (hidden ? `\n(${hidden} table rates unchanged, not shown; --all shows them)` : ''), '');
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
    `Tests: two-sided z-tests, paired game by game on the same seeds where the baseline kept its games (${paired} of ${tested} metrics), unpaired otherwise; ` +
    `Holm-corrected over all ${tested} metrics of the ${checks.length} scenario${checks.length === 1 ? '' : 's'} at alpha ${o.alpha}, so the chance of any false alarm in the whole check is at most ${o.alpha}; ` +
    `DRIFT = significant and at least ${(o.tolerance * 100).toFixed(1)} points (proportions) or ${(o.meanTolerance * 100).toFixed(1)}% (means); ` +
    `"catches" = change detected with ${(o.power * 100).toFixed(0)}% power by the unpaired test (the paired test catches smaller ones).`
  );
}

export function gateMarkdown(checks: ScenarioCheck[], o: GateOptions): string {
  const parts = ['## squabble balance check', ''];
  for (const check of checks) {
    const { rows, hidden } = shown(check, false);
    parts.push(`### ${check.result.drift ? '❌' : '✅'} ${heading(check)}`, '', markdownTable(HEADER, rows.map(row)), '');
    if (hidden) parts.push(`${hidden} table rates unchanged, not shown.`, '');
  }
  parts.push(footer(checks, o), '');
  return parts.join('\n');
}

export function gateJson(checks: ScenarioCheck[], o: GateOptions): unknown {
  return {
    format: 'squabble-check/1',
    options: o,
    drift: checks.some((c) => c.result.drift),
    scenarios: checks.map((c) => ({ scenario: c.scenario, name: c.name, baselineHash: c.baseline.scenarioHash, scenarioHash: c.scenarioHash, drift: c.result.drift, tested: c.result.tested, comparisons: c.result.comparisons })),
  };
}
