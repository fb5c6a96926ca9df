// The main job (npm start): run every shipped scenario with its own game count and seed,
// write each run (with its report) to results/<name>/, then one page over all runs:
// results/index.html (every run's key numbers and charts, offline) and results/index.md.
import { readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runCli } from '../dist/cli/main.js';
import { indexMarkdown, indexHtml } from '../dist/report/index-report.js';
import { loadScenario } from '../dist/sim/scenario/load.js';
import { registry } from '../dist/registry.js';

const scenarios = readdirSync('scenarios')
  .filter((d) => statSync(join('scenarios', d)).isDirectory())
  .flatMap((d) => readdirSync(join('scenarios', d)).filter((f) => /\.ya?ml$/.test(f)).map((f) => join('scenarios', d, f)));

const io = { out: () => {}, err: (t) => process.stderr.write(t), interactive: Boolean(process.stderr.isTTY), columns: process.stderr.columns ?? 80 };
const runDirs = [];
for (const scenario of scenarios) {
  const out = join('results', loadScenario(scenario, registry).name);
  const code = await runCli(['run', scenario, '--out', out, '--force'], io);
  if (code !== 0) {
    process.exitCode = code;
    process.stderr.write(`npm start: ${scenario} failed (exit ${code}); stopping\n`);
    break;
  }
  runDirs.push(out);
}
mkdirSync('results', { recursive: true });
writeFileSync('results/index.md', indexMarkdown('results', runDirs));
writeFileSync('results/index.html', indexHtml('results', runDirs));
process.stdout.write(`\nReport: ${resolve('results', 'index.html')} (${runDirs.length} runs; also results/index.md)\n`);
