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
 *   run (same hash, seed and games) is replaced file by file as the new run writes them (it gives
 *   the same bytes again), so a repeat that dies on the way leaves the previous results.
 * - squabble deletes or replaces only files it can prove it wrote: every folder it writes into
 *   holds a manifest (`.squabble-files.json`: each file's name and sha256, and the temporary
 *   names being written), and every write, removal and move goes through this file
 *   (`writeOwned`, `removeOwned`, `moveOwnedTo`). A file at one of squabble's names that is not
 *   in the manifest, or whose bytes changed since, is kept, and the folder refused with one line.
 */
import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync, unlinkSync, rmdirSync } from 'node:fs';
import { hostname, homedir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
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
/** Everything squabble writes into a run or sweep folder. */
/** `squabble ladder`'s verdicts, by content hash: they outlive the runs of the folder (src/studies/kit/ladder-verdict.ts). */
export const LADDER_FILE = 'ladder.json';
const OWN_FILES = new Set(['summary.json', 'summary.md', 'since-previous.json', 'run.json', 'partial.json', 'checkpoint.json', 'report.html', 'charts', 'tables', 'replays', 'cells', 'sweep.json', 'sweep.md', 'sweep-plan.json', HISTORY, LOCK_FILE, LADDER_FILE]);
/** The parts of a run that move to history together (all but the history itself, the lock and the ladder verdicts). */
export const RUN_PARTS = [...OWN_FILES].filter((f) => f !== HISTORY && f !== LOCK_FILE && f !== LADDER_FILE);
/** The manifest of the files squabble wrote into a folder (one per folder it writes into). */
export const MANIFEST = '.squabble-files.json';
const MANIFEST_FORMAT = 'squabble-files/1';
const TMP = /\.tmp-(\d+)$/;
const isManifestName = (name: string) => name === MANIFEST || (name.startsWith(`${MANIFEST}.tmp-`) && TMP.test(name));
const isOwn = (name: string) => OWN_FILES.has(name) || TMP.test(name) || isManifestName(name);

interface Manifest {
  /** File name (in this folder) -> sha256 of the bytes squabble wrote. */
  files: Map<string, string>;
  /** Temporary names being written (`<name>.tmp-<pid>`): a crash leaves them, the next run removes them. */
  pending: Set<string>;
}

const sha256 = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const plainName = (n: unknown): n is string => typeof n === 'string' && n !== '' && n !== '.' && n !== '..' && !n.includes('/') && !n.includes('\\') && !n.includes('\0');

/** The folder's manifest (empty when it has none); a manifest that is not one is a one-line error. */
function readManifest(dir: string): Manifest {
  const path = join(dir, MANIFEST);
  let text: string;
  try {
    if (!lstatSync(path).isFile()) throw new OutputDirError(`${path}: expected squabble's manifest file, found something else`);
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { files: new Map(), pending: new Set() };
    if (e instanceof OutputDirError) throw e;
    throw new OutputDirError(`cannot read ${path} (${reason(e)})`);
  }
  const bad = (what: string) => new OutputDirError(`${path}: not squabble's manifest (${what}); squabble will not touch the files of ${dir}: move them away or choose another folder`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw bad('not JSON');
  }
  const r = raw as { format?: unknown; files?: unknown; pending?: unknown };
  if (typeof raw !== 'object' || raw === null || r.format !== MANIFEST_FORMAT) throw bad(`expected format ${MANIFEST_FORMAT}`);
  if (typeof r.files !== 'object' || r.files === null || Array.isArray(r.files)) throw bad('files: expected an object');
  const files = new Map<string, string>();
  for (const [name, hash] of Object.entries(r.files as Record<string, unknown>)) {
    if (!plainName(name) || typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) throw bad(`files: ${JSON.stringify(name).slice(0, 80)}: expected a file name and a sha256`);
    files.set(name, hash);
  }
  if (!Array.isArray(r.pending) || !r.pending.every((n) => plainName(n) && TMP.test(n))) throw bad('pending: expected a list of temporary names');
  return { files, pending: new Set(r.pending as string[]) };
}

function saveManifest(dir: string, m: Manifest): void {
  const path = join(dir, MANIFEST);
  if (m.files.size === 0 && m.pending.size === 0) {
    rmSync(path, { force: true });
    return;
  }
  const files: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, hash] of [...m.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) files[name] = hash;
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, `${JSON.stringify({ format: MANIFEST_FORMAT, files, pending: [...m.pending].sort() }, null, 1)}\n`);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** Is `dir/name` a file squabble wrote, with the bytes it wrote? */
function ownsFile(dir: string, name: string, m: Manifest): boolean {
  const hash = m.files.get(name);
  try {
    if (!lstatSync(join(dir, name)).isFile()) return false;
    if (hash !== undefined && sha256(readFileSync(join(dir, name))) === hash) return true;
  } catch {
    return false;
  }
  return renamedPending(dir, name, m) !== null;
}

