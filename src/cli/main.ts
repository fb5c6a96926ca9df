/** The squabble command line (commander): one file per command under commands/. */
import { Command, CommanderError } from 'commander';
import { VERSION } from '../version.js';
import { CliError, EXIT, processIO, type CliIO } from './io.js';
import { OutputDirError } from '../runner/outdir.js';
import { escapeControls } from '../report/escape.js';
import { registerRun } from './commands/run.js';
import { registerValidate } from './commands/validate.js';
import { registerList } from './commands/list.js';
import { registerReplay } from './commands/replay.js';
import { registerReport } from './commands/report.js';
import { registerMerge } from './commands/merge.js';
import { registerWorker } from './commands/worker.js';
import { registerBaseline } from './commands/baseline.js';
import { registerCheck } from './commands/check.js';
import { registerCompare } from './commands/compare.js';
import { registerTournament } from './commands/tournament.js';
import { registerTune } from './commands/tune.js';
import { registerWeights } from './commands/weights.js';
import { registerInit } from './commands/init.js';
import { registerWatch } from './commands/watch.js';
import { registerLevels } from './commands/levels.js';

/** The progress line redraws itself with a carriage return and an erase-line sequence: only those may reach the terminal raw. */
// eslint-disable-next-line no-control-regex -- the erase-line sequence is what is matched
const PROGRESS = /^(\r)([\s\S]*?)(\x1b\[K)$/;

/**
 * Every text squabble prints goes through escapeControls: a name in a scenario or deck file
 * cannot move the cursor, clear the screen or retitle the window.
 */
function safeIO(io: CliIO): CliIO {
  return {
    ...io,
    out: (t) => io.out(escapeControls(t)),
    err: (t) => {
      const m = PROGRESS.exec(t);
      io.err(m ? `${m[1]}${escapeControls(m[2]!)}${m[3]}` : escapeControls(t));
    },
  };
}

/** Run the CLI with argv (without node and script) and return the exit code. */
export async function runCli(argv: readonly string[], rawIO: CliIO = processIO()): Promise<number> {
  const io = safeIO(rawIO);
  let exitCode: number = EXIT.ok;
  const program = new Command()
    .name('squabble')
    .description('Monte Carlo simulation and balance analysis for tabletop games')
    .version(VERSION)
    .showHelpAfterError('(add --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (t) => io.out(t), writeErr: (t) => io.err(t) });
  registerRun(program, io);
  registerValidate(program, io, (code) => (exitCode = code));
  registerList(program, io);
  registerReplay(program, io);
  registerReport(program, io);
  registerMerge(program, io);
  registerWorker(program, io);
  registerBaseline(program, io);
  registerCheck(program, io, (code) => (exitCode = code));
  registerCompare(program, io);
  registerTournament(program, io);
  registerTune(program, io);
  registerWeights(program, io);
  registerInit(program, io);
  registerWatch(program, io);
  registerLevels(program, io);
  for (const command of program.commands) command.exitOverride().configureOutput({ writeOut: (t) => io.out(t), writeErr: (t) => io.err(t) });
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) {
      // Help and version end with code 0; every other commander error is bad input.
      return e.exitCode === 0 || e.code === 'commander.helpDisplayed' || e.code === 'commander.version' ? EXIT.ok : EXIT.badInput;
    }
    if (e instanceof CliError) {
      io.err(`squabble: ${e.message}\n`);
      return e.exitCode;
    }
    if (e instanceof OutputDirError) {
      io.err(`squabble: ${e.message}\n`);
      return EXIT.badInput;
    }
    const written = unwritable(e);
    if (written) {
      io.err(`squabble: ${written}\n`);
      return EXIT.badInput;
    }
    io.err(`squabble: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return EXIT.error;
  }
  return exitCode;
}

/** File-system errors of writing results (full disk, read-only folder, no permission): one line, not a stack trace. */
const WRITE_ERRORS: Record<string, string> = { ENOSPC: 'no space left on the device', EDQUOT: 'disk quota exceeded', EROFS: 'read-only file system', EACCES: 'permission denied', EPERM: 'permission denied', ENOTDIR: 'a part of the path is a file', EISDIR: 'a folder is in the way' };

function unwritable(e: unknown): string | null {
  const err = e as NodeJS.ErrnoException | null;
  const words = err && typeof err.code === 'string' ? WRITE_ERRORS[err.code] : undefined;
  if (!words) return null;
  return `cannot write ${err!.path ?? 'the results'}: ${words}; files written before are kept, and a run's checkpoint lets it continue with --resume once this is fixed`;
}

export async function main(): Promise<void> {
  // `squabble ... | head` closes stdout early: stop quietly rather than crash on EPIPE.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(process.exitCode ?? 0);
  });
  process.exitCode = await runCli(process.argv.slice(2));
}
