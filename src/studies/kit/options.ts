/**
 * The options of every command that plays games (run, compare, tune, tournament, weights,
 * baseline, check, sweeps, replay), declared and checked in one place so that a flag means the
 * same everywhere: `--seed 42` is the number 42 exactly as `seed: 42` in the file is, `--games`
 * has one range, `--workers` one limit. Everything here is checked before a command touches
 * the disk or plays a game.
 */
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { LIMITS } from '../../sim/scenario/schema.js';
import { CliError, parseCount, parseSeed } from './io.js';
import type { RedisTarget } from '../../runner/distributed.js';

export const MAX_WORKERS = 256;
/** Most slices of `run --shard k/n`. */
export const MAX_SHARDS = 100_000;
/** Longest --seed text (the scenario schema's limit for a string seed). */
export const MAX_SEED_TEXT = 200;

export type PlayOption = 'games' | 'seed' | 'variant' | 'workers' | 'out';

/** The text commander hands over for the shared options. */
export interface PlayFlags {
  games?: string;
  seed?: string;
  variant?: string;
  workers?: string;
  out?: string;
}

/** What the scenario's own fields may be replaced with. */
export interface PlanChoice {
  games?: number;
  seed?: number | string;
  variant?: string;
}

export interface PlayArgs extends PlanChoice {
  workers: number;
  out?: string;
}

const DEFAULT_HELP: Record<PlayOption, [flags: string, help: string]> = {
  games: ['--games <n>', 'number of games (overrides the scenario)'],
  seed: ['--seed <seed>', 'master seed: a 32-bit integer or any text, the same as `seed:` in the scenario (overrides it)'],
  variant: ['--variant <name>', "apply one of the scenario's named variants"],
  workers: ['--workers <n>', `worker threads, 0-${MAX_WORKERS} (0 = play in this thread; default: one per core, and run first plays in this thread, starting the pool only when the rest measures at 1 s of play or more)`],
  out: ['--out <dir>', 'results directory'],
};

/** Declare the shared options on a command; `help` replaces a default description (e.g. what --games counts here). */
export function addPlayOptions(command: Command, options: readonly PlayOption[], help: Partial<Record<PlayOption, string>> = {}): Command {
  for (const o of options) command.option(DEFAULT_HELP[o][0], help[o] ?? DEFAULT_HELP[o][1]);
  return command;
}

/** --games: a whole number of games within the scenario limit (`min` is 2 where a study needs a spread). */
export function gamesFrom(text: string, min = 1): number {
  return parseCount(text, '--games', min, LIMITS.games);
}

/** --seed: a 32-bit integer exactly as in a scenario file, otherwise the text itself. */
export function seedFrom(text: string): number | string {
  if (text === '' || text.length > MAX_SEED_TEXT) throw new CliError(`--seed: expected a 32-bit integer or a text of 1 to ${MAX_SEED_TEXT} characters, found ${text === '' ? 'an empty text' : `a text of ${text.length} characters`}`);
  return parseSeed(text);
}

export function workersFrom(text: string | undefined): number {
  return text === undefined ? availableParallelism() : parseCount(text, '--workers', 0, MAX_WORKERS);
}

/** Check every shared option; nothing has been read or written yet when this throws. */
export function playArgs(flags: PlayFlags, o: { minGames?: number } = {}): PlayArgs {
  const args: PlayArgs = { workers: workersFrom(flags.workers) };
  if (flags.games !== undefined) args.games = gamesFrom(flags.games, o.minGames);
  if (flags.seed !== undefined) args.seed = seedFrom(flags.seed);
  if (flags.variant !== undefined) {
    if (flags.variant.trim() === '') throw new CliError('--variant: expected the name of one of the scenario\u2019s variants, found an empty text');
    args.variant = flags.variant;
  }
  if (flags.out !== undefined) {
    if (flags.out.trim() === '') throw new CliError('--out: expected a folder, found an empty text');
    args.out = flags.out;
  }
  return args;
}

/** `run --shard k/n`. */
export function shardFrom(text: string): { k: number; n: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const n = m ? Number(m[2]) : 0;
  const k = m ? Number(m[1]) : 0;
  if (!m || n < 1 || n > MAX_SHARDS || k < 1 || k > n) throw new CliError(`--shard: expected k/n with 1 <= k <= n <= ${MAX_SHARDS} (e.g. 3/8), found ${JSON.stringify(text)}`);
  return { k, n };
}

/** How long the coordinator and the workers wait for Redis (or for a shard's result) before giving up. */
export const DEFAULT_REDIS_TIMEOUT_SECONDS = 30;
export const MAX_REDIS_TIMEOUT_SECONDS = 86_400;

/** --redis URL (checked for its form here; whether anything listens is asked before the run starts). */
export function redisTargetFrom(url: string, timeoutText: string | undefined, queue?: string): RedisTarget {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new CliError(`--redis: expected a URL such as redis://127.0.0.1:6379, found ${JSON.stringify(url)}`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new CliError(`--redis: expected a redis:// or rediss:// URL, found ${JSON.stringify(url)}`);
  if (u.hostname === '') throw new CliError(`--redis: expected a host in the URL, found ${JSON.stringify(url)}`);
  const timeoutSeconds = timeoutText === undefined ? DEFAULT_REDIS_TIMEOUT_SECONDS : parseCount(timeoutText, '--redis-timeout', 1, MAX_REDIS_TIMEOUT_SECONDS);
  return { url, timeoutSeconds, ...(queue !== undefined ? { queue } : {}) };
}
