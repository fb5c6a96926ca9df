/**
 * Issue 35 (F16, "hostile CLI options, fuzzed"): every option of every command that takes a
 * number or one of a set of names gets hostile values — hex, blanks around digits, NaN, Infinity,
 * numbers too big for a double, Unicode digits, `__proto__`, an empty text, a huge text, a
 * right-to-left mark — and each is refused the same way: exit 2, one line on stderr naming the
 * option, no stack trace, nothing written. The options are read from each command's --help, so
 * an option added later is fuzzed too (or must be listed below as free text). Most calls run in
 * this process; a handful spawn the compiled CLI to see the real process's exit and streams.
 */
import { describe, it, expect } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tmp = useTempDir('squabble-option-fuzz-');
const WORMS = 'scenarios/worms/random-2p.yaml';

/**
 * Refused by every number option (a whole number may still be written 1e6 or 1_000_000, on
 * purpose: test/cli/hostile-input.test.ts) and every option that names one of a set. */
const HOSTILE = ['0x10', ' 5', '5 ', 'NaN', 'Infinity', '-Infinity', '1e999', '9'.repeat(400), '__proto__', 'constructor', 'toString', '', ' ', '\u0665', '\uff15', '1,5', '0b11', '5abc', '\u202e5', 'x'.repeat(5000), '5\n5', '\u0000'];
/** Also refused by the options that cannot be negative (all but tune's --min and --max). */
const NEGATIVE = ['-1', '-0x1'];

/**
 * Options that take free text (a path, a URL, a seed that may be any text, a package spec, a
 * queue name, a list of names checked against the scenario): not fuzzed for refusal here — a
 * file may well be called `__proto__`. Each is checked where it is used.
 */
const FREE_TEXT = new Set(['--seed', '--out', '--resume', '--baseline', '--markdown', '--json', '--html', '--redis', '--queue', '--package']);
/** Options whose values may be negative numbers. */
const SIGNED = new Set(['tune --min', 'tune --max']);

/**
 * For each command: arguments that make a cheap, valid call with a folder `d` for anything it
 * writes; the fuzzed option is appended (and replaces one given here). Options that only mean
 * something with another (--redis-timeout with --redis, --budget with a tune: block) get it.
 */
const BASE: Record<string, (d: string, option: string) => string[]> = {
  run: (d, o) => ['run', WORMS, '--games', '4', '--workers', '0', '--out', join(d, 'out'), '--no-report', '--quiet', ...(o === '--redis-timeout' ? ['--redis', 'redis://127.0.0.1:1'] : [])],
  replay: (d, o) => ['replay', WORMS, ...(o === '--example' ? [] : ['--game', '0']), '--html', join(d, 'page.html')],
  worker: () => ['worker', '--redis', 'redis://127.0.0.1:1'],
  baseline: (d) => ['baseline', WORMS, '--games', '4', '--workers', '0', '--out', join(d, 'bl')],
  check: (d) => ['check', WORMS, '--baseline', 'baselines', '--workers', '0', '--markdown', join(d, 'gate.md'), '--json', join(d, 'gate.json')],
  compare: (d, o) => ['compare', WORMS, ...(o === '--variant' ? ['--variant', 'base'] : ['--variant', 'base', '--variant', 'sudden-death']), '--games', '4', '--workers', '0', '--out', join(d, 'out'), '--quiet'],
  tournament: (d) => ['tournament', WORMS, '--games', '4', '--workers', '0', '--out', join(d, 'out'), '--quiet'],
  tune: (d, o) =>
    o === '--budget' || o === '--verify-games' || o === '--verify-looks'
      ? ['tune', 'scenarios/squirmish/tune-skill.yaml', '--games', '4', '--workers', '0', '--out', join(d, 'out'), '--quiet']
      : ['tune', WORMS, '--param', 'rules.maxTurns', '--integer', '--target', 'length.turns.mean=40', '--min', '10', '--max', '400', '--games', '4', '--workers', '0', '--quiet'],
  weights: (d) => ['weights', 'scenarios/squall/duel-open.yaml', '--games', '4', '--workers', '0', '--out', join(d, 'out'), '--quiet'],
  fair: (d) => ['fair', 'scenarios/squall/duel-open.yaml', '--games', '4', '--budget', '1000', '--rounds', '1', '--workers', '0', '--out', join(d, 'out'), '--quiet'],
  init: (d) => ['init', join(d, 'project'), '--game', 'worms', '--games', '4', '--workers', '0', '--package', 'squabble@0.1.0'],
  watch: (d) => ['watch', WORMS, '--out', join(d, 'out'), '--workers', '0', '--quick', '4', '--games', '4', '--no-report'],
  levels: (d) => ['levels', 'scenarios/squirmish/classic-greedy.yaml', '--levels', 'random,skilled', '--games', '4', '--workers', '0', '--out', join(d, 'out'), '--quiet'],
  ladder: (d) => ['ladder', 'scenarios/squall/skill-ladder.yaml', '--games', '4', '--workers', '0', '--out', join(d, 'out'), '--quiet'],
};
/** Commands with no number or name option (validate, list, report, merge take only switches and paths). */
const NO_VALUE_OPTIONS = ['validate', 'list', 'report', 'merge'];

