/** `squabble report <results-dir>`: charts, tables and report.html from a finished run. */
import type { Command } from 'commander';
import { writeReport, ReportInputError } from '../../report/write-report.js';
import { CliError, type CliIO } from '../io.js';

export function registerReport(program: Command, io: CliIO): void {
  program
    .command('report')
    .description('write report.html, charts/ (Vega-Lite, SVG, PNG) and tables/ (CSV, Arrow) for a finished run')
    .argument('<results-dir>', 'a directory written by `squabble run`')
    .option('--no-png', 'skip the PNG copies of the charts')
    .action(async (dir: string, options: { png: boolean }) => {
      io.out(`${await reportOrFail(dir, options.png)}\n`);
    });
}

export async function reportOrFail(dir: string, png = true): Promise<string> {
  try {
    return await writeReport(dir, { png });
  } catch (e) {
    if (e instanceof ReportInputError) throw new CliError(e.message);
    throw e;
  }
}
