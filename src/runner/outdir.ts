/**
 * The output folder of a run or a sweep: what squabble may write into, and never delete.
 *
 * - A folder is used only when it is empty or recognisably squabble's (every entry is a name
 *   squabble writes); a folder holding anything else is refused, with or without --force, and
 *   so are system folders (/, /proc, /etc, the home folder, ...) and paths that are files.
 * - One run at a time: `.squabble.lock` is created exclusively and holds the owner's pid and
 *   host; a lock whose process is gone (killed) is taken over, a live one refuses the second run.
 * - A complete earlier run is never deleted: when the scenario file changed (a new hash for the
 *   same file), or with --force, it moves to `history/<UTC time>-<hash8>/`. A repeat of the same
 *   run (same hash, seed and games) is replaced: it gives the same bytes again.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync, unlinkSync, rmdirSync } from 'node:fs';
import { hostname, homedir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { createHash } from 'node:crypto';

export class OutputDirError extends Error {}

/** What identifies the games a folder holds: same identity, same bytes. */
export interface RunIdentity {
  kind: 'run' | 'sweep';
  /** The scenario file as given. */
  scenario: string;
  name: string;
  hash: string;
  seed: number | string;
  games: number;
  /** sha256 of the scenario file's bytes: tells an edited file from a re-run with other flags. */
  fileHash: string;
}

/** The scenario file's content hash ('' if it cannot be read, e.g. a merge of parts made elsewhere). */
export function fileHashOf(file: string): string {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return '';
  }
}

export const LOCK_FILE = '.squabble.lock';
export const HISTORY = 'history';
/** `squabble ladder`'s verdicts, by content hash: they outlive the runs of the folder (src/studies/kit/ladder-verdict.ts). */
export const LADDER_FILE = 'ladder.json';
/** Everything squabble writes into a run or sweep folder. */
const OWN_FILES = new Set(['summary.json', 'summary.md', 'since-previous.json', 'run.json', 'partial.json', 'checkpoint.json', 'report.html', 'charts', 'tables', 'replays', 'cells', 'sweep.json', 'sweep.md', 'sweep-plan.json', HISTORY, LOCK_FILE, LADDER_FILE]);
/** The parts of a run that move to history together (all but the history itself, the lock and the ladder verdicts). */
const RUN_PARTS = [...OWN_FILES].filter((f) => f !== HISTORY && f !== LOCK_FILE && f !== LADDER_FILE);
const isOwn = (name: string) => OWN_FILES.has(name) || /\.tmp-\d+$/.test(name);

/** Top-level system folders (and everything below the virtual ones) are never an output folder. */
const SYSTEM = ['/', '/bin', '/boot', '/dev', '/etc', '/home', '/lib', '/lib64', '/opt', '/proc', '/root', '/run', '/sbin', '/srv', '/sys', '/tmp', '/usr', '/var'];
const VIRTUAL = ['/proc', '/sys', '/dev'];

const reason = (e: unknown) => {
  const code = (e as NodeJS.ErrnoException).code;
  const words: Record<string, string> = { EACCES: 'permission denied', EPERM: 'permission denied', EROFS: 'read-only file system', ENOSPC: 'no space left on the device', EDQUOT: 'disk quota exceeded', ENOTDIR: 'a part of the path is a file', EEXIST: 'a file is in the way' };
  return (code && words[code]) ?? (e instanceof Error ? e.message : String(e));
};

/** Refuse a path that can never be an output folder: a system folder, or a file. */
export function checkOutPath(dir: string): void {
  const full = resolve(dir);
  if (SYSTEM.includes(full) || full === homedir() || VIRTUAL.some((v) => full.startsWith(`${v}${sep}`)))
    throw new OutputDirError(`--out: ${dir} is a system folder; choose a folder of your own, e.g. results/<name>`);
  let stat;
  try {
    stat = statSync(full);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new OutputDirError(`--out: cannot use ${dir} (${reason(e)})`);
  }
  if (!stat.isDirectory()) throw new OutputDirError(`--out: ${dir} is a file, expected a folder`);
}