/**
 * A crash (kill -9) between writeOwned's rename and its manifest update leaves the name's
 * temporary file listed as pending but gone: what stands at the name is what squabble was
 * writing. The pending entry, or null.
 */
function renamedPending(dir: string, name: string, m: Manifest): string | null {
  for (const p of m.pending) if (p.slice(0, p.lastIndexOf('.tmp-')) === name && !existsSync(join(dir, p))) return p;
  return null;
}

/** The first thing in `dir/name` squabble cannot prove it wrote (a path), or null when all of it is squabble's. */
function foreignEntry(dir: string, name: string, m: Manifest): string | null {
  const path = join(dir, name);
  if (isManifestName(name) || m.pending.has(name)) return null;
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    return null; // gone
  }
  if (!stat.isDirectory()) return ownsFile(dir, name, m) ? null : path;
  const inner = readManifest(path);
  for (const e of readdirSync(path)) {
    const found = foreignEntry(path, e, inner);
    if (found) return found;
  }
  return null;
}

/** Is the process with this id (on this host) still running? */
function pidAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Write one file squabble owns: refused (one line, nothing written) when a file at that name is
 * not squabble's; written to a temporary name listed in the manifest, renamed into place, and
 * recorded with its hash. `proof` may vouch for an existing file that carries its own proof
 * (a baseline with its integrity hash); with `manifest: false` no manifest is kept (the folder
 * is the user's, e.g. a committed baselines folder) and only `proof` can allow a replacement.
 */
export function writeOwned(path: string, content: string | Uint8Array, opts: { proof?: (bytes: Buffer) => boolean; manifest?: boolean } = {}): void {
  const dir = dirname(path);
  const name = basename(path);
  const useManifest = opts.manifest !== false;
  const m = useManifest ? readManifest(dir) : { files: new Map<string, string>(), pending: new Set<string>() };
  let exists = false;
  try {
    exists = lstatSync(path) !== undefined;
  } catch {
    // nothing there
  }
  if (exists && !ownsFile(dir, name, m)) {
    let vouched = false;
    try {
      vouched = lstatSync(path).isFile() && opts.proof !== undefined && opts.proof(readFileSync(path));
    } catch {
      vouched = false;
    }
    if (!vouched) throw new OutputDirError(`${path} exists and squabble did not write it (or it was changed since); it is kept: move it away or choose another output`);
  }
  const tmpName = `${name}.tmp-${process.pid}`;
  const tmp = join(dir, tmpName);
  if (useManifest) {
    m.pending.add(tmpName);
    saveManifest(dir, m);
  }
  try {
    writeFileSync(tmp, content);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true }); // a full disk must not leave half a file behind
    if (useManifest) {
      m.pending.delete(tmpName);
      try {
        saveManifest(dir, m);
      } catch {
        // the disk is full: the next run removes the listed temporary name
      }
    }
    throw e;
  }
  if (useManifest) {
    m.files.set(name, sha256(content));
    m.pending.delete(tmpName);
    saveManifest(dir, m);
  }
}

/** Remove `dir/name` if it is squabble's (a folder: each of its files that is; the folder only when nothing else is left). */
export function removeOwned(dir: string, name: string): void {
  const m = readManifest(dir);
  removeEntry(dir, name, m);
  saveManifest(dir, m);
}

