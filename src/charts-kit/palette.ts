/**
 * One colour per seat, per policy, per variant and per group, the same in every chart of a
 * report and across reports, so a designer who learns "greedy is orange" can trust it on the
 * next page. Seats take their colour from their number; names (policies, variants, groups)
 * from their text, so the colour does not depend on which other names a run happens to have.
 *
 * Seats have their own palette, so seat 0 and a policy are not confused. A name's colour is a
 * hash of it into a 20-colour palette, so it keeps its colour whatever else a run holds; the
 * shipped bots' names and the base variant are fixed. Within one chart, names never share a
 * colour (see nameScale).
 */

/** Seats 0-9 (Tableau 10); higher seats wrap. */
const SEATS = ['#4c78a8', '#f58518', '#54a24b', '#b279a2', '#e45756', '#72b7b2', '#eeca3b', '#ff9da6', '#9d755d', '#79706e'];

/** Names: Vega's category20 — dark and light pairs kept apart by the hash. */
const NAMES = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf', '#aec7e8', '#ffbb78', '#98df8a', '#ff9896', '#c5b0d5', '#c49c94', '#f7b6d2', '#c7c7c7', '#dbdb8d', '#9edae5'];

/** The shipped bots and levels (docs/bots.md), fixed so that the ladder reads light to dark. */
const FIXED: Record<string, string> = {
  random: '#9e9e9e',
  greedy: '#ff7f0e',
  planner: '#2ca02c',
  builder: '#8c564b',
  ismcts: '#9467bd',
  brawler: '#d62728',
  sniper: '#1f77b4',
  flanker: '#17becf',
  safe: '#bcbd22',
  bully: '#e377c2',
  base: '#4c78a8',
};

/** `measure`: the quality chart's measures (src/report/charts/quality.ts). */
export type NameKind = 'policy' | 'variant' | 'group' | 'measure';

/** FNV-1a over UTF-16 code units: small, stable, and the same in every run. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function seatColour(seat: number): string {
  return SEATS[((seat % SEATS.length) + SEATS.length) % SEATS.length]!;
}

/** The colour of a policy label, a variant or a group: fixed for the shipped bots' own names, else the hash of the name. */
export function nameColour(kind: NameKind, name: string): string {
  if (kind !== 'group' && Object.hasOwn(FIXED, name)) return FIXED[name]!;
  return NAMES[hash(`${kind}:${name}`) % NAMES.length]!;
}

/**
 * A Vega-Lite colour scale for `names` (legend order as given). Each name takes its own colour
 * (`nameColour`); when two names of the chart would share one, the later in alphabetical order
 * takes the next free colour, so no two names of one chart look alike. Charts of one report pass
 * the same set of names (every policy of the run, every group of the deck), so they agree.
 */
export function nameScale(kind: NameKind, names: readonly string[]): { domain: string[]; range: string[] } {
  const domain = [...new Set(names)];
  const taken = new Set<string>();
  const colour = new Map<string, string>();
  const fixed = domain.filter((n) => kind !== 'group' && Object.hasOwn(FIXED, n));
  for (const n of fixed) {
    colour.set(n, FIXED[n]!);
    taken.add(FIXED[n]!);
  }
  const rest = domain.filter((n) => !colour.has(n)).sort();
  for (const n of rest) {
    let i = NAMES.indexOf(nameColour(kind, n));
    for (let k = 0; k < NAMES.length && taken.has(NAMES[i]!); k++) i = (i + 1) % NAMES.length;
    colour.set(n, NAMES[i]!);
    taken.add(NAMES[i]!);
  }
  return { domain, range: domain.map((n) => colour.get(n)!) };
}

/** A colour scale for seats, keyed by the labels the chart shows for them. */
export function seatScale(seats: readonly { seat: number; label: string }[]): { domain: string[]; range: string[] } {
  return { domain: seats.map((s) => s.label), range: seats.map((s) => seatColour(s.seat)) };
}
