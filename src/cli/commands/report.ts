/** `squabble report <results-dir>`: charts, tables and report.html from a finished run. */
import type { Command } from 'commander';
import { writeReport, readReportInput, ReportInputError } from '../../report/write-report.js';
import { writeReplayPages } from '../replay-pages.js';
import { CliError, type CliIO } from '../io.js';

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

/** The report of a run with its replay pages (src/cli/replay-pages.ts). */
export async function reportOrFail(dir: string, png = true): Promise<string> {
  try {
    return await writeReport(dir, { png, pages: writeReplayPages(dir, readReportInput(dir)) });
  } catch (e) {
    if (e instanceof ReportInputError) throw new CliError(e.message);
    throw e;
  }
}
