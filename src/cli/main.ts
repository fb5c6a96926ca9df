/** The squabble command line (commander): one file per command under commands/. */
import { Command, CommanderError } from 'commander';
import { VERSION } from '../version.js';
import { CliError, EXIT, processIO, type CliIO } from '../studies/kit/io.js';
import { OutputDirError } from '../runner/outdir.js';
import { escapeControls } from '../report/escape.js';

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

type Register = (program: Command, io: CliIO, setExit: (code: number) => void) => void;

/**
 * Every command, loaded only when asked for: a command's modules (the report's vega and arquero,
 * BullMQ) cost about a second to load, and `squabble worker` or a quick `validate` should not
 * pay for all of them. Help and unknown names load every command, so listings and suggestions
 * stay complete.
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  run: async () => (await import('../studies/run/command.js')).registerRun,
  validate: async () => (await import('./commands/validate.js')).registerValidate,
  list: async () => (await import('./commands/list.js')).registerList,
  replay: async () => (await import('./commands/replay.js')).registerReplay,
  report: async () => (await import('./commands/report.js')).registerReport,
  merge: async () => (await import('./commands/merge.js')).registerMerge,
  worker: async () => (await import('./commands/worker.js')).registerWorker,
  baseline: async () => (await import('../studies/gate/baseline.js')).registerBaseline,
  check: async () => (await import('../studies/gate/check.js')).registerCheck,
  compare: async () => (await import('../studies/compare/command.js')).registerCompare,
  tournament: async () => (await import('../studies/tournament/command.js')).registerTournament,
  tune: async () => (await import('../studies/tune/command.js')).registerTune,
  weights: async () => (await import('../studies/weights/command.js')).registerWeights,
  fair: async () => (await import('./commands/fair.js')).registerFair,
  init: async () => (await import('./commands/init.js')).registerInit,
  watch: async () => (await import('./commands/watch.js')).registerWatch,
  levels: async () => (await import('./commands/levels.js')).registerLevels,
  ladder: async () => (await import('../studies/ladder/command.js')).registerLadder,
};

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
  const named = argv.find((a) => !a.startsWith('-'));
  // `--version` alone needs no command: loading them all would cost it a second of CPU.
  const versionOnly = named === undefined && argv.length > 0 && argv.every((a) => a === '-V' || a === '--version');
  const wanted = named !== undefined && Object.hasOwn(COMMANDS, named) ? [named] : versionOnly ? [] : Object.keys(COMMANDS);
  // Registered in the one order, so `squabble --help` lists them as before.
  for (const register of await Promise.all(wanted.map((name) => COMMANDS[name]!()))) register(program, io, (code) => (exitCode = code));
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
  // The command is over. A connection to a peer that went silent (a SIGSTOP'd or partitioned
  // Redis) can keep a socket, and so the process, alive after its last message: give the event
  // loop EXIT_GRACE_MS to drain (stdout, closes), then exit. The timer is unref'd: a process that
  // ends by itself is not held up by it.
  // A connection dropped at the end (Redis frozen) rejects its pending commands after the
  // command has said everything: that is no news, and must not print a stack trace.
  process.on('unhandledRejection', () => {});
  setTimeout(() => process.exit(process.exitCode ?? 0), EXIT_GRACE_MS).unref();
}

/** How long a finished command may take to close its handles before the process exits anyway. */
export const EXIT_GRACE_MS = 2000;
