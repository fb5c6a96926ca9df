/**
 * Issue 35's hostile inputs: bot parameters and seat names checked by `validate` as by `run`
 * (F10); summary.md escapes HTML (F15); `init` into a file, `--example __proto__` and number
 * options parsed strictly (F16). Each is one line and exit 2.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { strictNumber } from '../../src/studies/kit/io.js';

const tmp = useTempDir('squabble-hostile-');
const SCENARIO = 'scenarios/worms/random-2p.yaml';
const oneLine = (err: string) => expect(err.trim().split('\n'), err).toHaveLength(1);
const withSeats = (name: string, seats: string) => {
  const file = join(tmp(), `${name}.yaml`);
  writeFileSync(file, readFileSync(SCENARIO, 'utf8').replace(/^seats:[\s\S]*?(?=^\w)/m, `seats:\n${seats}\n`));
  return file;
};

describe('validate checks bot parameters and seat names as run does', () => {
  it('refuses an unknown rollout policy, a prototype member as rollout or policy, with one line naming the field', async () => {
    for (const [name, seats, says] of [
      ['rollout-nope', '  - policy: ismcts\n    params: { rollout: nope }\n  - policy: random', /seats\[0\]\.params\.rollout: expected random or one of .*; found "nope"/],
      ['rollout-proto', '  - policy: ismcts\n    params: { rollout: __proto__ }\n  - policy: random', /seats\[0\]\.params\.rollout: expected random or one of/],
      ['rollout-ctor', '  - policy: ismcts\n    params: { rollout: constructor }\n  - policy: random', /seats\[0\]\.params\.rollout: expected random or one of/],
      ['policy-ctor', '  - policy: constructor\n  - policy: random', /seats\[0\]\.policy: expected one of .*; found "constructor"/],
    ] as const) {
      const file = withSeats(name, seats);
      for (const command of [['validate', file], ['run', file, '--games', '10', '--workers', '0', '--out', join(tmp(), `out-${name}`)]]) {
        const r = await cli(...command);
        expect(r.code, `${command[0]} ${name}: ${r.err}`).toBe(2);
        expect(r.err, name).toMatch(says);
        expect(r.err).not.toMatch(/internal error|TypeError/);
        oneLine(r.err);
      }
    }
  });
});

describe('summary.md escapes HTML', () => {
  it('writes a hostile seat name as text, not as a tag', async () => {
    const file = withSeats('html', '  - policy: random\n    name: "<img src=x onerror=alert(1)>"\n  - policy: random');
    const out = join(tmp(), 'html-out');
    const r = await cli('run', file, '--games', '50', '--workers', '0', '--out', out, '--no-report', '--quiet');
    expect(r.code, r.err).toBe(0);
    const md = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(md).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(md).not.toContain('<img');
  });
});

describe('init, --example and number options', () => {
  it('init into an existing file says so; --game __proto__ is refused', async () => {
    const file = join(tmp(), 'a-file');
    writeFileSync(file, 'x');
    const r = await cli('init', file, '--game', 'worms');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/a-file: a file is there; init writes only into a new or empty folder/);
    expect(r.err).not.toMatch(/checkpoint/);
    const proto = await cli('init', join(tmp(), 'proj'), '--game', '__proto__');
    expect(proto.code).toBe(2);
    expect(proto.err).toMatch(/--game: expected one of worms, .*found "__proto__"/);
    expect(readdirSync(tmp())).not.toContain('proj');
  });

  it('replay --example __proto__ (and other prototype members) is no example name', async () => {
    const out = join(tmp(), 'examples');
    expect((await cli('run', SCENARIO, '--games', '50', '--workers', '0', '--out', out, '--no-report', '--quiet')).code).toBe(0);
    for (const name of ['__proto__', 'constructor', 'toString', 'topCards/__proto__']) {
      const r = await cli('replay', out, '--example', name);
      expect(r.code, `${name}: ${r.err}`).toBe(2);
      expect(r.err).toMatch(new RegExp(`--example: no example named ${JSON.stringify(name).replace(/[/\\]/g, '\\$&')}`));
      oneLine(r.err);
    }
  });

  it('every number option is parsed strictly: 0x10, " 5", Infinity and an empty text are refused', async () => {
    for (const bad of ['0x10', ' 5', '5 ', 'Infinity', '', '0b11', '1e']) expect(strictNumber(bad), JSON.stringify(bad)).toBeNaN();
    for (const [good, value] of [['5', 5], ['1_000_000', 1e6], ['1e6', 1e6], ['0.01', 0.01], ['-3', -3]] as const) expect(strictNumber(good)).toBe(value);
    for (const [option, value] of [['--games', '0x10'], ['--games', ' 5'], ['--workers', '0x1']] as const) {
      const r = await cli('run', SCENARIO, option, value, '--out', join(tmp(), 'never'));
      expect(r.code, `${option} ${JSON.stringify(value)}`).toBe(2);
      expect(r.err).toMatch(new RegExp(`${option}: expected a whole number`));
      oneLine(r.err);
    }
    const alpha = await cli('check', SCENARIO, '--baseline', 'baselines', '--alpha', '0x0');
    expect(alpha.code).toBe(2);
    expect(alpha.err).toMatch(/--alpha: expected a number between 0 and 0\.5, found "0x0"/);
  });
});