function removeEntry(dir: string, name: string, m: Manifest): void {
  const path = join(dir, name);
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    m.files.delete(name);
    return;
  }
  if (stat.isDirectory()) {
    const inner = readManifest(path);
    for (const e of readdirSync(path)) if (!isManifestName(e)) removeEntry(path, e, inner);
    saveManifest(path, inner);
    for (const e of readdirSync(path)) if (isManifestName(e) && e !== MANIFEST) rmSync(join(path, e), { force: true });
    try {
      rmdirSync(path);
    } catch {
      // something of the user's is left in it: kept
    }
    return;
  }
  if (ownsFile(dir, name, m) || m.pending.has(name)) {
    unlinkSync(path);
    m.files.delete(name);
    m.pending.delete(name);
  }
}

/** Remove the temporary files a killed squabble left (listed in a manifest, their process gone), in `dir` and the folders below it. */
export function cleanStale(dir: string): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  const m = readManifest(dir);
  let changed = false;
  for (const tmp of [...m.pending]) {
    const pid = Number(TMP.exec(tmp)![1]);
    if (pidAlive(pid)) continue;
    // Renamed before the crash (the temporary name is gone): the file is squabble's; record it.
    const target = tmp.slice(0, tmp.lastIndexOf('.tmp-'));
    if (renamedPending(dir, target, m) === tmp && existsSync(join(dir, target)) && lstatSync(join(dir, target)).isFile()) m.files.set(target, sha256(readFileSync(join(dir, target))));
    rmSync(join(dir, tmp), { force: true });
    m.pending.delete(tmp);
    changed = true;
  }
  if (changed) saveManifest(dir, m);
  for (const e of entries) {
    if (e.isDirectory() && e.name !== HISTORY) cleanStale(join(dir, e.name));
    else if (isManifestName(e.name) && e.name !== MANIFEST && !pidAlive(Number(TMP.exec(e.name)![1]))) rmSync(join(dir, e.name), { force: true });
  }
}

/** Move squabble's entry `dir/name` (already checked to be all squabble's) into the folder `to`, with its manifest entry. */
function moveOwnedTo(dir: string, name: string, to: string): void {
  const m = readManifest(dir);
  const into = readManifest(to);
  renameSync(join(dir, name), join(to, name));
  const hash = m.files.get(name);
  if (hash !== undefined) {
    into.files.set(name, hash);
    m.files.delete(name);
  }
  saveManifest(to, into);
  saveManifest(dir, m);
}

/**
 * Refuse (one line) when any of `names` in `dir` exists but is not squabble's: what a command
 * about to write those names checks before it plays, so it is refused before the work, not after.
 */
export function checkOwnedNames(dir: string, names: string[], label = '--out'): void {
  if (!existsSync(dir)) return;
  const m = readManifest(dir);
  const foreign = names.map((n) => foreignEntry(dir, n, m)).filter((p): p is string => p !== null);
  if (foreign.length > 0) throw foreignError(dir, foreign, label);
}

/**
 * Refuse (one line) a single output file (`--html`, `--markdown`, `--json`) before the work that
 * fills it: its folder must exist, and a file already at that path must be one squabble wrote
 * (writeOwned then replaces it). `option` names the command-line option in the message.
 */
export function checkOwnedFile(path: string, option: string): void {
  const dir = dirname(resolve(path));
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new OutputDirError(`${option}: the folder of ${path} does not exist`);
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (stat && (!stat.isFile() || isManifestName(basename(path)) || !ownsFile(dir, basename(path), readManifest(dir))))
    throw new OutputDirError(`${option}: ${path} exists and squabble did not write it (or it was changed since); it is kept: move it away or choose another file`);
}

const foreignError = (dir: string, paths: string[], label: string) =>
  new OutputDirError(
    `${label}: ${dir} holds files at squabble's names that squabble did not write, or that changed since it wrote them (${paths.slice(0, 3).map((f) => JSON.stringify(f)).join(', ')}${paths.length > 3 ? `, and ${paths.length - 3} more` : ''}); they are kept: move them away or choose ${label === '--out' ? 'another --out' : 'another folder'}`,
  );

