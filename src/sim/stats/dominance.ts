/**
 * The shape of a dominance report (summary.json `dominance`, tournament.json `dominance`); how it
 * is computed is src/analysis/dominance.ts. Here so that the summary type need not import analysis.
 */

/** Every pairing's results: wins[i][j] games i won against j; draws and capped are symmetric. */
export interface PairCounts {
  names: string[];
  wins: number[][];
  draws: number[][];
  capped: number[][];
}

export type Viability = 'yes' | 'no' | 'undecided';

export interface FieldRow {
  name: string;
  /** Mean share of decided games over the other choices, each weighted alike. */
  rate: number;
  interval: [number, number];
  decided: number;
  draws: number;
  capped: number;
  viable: Viability;
}

export interface DominanceReport {
  /** What the choices are (characters, entrants) and where their results come from. */
  subject: string;
  source: string;
  counts: PairCounts;
  alpha: number;
  /** Pairings with decided games: each pairing's interval is at 1 − alpha / pairings. */
  pairings: number;
  pairConfidence: number;
  dominance: {
    verdict: 'dominant' | 'none' | 'undecided';
    dominant: string | null;
    /** Choices neither shown dominant nor shown to have a counter, each with its worst pairing. */
    uncountered: { name: string; worst: string; rate: number; interval: [number, number] }[];
    statement: string;
  };
  field: {
    fair: number;
    margin: number;
    /** Each choice's interval is at this confidence (1 − alpha / choices). */
    confidence: number;
    rows: FieldRow[];
    viable: { estimate: number; atLeast: number; atMost: number };
    statement: string;
  };
  order: {
    kind: 'strict order' | 'cycles' | 'not shown';
    cycles: string[][];
    /** Strongest first, when the order is strict. */
    ranking: string[] | null;
    /** Pairings neither side clearly wins. */
    undecidedPairings: number;
    statement: string;
  };
}


const PAIR_COLUMNS = ['games', 'aWins', 'bWins', 'draws', 'capped'];

/** The choices of a table with one row per pairing ("A vs B") and both sides' wins, a matchup matrix; [] for any other table. */
export function pairTableChoices(columns: readonly string[], rows: readonly string[]): string[] {
  if (!PAIR_COLUMNS.every((c) => columns.includes(c))) return [];
  const names: string[] = [];
  for (const row of rows) {
    const at = row.indexOf(' vs ');
    if (at < 0) continue;
    for (const x of [row.slice(0, at), row.slice(at + 4)]) if (!names.includes(x)) names.push(x);
  }
  return names;
}
