// The main job (npm start): run every shipped scenario with its own game count and seed (or,
// with game names, `npm start -- worms squall`, only those games' scenarios), write each run
// (with its report) to results/<name>/, then the overview of every shipped scenario's run in
// results/: results/index.html (one table, offline; each run's charts are in its own report)
// and results/index.md.
import { readdirSync, statSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runCli } from '../dist/cli/main.js';
import { indexMarkdown, indexHtml } from '../dist/report/index-report.js';
import { loadScenario } from '../dist/sim/scenario/load.js';
import { registry } from '../dist/registry.js';

const games = readdirSync('scenarios').filter((d) => statSync(join('scenarios', d)).isDirectory()).sort();
const asked = process.argv.slice(2);
const unknown = asked.filter((g) => !games.includes(g));
if (unknown.length) {
  process.stderr.write(`npm start: no shipped scenarios for ${unknown.join(', ')}; expected game names among ${games.join(', ')} (e.g. npm start -- worms)\n`);
  process.exit(2);
}
const scenariosOf = (d) => readdirSync(join('scenarios', d)).filter((f) => /\.ya?ml$/.test(f)).map((f) => join('scenarios', d, f));
const outOf = (scenario) => join('results', loadScenario(scenario, registry).name);

const io = { out: () => {}, err: (t) => process.stderr.write(t), interactive: Boolean(process.stderr.isTTY), columns: process.stderr.columns ?? 80 };
let ran = 0;
for (const scenario of (asked.length ? asked : games).flatMap(scenariosOf)) {
  const code = await runCli(['run', scenario, '--out', outOf(scenario), '--force'], io);
  if (code !== 0) {
    process.exitCode = code;
    process.stderr.write(`npm start: ${scenario} failed (exit ${code}); stopping\n`);
    break;
  }
  ran++;
}
// The overview lists every shipped scenario's complete run, those of earlier `npm start`s included.
const runDirs = games.flatMap(scenariosOf).map(outOf).filter((dir) => existsSync(join(dir, 'run.json')));
mkdirSync('results', { recursive: true });
writeFileSync('results/index.md', indexMarkdown('results', runDirs));
writeFileSync('results/index.html', indexHtml('results', runDirs));
process.stdout.write(`\nReport: ${resolve('results', 'index.html')} (${ran} runs played, ${runDirs.length} in the overview; also results/index.md)\n`);