/** The options of a command that take a value, from its --help. */
async function valueOptions(command: string): Promise<string[]> {
  const help = await cli(command, '--help');
  return [...help.out.matchAll(/^ {2}(--[a-z-]+) <[^>]+>/gm)].map((m) => m[1]!);
}

/** argv with `option value` in place of any `option x` the base call had. */
function withOption(base: string[], option: string, value: string): string[] {
  const argv = [...base];
  const at = argv.indexOf(option);
  if (at >= 0) argv.splice(at, 2);
  return [...argv, option, value];
}

const shown = (v: string) => JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v);

describe('every number or name option of every command refuses hostile values', () => {
  it('lists the commands that take option values, and every one of those options is fuzzed or declared free text', async () => {
    const help = await cli('--help');
    const commands = [...help.out.matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1]!).filter((c) => c !== 'help');
    expect(commands.sort()).toEqual([...Object.keys(BASE), ...NO_VALUE_OPTIONS].sort());
    for (const c of NO_VALUE_OPTIONS) expect((await valueOptions(c)).filter((o) => !FREE_TEXT.has(o)), c).toEqual([]);
  });

  for (const command of Object.keys(BASE))
    it(`${command}: exit 2, one line naming the option, no stack trace, nothing written`, async () => {
      const options = (await valueOptions(command)).filter((o) => !FREE_TEXT.has(o));
      expect(options.length, command).toBeGreaterThan(0);
      let tried = 0;
      for (const option of options) {
        const values = [...HOSTILE, ...(SIGNED.has(`${command} ${option}`) ? [] : NEGATIVE)];
        for (const value of values) {
          const d = join(tmp(), `${command}${option}-${tried++}`);
          mkdirSync(d);
          const argv = withOption(BASE[command]!(d, option), option, value);
          const r = await cli(...argv);
          const what = `${command} ${option} ${shown(value)}: ${r.err.slice(0, 300)}`;
          expect(r.code, what).toBe(2);
          expect(r.err.trim().split('\n'), what).toHaveLength(1);
          expect(r.err, what).toContain(option.replace(/^--/, ''));
          expect(r.err, what).not.toMatch(/internal error|\n\s+at |TypeError|RangeError/);
          expect(readdirSync(d), what).toEqual([]);
        }
      }
      console.log(`${command}: ${options.length} options (${options.join(', ')}), ${tried} hostile values, each refused`);
    }, 120_000);
});

describe('the real process: a handful of hostile options through bin/squabble.js', () => {
  const bin = 'bin/squabble.js';
  it.skipIf(!existsSync('dist/cli/main.js'))('exit 2, one line on stderr, nothing on stdout, nothing written', () => {
    const d = join(tmp(), 'spawned');
    const cases: string[][] = [
      ['run', WORMS, '--games', '0x10', '--out', join(d, 'a')],
      ['run', WORMS, '--workers', '\uff15', '--out', join(d, 'b')],
      ['check', WORMS, '--baseline', 'baselines', '--alpha', 'NaN', '--json', join(d, 'c.json')],
    ];
    mkdirSync(d);
    for (const argv of cases) {
      const r = spawnSync(process.execPath, [bin, ...argv], { encoding: 'utf8', timeout: 60_000 });
      const what = `${argv.join(' ')}: ${r.stderr}`;
      expect(r.status, what).toBe(2);
      expect(r.stderr.trim().split('\n'), what).toHaveLength(1);
      expect(r.stderr, what).not.toMatch(/internal error|\n\s+at /);
      expect(r.stdout, what).toBe('');
    }
    expect(readdirSync(d)).toEqual([]);
  }, 120_000);

  it.skipIf(!existsSync('dist/cli/main.js'))('output piped to a reader that closed its end first (as head does) ends quietly: exit 0, no stack trace', async () => {
    const child = spawn(process.execPath, [bin, 'replay', 'scenarios/squirmish/classic-greedy.yaml', '--game', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.destroy(); // closed before squabble writes a byte: its first write meets EPIPE
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((r) => child.once('close', r));
    expect(code, err).toBe(0);
    expect(err).toBe('');
  }, 60_000);
});
