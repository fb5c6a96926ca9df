/**
 * `squabble validate <file...>`: check scenario files, or data files alone (a deck, a roster, a
 * terrain layout, a board), without playing; exit 2 if any is wrong.
 */
import type { Command } from 'commander';
import { basename } from 'node:path';
import { CliError, EXIT, type CliIO } from '../../studies/kit/io.js';
import { cellsFrom, dataFilePlan } from '../../studies/kit/plan.js';
import { readScenarioData } from '../../sim/scenario/load.js';
import { ScenarioError } from '../../sim/scenario/errors.js';
import type { AnyGameModule, DataFileKind } from '../../sim/types.js';
import { registry } from '../../registry.js';
import { defaultOut, pathName } from '../../runner/outdir.js';

export function registerValidate(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('validate')
    .description('check scenario files, or a deck, roster, terrain layout or board file alone, and report the first mistake in each')
    .argument('<file...>', 'scenario or data files (the kind is recognised from the top-level keys)')
    .action((files: string[]) => {
      let bad = 0;
      for (const file of files) {
        try {
          io.out(`ok  ${file}: ${validateFile(file)}\n`);
        } catch (e) {
          if (!(e instanceof CliError)) throw e;
          bad++;
          io.err(`${e.message}\n`);
        }
      }
      if (bad > 0) setExit(EXIT.badInput);
    });
}

/** Check one file of any kind; returns what it holds in a line, or throws a one-line CliError. */
function validateFile(file: string): string {
  let data: unknown;
  try {
    data = readScenarioData(file).data;
  } catch (e) {
    if (e instanceof ScenarioError) throw new CliError(e.message);
    throw e;
  }
  if (data !== null && typeof data === 'object' && !Array.isArray(data) && !('game' in data)) {
    const found = dataKindOf(data as Record<string, unknown>);
    if (found === null) throw new CliError(`${file}: expected a scenario (with game:) or a data file; ${expectedKinds()}; found the keys ${Object.keys(data).join(', ') || 'none'}`);
    const { game, kind } = found;
    const plan = dataFilePlan(file, game.id, kind.players, kind.rulesUsing(basename(file)));
    return `${game.id} ${kind.kind}, ${kind.summary(plan.rules)}`;
  }
  // Every cell of a sweep is built, so a bad swept value (or stat path) is caught here too.
  const cells = cellsFrom(file, {});
  const plan = cells[0]!;
  const seats = plan.seats.map((s) => s.label).join(', ');
  const sweep = cells.length > 1 ? `, sweep of ${cells.length} cells` : '';
  // A name becomes a folder name only through the sanitiser (src/runner/outdir.ts): say where the results go.
  const folder = pathName(plan.name) === plan.name ? '' : `; name ${JSON.stringify(plan.name)} is not a folder name: its results go to ${defaultOut(plan.name)}`;
  return `${plan.game}, ${plan.players} players (${seats}), ${plan.games} games, seed ${plan.seed}${sweep}${folder}`;
}

/** The first data-file kind of any game that recognises the file's top-level keys. */
function dataKindOf(data: Record<string, unknown>): { game: AnyGameModule; kind: DataFileKind } | null {
  for (const game of Object.values(registry.games)) for (const kind of game.dataFiles ?? []) if (kind.recognise(data)) return { game, kind: kind as DataFileKind };
  return null;
}

function expectedKinds(): string {
  const kinds = Object.values(registry.games).flatMap((game) => (game.dataFiles ?? []).map((k) => `a ${game.id} ${k.kind} (${k.keys})`));
  return kinds.join(', ');
}
