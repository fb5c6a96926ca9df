/** Rewrite the golden traces and chart specs from the current code (npm run golden). Review the diff before committing. */
import { writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { GOLDENS } from '../test/golden/goldens.js';
import { CHART_FIXTURES, playFixture } from '../test/golden/chart-fixtures.js';
import { ANALYSIS_CHARTS } from '../test/golden/analysis-chart-fixtures.js';
import { replayTrace } from '../src/cli/commands/replay.js';
import { buildCharts, readReportInput } from '../src/report/write-report.js';

for (const g of GOLDENS) {
  writeFileSync(join('test/golden', g.file), replayTrace(g.scenario, { game: String(g.game), checkInvariants: true }));
  console.error(`wrote test/golden/${g.file}`);
}
for (const f of CHART_FIXTURES) {
  const dir = join('test/golden/charts', f.id);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const c of buildCharts(readReportInput(await playFixture(f.args)))) writeFileSync(join(dir, `${c.id}.vl.json`), `${JSON.stringify(c.spec, null, 2)}\n`);
  console.error(`wrote ${dir}/`);
}
{
  const dir = 'test/golden/charts/analysis';
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [id, spec] of ANALYSIS_CHARTS) writeFileSync(join(dir, `${id}.vl.json`), `${JSON.stringify(spec, null, 2)}\n`);
  console.error(`wrote ${dir}/`);
}
