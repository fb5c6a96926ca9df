/**
 * One naming scheme for what a run measures, across `expect:`, `tune:` and `tune --target`,
 * `run --until` and the gate: summary.json's paths (`seats.0.winRate`, `draws.rate`,
 * `capped.rate`, `firstPlayer.winRate`, `length.turns.mean`, `policies.LABEL.winRate`,
 * `TABLE.ROW.RATE`). The names `tune --target` and `--until` used before (`seat0.winRate`,
 * `drawRate`, `cappedRate`, `length.mean`, `policy:LABEL.winRate`) are still accepted, with a
 * one-line hint naming the new one.
 */

/** Old name → the one scheme's. */
const OLD: readonly [RegExp, (m: RegExpExecArray) => string][] = [
  [/^seat(\d+)\.winRate$/, (m) => `seats.${m[1]}.winRate`],
  [/^policy:(.+)\.winRate$/, (m) => `policies.${m[1]}.winRate`],
  [/^drawRate$/, () => 'draws.rate'],
  [/^cappedRate$/, () => 'capped.rate'],
  [/^length\.mean$/, () => 'length.turns.mean'],
];

/** A metric name in the one scheme, and a hint when it was written the old way (null otherwise). */
export function metricName(name: string, where: string): { name: string; hint: string | null } {
  for (const [pattern, now] of OLD) {
    const m = pattern.exec(name);
    if (m) {
      const current = now(m);
      return { name: current, hint: `${where}: ${name} is the old name of ${current} (the name expect: and the gate use); it still works, but write ${current}` };
    }
  }
  return { name, hint: null };
}
