/**
 * The shape of an equilibrium report (summary.json `equilibrium`, tournament.json `equilibrium`);
 * how it is computed is src/analysis/equilibrium.ts. Here so that the summary type need not
 * import analysis.
 */

export interface EquilibriumRow {
  name: string;
  /** The choice's weight in the maximum-entropy Nash mixture of the measured matrix. */
  weight: number;
  /** 95% percentile interval of the weight over resamples of the matrix's games. */
  interval: [number, number];
  /** Share of resamples in which the choice's weight is below `never` (never worth picking). */
  neverShare: number;
  /** Nash-averaged rating: the choice's share of decided games against the Nash mixture, minus its expectation, plus 50%. */
  rating: number;
  ratingInterval: [number, number];
}

export interface EquilibriumReport {
  /** What the choices are (characters, entrants) and where their results come from. */
  subject: string;
  source: string;
  /** Resamples of the matrix's games (parametric bootstrap of every pairing's decided games). */
  resamples: number;
  /** The resampling stream's seed (fixed: the same matrix gives the same report). */
  seed: number;
  /** A weight below this counts as "never played". */
  never: number;
  rows: EquilibriumRow[];
  /** The choices with weight at least `never` in the measured matrix's equilibrium, heaviest first. */
  support: string[];
  /** How many choices the equilibrium plays, over resamples: lowest, median, highest. */
  supportSizes: { min: number; median: number; max: number };
  /** The cyclic (rock-paper-scissors) share of the matrix's squared spread, corrected for noise, with its 95% interval over resamples. */
  cyclic: { share: number; interval: [number, number] };
  /** Cycles of pairings each clearly won (from the dominance report's order), when known. */
  cycles: string[][];
  /** Pairings without decided games (their payoff is taken as even). */
  unplayed: number;
  /** The solver's worst duality gap over the measured matrix and its resamples (0 = exact). */
  gap: number;
  statement: string[];
}
