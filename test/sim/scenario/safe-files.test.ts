/**
 * Scenario and data files are data: they cannot run code, reach outside the scenario's folder
 * (unless the person running squabble names another folder in SQUABBLE_DATA_ROOTS), make the
 * loader read forever, or change how the program's own objects behave.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, symlinkSync, existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, delimiter } from 'node:path';
import { loadScenario, loadCells } from '../../../src/sim/scenario/load.js';
import { dataRootsFromEnv, DATA_ROOTS_ENV } from '../../../src/sim/scenario/files.js';
import { setPath } from '../../../src/sim/scenario/field-path.js';
import { ScenarioError } from '../../../src/sim/scenario/errors.js';
import { registry } from '../../../src/registry.js';
import { cli } from '../../helpers/cli.js';

let root: string;
let scenarioDir: string;
let outside: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'squabble-safe-'));
  scenarioDir = join(root, 'scenarios');
  outside = join(root, 'elsewhere');
  mkdirSync(join(scenarioDir, 'layouts'), { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'secret.yaml'), 'obstacles: []\n');
  writeFileSync(join(outside, 'ruins.yaml'), readFileSync('scenarios/squall/layouts/ruins.yaml'));
  writeFileSync(join(scenarioDir, 'layouts', 'ruins.yaml'), readFileSync('scenarios/squall/layouts/ruins.yaml'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const squall = (terrain: string) => `game: squall\nseats: [{ policy: random }, { policy: random }]\nrules:\n  terrain: ${JSON.stringify(terrain)}\n`;

/** Write a scenario into the scenario folder and load it; the one-line message, or 'loaded'. */
function outcome(text: string, name = 'scenario.yaml', overrides = {}): string {
  const file = join(scenarioDir, name);
  writeFileSync(file, text);
  try {
    loadScenario(file, registry, overrides);
    return 'loaded';
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    const message = (e as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    return message.replaceAll(`${root}/`, '');
  }
}

describe('data files stay inside the scenario folder', () => {
  it('loads a data file in the folder, and refuses ../ paths and absolute paths outside it', () => {
    expect(outcome(squall('layouts/ruins.yaml'))).toBe('loaded');
    expect(outcome(squall('../elsewhere/secret.yaml'))).toMatch(/^scenarios\/scenario\.yaml: rules\.terrain: "\.\.\/elsewhere\/secret\.yaml" is outside the scenario's folder; data files must be in .*scenarios or below \(SQUABBLE_DATA_ROOTS allows more folders\)$/);
    expect(outcome(squall('../../../../../../../etc/passwd'))).toMatch(/rules\.terrain: ".*etc\/passwd" is outside the scenario's folder/);
    expect(outcome(squall('/etc/passwd'))).toMatch(/rules\.terrain: "\/etc\/passwd" is outside the scenario's folder/);
    expect(outcome(squall('layouts/../../elsewhere/secret.yaml'))).toMatch(/is outside the scenario's folder/);
  });

  it('follows symbolic links: a link in the folder that leads outside is refused, one that stays inside is fine', () => {
    symlinkSync(join(outside, 'secret.yaml'), join(scenarioDir, 'layouts', 'link-out.yaml'));
    symlinkSync(outside, join(scenarioDir, 'linked-folder'));
    symlinkSync(join(scenarioDir, 'layouts', 'ruins.yaml'), join(scenarioDir, 'layouts', 'link-in.yaml'));
    expect(outcome(squall('layouts/link-out.yaml'))).toMatch(/^scenarios\/scenario\.yaml: rules\.terrain: "layouts\/link-out\.yaml" is a link to .*elsewhere\/secret\.yaml, outside the scenario's folder/);
    expect(outcome(squall('linked-folder/secret.yaml'))).toMatch(/"linked-folder\/secret\.yaml" is a link to .*elsewhere\/secret\.yaml, outside the scenario's folder/);
    expect(outcome(squall('layouts/link-in.yaml'))).toBe('loaded');
  });

  it('reads another folder only when SQUABBLE_DATA_ROOTS names it (the person running squabble, not the file)', async () => {
    expect(outcome(squall('../elsewhere/ruins.yaml'), 'scenario.yaml', { dataRoots: [outside] })).toBe('loaded');
    expect(outcome(squall(join(outside, 'ruins.yaml')), 'scenario.yaml', { dataRoots: [outside] })).toBe('loaded');
    expect(outcome(squall('/etc/passwd'), 'scenario.yaml', { dataRoots: [outside] })).toMatch(/is outside the scenario's folder; data files must be in .* or in .*elsewhere \(SQUABBLE_DATA_ROOTS\)/);
    expect(dataRootsFromEnv({ [DATA_ROOTS_ENV]: `/a${delimiter}${delimiter}/b ` })).toEqual(['/a', '/b ']);
    expect(dataRootsFromEnv({})).toEqual([]);
    // Through the command line: refused without the variable, accepted with it.
    const file = join(scenarioDir, 'shared.yaml');
    writeFileSync(file, squall('../elsewhere/ruins.yaml'));
    const before = process.env[DATA_ROOTS_ENV];
    try {
      delete process.env[DATA_ROOTS_ENV];
      const refused = await cli('validate', file);
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(/is outside the scenario's folder/);
      process.env[DATA_ROOTS_ENV] = outside;
      const accepted = await cli('validate', file);
      expect(accepted.err).toBe('');
      expect(accepted.code).toBe(0);
    } finally {
      if (before === undefined) delete process.env[DATA_ROOTS_ENV];
      else process.env[DATA_ROOTS_ENV] = before;
    }
  });
});

describe('only regular files of bounded size are read', () => {
  it('refuses a folder, a FIFO (without waiting for a writer) and a device, as data files and as scenarios', () => {
    mkdirSync(join(scenarioDir, 'a-folder.yaml'), { recursive: true });
    expect(outcome(squall('a-folder.yaml'))).toMatch(/rules\.terrain: .*a-folder\.yaml is a folder, not a regular file; expected a YAML or JSON file$/);
    if (process.platform !== 'win32') {
      execFileSync('mkfifo', [join(scenarioDir, 'pipe.yaml')]);
      expect(outcome(squall('pipe.yaml'))).toMatch(/rules\.terrain: .*pipe\.yaml is a pipe, not a regular file/);
      expect(() => loadScenario(join(scenarioDir, 'pipe.yaml'), registry)).toThrow(/pipe\.yaml: the file is a pipe, not a regular file/);
      if (existsSync('/dev/zero')) expect(() => loadScenario('/dev/zero', registry)).toThrow(/^\/dev\/zero: the file is a device, not a regular file/);
    }
  });

  it('refuses a data file over 1,000,000 bytes, naming it', () => {
    writeFileSync(join(scenarioDir, 'layouts', 'huge.yaml'), `obstacles: []\n# ${'x'.repeat(1_000_000)}\n`);
    expect(outcome(squall('layouts/huge.yaml'))).toBe('scenarios/layouts/huge.yaml: the file is 1000017 bytes; a data file may be at most 1000000');
  });
});

describe('files cannot run code or change the program', () => {
  const tags = ['!!js/function "function () { return 1 }"', '!!js/undefined ""', '!!python/object/apply:os.system ["touch /tmp/x"]', '!!binary aGVsbG8=', '!!set { a, b }', '!!timestamp 2020-01-01', '!custom thing'];

  it('refuses YAML language and custom tags in data files, naming the data file and line', () => {
    for (const tag of tags) {
      writeFileSync(join(scenarioDir, 'layouts', 'tagged.yaml'), `name: club\ndescription: ${tag}\nobstacles: []\n`);
      expect(outcome(squall('layouts/tagged.yaml')), tag).toMatch(/^scenarios\/layouts\/tagged\.yaml:2: not valid YAML: Unresolved tag: /);
    }
  });

  it('refuses them in scenario files too', () => {
    for (const tag of tags) expect(outcome(`game: worms\nname: ${tag}\nseats: [{ policy: random }, { policy: random }]\n`), tag).toMatch(/^scenarios\/scenario\.yaml:2: not valid YAML: Unresolved tag: /);
  });

  it('refuses __proto__ keys, and sweep paths through __proto__, constructor or prototype; nothing is polluted', () => {
    expect(outcome('game: worms\nseats: [{ policy: random }, { policy: random }]\nrules: { __proto__: { maxTurns: 5 } }\n')).toBe(
      'scenarios/scenario.yaml:3: rules.__proto__: a key named __proto__ is not allowed (it would change how the data is read)',
    );
    writeFileSync(join(scenarioDir, 'layouts', 'proto.yaml'), 'obstacles:\n  - { shape: circle, x: 5, y: 5, radius: 1, __proto__: { radius: 9 } }\n');
    expect(outcome(squall('layouts/proto.yaml'))).toMatch(/^scenarios\/layouts\/proto\.yaml:2: obstacles\[0\]\.__proto__: a key named __proto__ is not allowed/);
    for (const path of ['__proto__.polluted', 'rules.constructor.prototype.polluted', 'seats[0].__proto__']) {
      const file = join(scenarioDir, 'sweep.yaml');
      writeFileSync(file, `game: worms\nseats: [{ policy: random }, { policy: random }]\nsweep: { ${JSON.stringify(path)}: [1] }\n`);
      expect(() => loadCells(file, registry), path).toThrow(/sweep\..*: expected a valid name here \(a field path without __proto__, constructor or prototype\)/);
    }
    expect(() => setPath({}, '__proto__.polluted', 1)).toThrow(/is not a field path/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).maxTurns).toBeUndefined();
  });

  it('keeps every message on one line, even for a name with a line break in it', () => {
    const text = 'game: squall\nseats: [{ policy: random }, { policy: random }]\nrules:\n  roster: { characters: [{ name: "Kn\\night", move: 4, melee: 1, range: 0, hp: 5 }] }\n  characters: [Kn, Kn]\n';
    expect(outcome(text)).toBe('scenarios/scenario.yaml:5: rules.characters[0]: expected a character of the roster (Kn\\night), found "Kn"');
  });
});
