/** The dominance section of a run's outputs (terminal, summary.md, report.html): src/analysis/dominance.ts says how it is decided. */
import { dominanceLines, fieldTable } from '../analysis/dominance.js';
import { equilibriumTable } from '../analysis/equilibrium.js';
import type { Summary } from '../sim/stats/summary.js';

type Table = (header: string[], rows: string[][]) => string;

/** The section's lines under `heading`, each verdict as a bulleted line, then the field table; none without a matrix. */
export function dominanceSection(s: Summary, table: Table, heading: string, bullet: string): string[] {
  if (!s.dominance) return [];
  const [intro, ...verdicts] = dominanceLines(s.dominance);
  const field = fieldTable(s.dominance);
  return ['', heading, intro!, ...verdicts.map((l) => `${bullet}${l}`), '', table(field.header, field.rows)];
}

/** The equilibrium section (what a smart field would play): its statements as bullets, then the Nash table; none without a matrix. */
export function equilibriumSection(s: Summary, table: Table, heading: string, bullet: string): string[] {
  if (!s.equilibrium) return [];
  const nash = equilibriumTable(s.equilibrium);
  return ['', heading, ...s.equilibrium.statement.map((l) => `${bullet}${l}`), '', table(nash.header, nash.rows)];
}