/**
 * The one way a name (a scenario's, a variant's, an entrant's) becomes part of a path: one folder
 * or file name, never a path. Separators, control characters and characters Windows refuses
 * become '-', leading dots go (no `..`, no hidden file), at most 120 characters; '' -> 'unnamed'.
 */
export function pathName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = name.replace(/[\u0000-\u001f\u007f-\u009f/\\:*?"<>|]+/g, '-').replace(/^[.\s]+/, '').slice(0, 120).replace(/[.\s]+$/, '');
  return safe === '' ? 'unnamed' : safe;
}

/** `results/<name>`: the default output folder of a command, named through `pathName`. */
export const defaultOut = (name: string) => join('results', pathName(name));

/** Top-level system folders (and everything below the virtual ones) are never an output folder. */
const SYSTEM = ['/', '/bin', '/boot', '/dev', '/etc', '/home', '/lib', '/lib64', '/opt', '/proc', '/root', '/run', '/sbin', '/srv', '/sys', '/tmp', '/usr', '/var'];
const VIRTUAL = ['/proc', '/sys', '/dev'];

const reason = (e: unknown) => {
  const code = (e as NodeJS.ErrnoException).code;
  const words: Record<string, string> = { EACCES: 'permission denied', EPERM: 'permission denied', EROFS: 'read-only file system', ENOSPC: 'no space left on the device', EDQUOT: 'disk quota exceeded', ENOTDIR: 'a part of the path is a file', EEXIST: 'a file is in the way' };
  return (code && words[code]) ?? (e instanceof Error ? e.message : String(e));
};

/**
 * Refuse a path that can never be an output folder: a system folder, or a file; and, when the
 * command names what it will write there (`names`), a folder holding any of them that is not squabble's.
 */
export function checkOutPath(dir: string, names: string[] = []): void {
  checkPath(dir);
  checkOwnedNames(dir, names);
}

function checkPath(dir: string): void {
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
  const checkpoint = readJson<{ plan?: Rec; shard?: { k: number; n: number } }>(join(dir, 'checkpoint.json'));
  if (checkpoint?.plan) {
    const p = checkpoint.plan;
    const part = checkpoint.shard ? `/part-${checkpoint.shard.k}-of-${checkpoint.shard.n}` : '';
    return { identity: { kind: 'run', scenario: p.file ?? '', name: p.name ?? '', hash: `${p.scenarioHash ?? ''}${part}`, seed: p.seed ?? '', games: p.games ?? 0 }, complete: false };
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

/**
 * Refuse a system folder, a file, or a folder holding anything squabble did not write: names
 * that are not squabble's, and files at squabble's names that its manifest does not prove it
 * wrote (the run folder's check, also `squabble ladder`'s).
 */
export function refuseForeign(dir: string): void {
  checkPath(dir);
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
  checkOwnedNames(dir, entries.filter((e) => e !== LOCK_FILE && e !== HISTORY));
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
    cleanStale(dir);
    if (moved) {
      mkdirSync(moved, { recursive: true });
      for (const part of RUN_PARTS) if (existsSync(join(dir, part))) moveOwnedTo(dir, part, moved);
    } else if (!continuing && !(previous?.complete && sameGames(previous.identity, identity))) for (const part of RUN_PARTS) removeOwned(dir, part);
    // A repeat of a complete run keeps its files until the new ones replace them, one by one
    // (the same games give the same bytes): a run that dies on the way (kill -9, a V8 abort)
    // leaves the previous results in place.
    return { lock, moved, continuing, created };
  } catch (e) {
    lock.release();
    if (e instanceof OutputDirError) throw e;
    throw new OutputDirError(`--out: cannot prepare ${dir} (${reason(e)})`);
  }
}

/** Take the lock of an interrupted run's folder to continue it, removing what a killed process left half-written. */
export function resumeOutDir(dir: string): ClaimedOutDir {
  const lock = lockOutDir(dir);
  try {
    cleanStale(dir);
  } catch (e) {
    lock.release();
    throw e;
  }
  return { lock, moved: null, continuing: true, created: false };
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
