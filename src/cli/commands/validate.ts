/** `squabble validate <scenario...>`: check scenario files without playing; exit 2 if any is wrong. */
import type { Command } from 'commander';
import { CliError, EXIT, type CliIO } from '../io.js';
import { cellsFrom } from '../plan.js';

export function registerValidate(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('validate')
    .description('check scenario files and report the first mistake in each')
    .argument('<scenario...>', 'scenario files')
    .action((files: string[]) => {
      let bad = 0;
      for (const file of files) {
        try {
          // Every cell of a sweep is built, so a bad swept value (or stat path) is caught here too.
          const cells = cellsFrom(file, {});
          const plan = cells[0]!;
          const seats = plan.seats.map((s) => s.label).join(', ');
          const sweep = cells.length > 1 ? `, sweep of ${cells.length} cells` : '';
          io.out(`ok  ${file}: ${plan.game}, ${plan.players} players (${seats}), ${plan.games} games, seed ${plan.seed}${sweep}\n`);
        } catch (e) {
          if (!(e instanceof CliError)) throw e;
          bad++;
          io.err(`${e.message}\n`);
        }
      }
      if (bad > 0) setExit(EXIT.badInput);
    });
}
