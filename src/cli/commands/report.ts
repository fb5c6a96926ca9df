/** `squabble report <results-dir>`: charts, tables and report.html from a finished run. */
import type { Command } from 'commander';
import { reportOrFail } from '../../studies/kit/replay-pages.js';
import type { CliIO } from '../../studies/kit/io.js';

export function registerReport(program: Command, io: CliIO): void {
  program
    .command('report')
    .description('write report.html, charts/ (Vega-Lite, SVG, PNG), tables/ (CSV, Arrow) and replays/ (a page for each example game the report shows first) for a finished run')
    .argument('<results-dir>', 'a directory written by `squabble run`')
    .option('--no-png', 'skip the PNG copies of the charts')
    .action(async (dir: string, options: { png: boolean }) => {
      io.out(`${await reportOrFail(dir, options.png)}\n`);
    });
}