/** Create the folder (and its parents); one line if that is impossible. */
export function makeOutDir(dir: string): boolean {
  checkOutPath(dir);
  const existed = existsSync(dir);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    // A recursive mkdir reports ENOENT for a read-only parent: ask once more without it for the real reason.
    let real = e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      try {
        mkdirSync(dir);
      } catch (again) {
        real = again;
      }
    throw new OutputDirError(`--out: cannot create ${dir} (${reason(real)})`);
  }
  return !existed;
}

export interface Lock {
  release(): void;
}

/** Is the process that wrote a lock still running (on this host)? */
function lockAlive(info: { pid?: unknown; host?: unknown }): boolean {
  if (typeof info.pid !== 'number') return false;
  if (info.host !== hostname()) return true; // another machine's run: it cannot be checked from here
  try {
    process.kill(info.pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Take the folder's lock, taking over a stale one; refuse while another run holds it. */
export function lockOutDir(dir: string): Lock {
  const path = join(dir, LOCK_FILE);
  const body = `${JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString() })}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new OutputDirError(`--out: cannot write to ${dir} (${reason(e)})`);
      let info: { pid?: unknown; host?: unknown; startedAt?: unknown } = {};
      try {
        info = JSON.parse(readFileSync(path, 'utf8')) as typeof info;
      } catch {
        // half-written by a process killed at that moment: stale
      }
      if (lockAlive(info)) throw new OutputDirError(`${dir} is in use by another squabble run (pid ${String(info.pid)} on ${String(info.host)}, since ${String(info.startedAt)}); wait for it to finish, or choose another --out`);
      rmSync(path, { force: true }); // stale: its process is gone
      continue;
    }
    try {
      writeSync(fd, body);
    } catch (e) {
      closeSync(fd);
      rmSync(path, { force: true });
      throw new OutputDirError(`--out: cannot write to ${dir} (${reason(e)})`);
    }
    closeSync(fd);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        try {
          const now = JSON.parse(readFileSync(path, 'utf8')) as { pid?: number };
          if (now.pid === process.pid) unlinkSync(path);
        } catch {
          // already gone
        }
      },
    };
  }
  throw new OutputDirError(`${dir}: could not take the lock ${LOCK_FILE}; another run keeps taking it`);
}

function readJson<T>(path: string): T | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** What the folder holds now: a complete or an interrupted run or sweep, and its identity. */
function previousIn(dir: string): { identity: Partial<RunIdentity>; complete: boolean } | null {
  type Rec = { scenario?: string; file?: string; name?: string; scenarioHash?: string; scenarioFileHash?: string; seed?: number | string; games?: number };
  const run = readJson<Rec>(join(dir, 'run.json'));
  if (run) return { identity: { kind: 'run', scenario: run.scenario ?? '', name: run.name ?? '', hash: run.scenarioHash ?? '', seed: run.seed ?? '', games: run.games ?? 0, fileHash: run.scenarioFileHash ?? '' }, complete: true };
  const sweep = readJson<Partial<RunIdentity>>(join(dir, 'sweep-plan.json'));
  if (sweep) return { identity: { ...sweep, kind: 'sweep' }, complete: existsSync(join(dir, 'sweep.json')) };
  const checkpoint = readJson<{ plan?: Rec }>(join(dir, 'checkpoint.json'));
  if (checkpoint?.plan) {
    const p = checkpoint.plan;
    return { identity: { kind: 'run', scenario: p.file ?? '', name: p.name ?? '', hash: p.scenarioHash ?? '', seed: p.seed ?? '', games: p.games ?? 0 }, complete: false };
  }
  const part = readJson<{ plan?: Rec; shard?: { k: number; n: number } }>(join(dir, 'partial.json'));
  if (part?.plan && part.shard) {
    const p = part.plan;
    return { identity: { kind: 'run', scenario: p.file ?? '', name: p.name ?? '', hash: `${p.scenarioHash ?? ''}/part-${part.shard.k}-of-${part.shard.n}`, seed: p.seed ?? '', games: p.games ?? 0 }, complete: true };
  }
  if (existsSync(join(dir, 'partial.json'))) return { identity: { kind: 'run' }, complete: false };
  return null;
}

const sameGames = (a: Partial<RunIdentity>, b: RunIdentity) => a.kind === b.kind && a.hash === b.hash && a.seed === b.seed && a.games === b.games;

/** `history/<UTC time>-<hash8>`, unique even for two moves in one second. */
function historyDir(dir: string, hash: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const base = join(dir, HISTORY, `${stamp}-${(hash || 'unknown').slice(0, 8)}`);
  let path = base;
  for (let k = 2; existsSync(path); k++) path = `${base}-${k}`;
  return path;
}

/** Refuse a system folder, a file, or a folder holding anything squabble does not write. */
export function refuseForeign(dir: string): void {
  checkOutPath(dir);
  if (!existsSync(dir)) return;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch (e) {
    throw new OutputDirError(`--out: cannot read ${dir} (${reason(e)})`);
  }
  const foreign = entries.filter((e) => !isOwn(e));
  if (foreign.length > 0)
    throw new OutputDirError(
      `--out: ${dir} holds files squabble did not write (${foreign.slice(0, 3).map((f) => JSON.stringify(f)).join(', ')}${foreign.length > 3 ? `, and ${foreign.length - 3} more` : ''}); squabble writes only into an empty folder or one of its own runs: choose another --out`,
    );
}

export interface ClaimedOutDir {
  lock: Lock;
  /** Where the previous complete run went, if it was moved to history. */
  moved: string | null;
  /** True when the folder holds an interrupted sweep of these very cells (it continues). */
  continuing: boolean;
  /** True when this claim created the folder (a failure before anything is saved removes it again). */
  created: boolean;
}

/**
 * Make `dir` ready for a run or sweep with `identity`: refuse foreign and system folders, take
 * the lock, and set the previous run aside (see the file comment). Nothing is changed on disk
 * before every check has passed.
 */
export function claimOutDir(dir: string, identity: RunIdentity, force: boolean): ClaimedOutDir {
  refuseForeign(dir);
  const created = makeOutDir(dir);
  const lock = lockOutDir(dir);
  try {
    const previous = previousIn(dir);
    let moved: string | null = null;
    let continuing = false;
    if (previous && sameGames(previous.identity, identity)) continuing = identity.kind === 'sweep' && !previous.complete;
    else if (previous) {
      const was = `${previous.identity.name || 'unknown'}, ${previous.identity.games ?? '?'} games, seed ${previous.identity.seed ?? '?'}`;
      // Edited: the same scenario file, now with other contents or other resolved rules (a changed deck or roster).
      const p = previous.identity;
      const edited = p.scenario !== undefined && p.scenario !== '' && resolve(p.scenario) === resolve(identity.scenario) && (p.fileHash !== identity.fileHash || (p.hash !== identity.hash && p.kind === identity.kind));
      if (previous.complete && (edited || force)) moved = historyDir(dir, previous.identity.hash ?? '');
      else if (!previous.complete && !force)
        throw new OutputDirError(
          previous.identity.kind === 'run' && existsSync(join(dir, 'checkpoint.json'))
            ? `${dir} holds an interrupted run (${was}); continue it with --resume ${dir}, or use --force to discard it`
            : `${dir} holds an unfinished ${previous.identity.kind ?? 'run'} (${was}); use --force to discard it, or choose another --out`,
        );
      else if (previous.complete) throw new OutputDirError(`${dir} holds a different run (${was}); use --force to move it to ${dir}/${HISTORY}/ and run here, or --out to choose another folder`);
    }
    if (moved) {
      mkdirSync(moved, { recursive: true });
      for (const part of RUN_PARTS) if (existsSync(join(dir, part))) renameSync(join(dir, part), join(moved, part));
    } else if (!continuing) for (const part of RUN_PARTS) rmSync(join(dir, part), { recursive: true, force: true });
    for (const e of readdirSync(dir)) if (/\.tmp-\d+$/.test(e)) rmSync(join(dir, e), { force: true });
    return { lock, moved, continuing, created };
  } catch (e) {
    lock.release();
    if (e instanceof OutputDirError) throw e;
    throw new OutputDirError(`--out: cannot prepare ${dir} (${reason(e)})`);
  }
}

/** After a failure that saved nothing: release the lock, and remove the folder if this run made it and it is empty. */
export function abandonOutDir(dir: string, claim: ClaimedOutDir): void {
  claim.lock.release();
  if (!claim.created) return;
  try {
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  } catch {
    // leave it
  }
}
