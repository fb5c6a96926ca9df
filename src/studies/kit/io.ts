/** Where the CLI writes, and how it ends: injected so commands can be tested in process. */

export interface CliIO {
  /** Data: tables, traces, JSON. */
  out(text: string): void;
  /** Progress and diagnostics. */
  err(text: string): void;
  /** True when stderr is a terminal (live progress bar). */
  readonly interactive: boolean;
  /** Terminal width for the progress bar. */
  readonly columns: number;
}

export const EXIT = {
  ok: 0,
  /** Something unexpected went wrong (a bug in squabble): the message says what. */
  error: 1,
  /** `check`: a balance metric drifted beyond tolerance. */
  drift: 1,
  /** Bad input: scenario, options or output directory. Nothing was written. */
  badInput: 2,
  /** A game crashed or broke an invariant; the replay key and command are printed. */
  gameFailed: 3,
  /** Stopped by Ctrl-C; a checkpoint was saved and the resume command printed. */
  interrupted: 130,
  /** Stopped by SIGTERM (timeout, docker stop, a Kubernetes eviction): handled as Ctrl-C is. */
  terminated: 143,
} as const;

/** A failure the user can fix; its message is the whole story (no stack trace). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.badInput,
  ) {
    super(message);
  }
}

export function processIO(): CliIO {
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    interactive: Boolean(process.stderr.isTTY),
    columns: process.stderr.columns ?? 80,
  };
}

/**
 * A number as written on the command line, strictly: decimal digits (with `_` between groups), an
 * optional fraction and exponent and sign — never hex (`0x10`), binary, `Infinity`, blanks (`" 5"`)
 * or an empty text, which `Number()` would all take. NaN for anything else.
 */
export function strictNumber(text: string): number {
  return /^[-+]?\d+(_\d+)*(\.\d+)?([eE][-+]?\d+)?$/.test(text) || /^[-+]?\.\d+$/.test(text) ? Number(text.replace(/_/g, '')) : NaN;
}

/** Whole numbers on the command line: 1000000, 1_000_000, 1e6. */
export function parseCount(text: string, option: string, min: number, max: number): number {
  const value = strictNumber(text);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new CliError(`${option}: expected a whole number from ${min} to ${max}, found ${JSON.stringify(text)}`);
  return value;
}

/** A seed: a 32-bit integer if it looks like one, otherwise the text itself. */
export function parseSeed(text: string): number | string {
  return /^\d+$/.test(text) && Number(text) <= 0xffffffff ? Number(text) : text;
}
