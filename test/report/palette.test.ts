/** One colour per seat, policy, variant and group, the same in every chart of a report and across reports (issue 20, item 5). */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { nameColour, nameScale, seatColour } from '../../src/charts-kit/palette.js';
import { buildCharts, readReportInput } from '../../src/report/write-report.js';
import { playFixture } from '../golden/chart-fixtures.js';

type Spec = Record<string, unknown>;

/** Every colour scale in a spec that maps names to colours, as name -> colour. */
function colourMaps(spec: unknown, out: Map<string, string>[] = []): Map<string, string>[] {
  if (Array.isArray(spec)) for (const x of spec) colourMaps(x, out);
  else if (spec && typeof spec === 'object') {
    const o = spec as Spec;
    const c = o.color as { scale?: { domain?: unknown; range?: unknown } } | undefined;
    if (c?.scale && Array.isArray(c.scale.domain) && Array.isArray(c.scale.range) && typeof c.scale.range[0] === 'string' && String(c.scale.range[0]).startsWith('#'))
      out.push(new Map(c.scale.domain.map((d, i) => [String(d), String((c.scale!.range as unknown[])[i])])));
    for (const v of Object.values(o)) colourMaps(v, out);
  }
  return out;
}

describe('the palette', () => {
  it('gives a name the same colour whatever else the chart holds, and never one colour to two names of one chart', () => {
    const names = Array.from({ length: 20 }, (_, i) => `level-${i}`);
    const all = nameScale('policy', names);
    expect(new Set(all.range).size).toBe(20);
    // Order of the names does not matter.
    const reversed = nameScale('policy', [...names].reverse());
    for (const n of names) expect(reversed.range[reversed.domain.indexOf(n)]).toBe(all.range[all.domain.indexOf(n)]);
    // A name alone (no collision to settle) has its own colour, and the shipped bots keep theirs.
    expect(nameScale('policy', ['level-3']).range[0]).toBe(nameColour('policy', 'level-3'));
    expect(nameScale('policy', ['greedy', 'random', 'planner']).range).toEqual(['#ff7f0e', '#9e9e9e', '#2ca02c']);
    expect(nameScale('policy', ['greedy', 'my-bot']).range[0]).toBe(nameScale('policy', ['greedy', 'other-bot', 'ismcts']).range[0]);
    // Seats by number, in a palette of their own.
    expect(seatColour(0)).toBe('#4c78a8');
    expect(seatColour(11)).toBe(seatColour(1));
  });
});

describe('charts of a report', () => {
  let squirmish: string;
  let squish: string;
  beforeAll(async () => {
    squirmish = await playFixture(['scenarios/squirmish/classic-greedy.yaml', '--games', '300', '--seed', '1']);
    squish = await playFixture(['scenarios/squish/simple-policies.yaml', '--games', '100', '--seed', '1']);
  }, 180_000); // classic-greedy's compareLevels plays the rollout expert in every seat

  it('colour each group the same in every chart that shows groups', () => {
    const charts = buildCharts(readReportInput(squirmish));
    const maps = charts.flatMap((c) => colourMaps(c.spec).map((m) => ({ chart: c.id, m })));
    const groupMaps = maps.filter(({ m }) => [...m.keys()].some((k) => /^[A-Z]/.test(k) && !k.startsWith('seat')));
    expect(groupMaps.map((g) => g.chart)).toEqual(expect.arrayContaining(['squirmish-damage-dealt-vs-taken', 'rate-cards-winRateWhenPlaced']));
    const first = groupMaps[0]!.m;
    expect(first.size).toBeGreaterThan(2);
    for (const { m } of groupMaps) for (const [group, colour] of m) expect(colour, group).toBe(first.get(group));
    expect(new Set(first.values()).size).toBe(first.size);
  });

  it('colour seats by number and policies by name, the same in different reports', () => {
    const bySeat = (dir: string) => colourMaps(buildCharts(readReportInput(dir)).find((c) => c.id === 'win-rate-by-seat')!.spec)[0]!;
    const byPolicy = (dir: string) => colourMaps(buildCharts(readReportInput(dir)).find((c) => c.id === 'win-rate-by-policy')!.spec)[0]!;
    const seatsA = [...bySeat(squirmish).values()];
    const seatsB = [...bySeat(squish).values()];
    expect(seatsA[0]).toBe(seatsB[0]);
    expect(seatsA[1]).toBe(seatsB[1]);
    const policies = byPolicy(squish);
    const summary = JSON.parse(readFileSync(join(squish, 'summary.json'), 'utf8')) as { policies: { label: string }[] };
    expect([...policies.keys()].sort()).toEqual(summary.policies.map((p) => p.label).sort());
    for (const [label, colour] of policies) expect(colour).toBe(nameScale('policy', summary.policies.map((p) => p.label)).range[summary.policies.findIndex((p) => p.label === label)]);
    expect(new Set(policies.values()).size).toBe(policies.size);
  });
});
