/**
 * The balance gate on a card game: in a scratch copy of a Squirmish scenario and its deck,
 * raising one card's HP or changing one face of its die table makes `squabble check` exit 1
 * naming that card's metric. An edited deck is checked paired (the baseline's stored deck is
 * played beside it), so 4,000 games do better than the 6,000 the unpaired test needed (paired
 * variance about 0.58 of the unpaired for an HP edit, docs/balance-gate.md); each check of an
 * edit plays 8,000.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';

const DECK = readFileSync('scenarios/squirmish/decks/classic-70.yaml', 'utf8');
const TIM = '  - name: Tiny Tim the Titan\n    hp: 1\n    attack: [2, 2, 3, 3, 4, special]';
const GIL = '  - name: Grave Robber Gil\n    hp: 10\n    attack: [none, 1, 1, 2, 2, special]';

let dir: string;
const deckFile = () => join(dir, 'scenarios', 'decks', 'classic-70.yaml');
const scenario = () => join(dir, 'scenarios', 'classic-greedy.yaml');
const check = () => cli('check', scenario(), '--baseline', join(dir, 'baselines'), '--workers', '2');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'squabble-gate-cards-'));
  mkdirSync(join(dir, 'scenarios', 'decks'), { recursive: true });
  expect(DECK).toContain(TIM);
  expect(DECK).toContain(GIL);
  writeFileSync(deckFile(), DECK);
  writeFileSync(scenario(), readFileSync('scenarios/squirmish/classic-greedy.yaml', 'utf8'));
  const r = await cli('baseline', scenario(), '--out', join(dir, 'baselines'), '--games', '4000', '--workers', '2');
  expect(r.code, r.err).toBe(0);
}, 400_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('squabble check on a changed card', () => {
  it('passes while nothing changed', async () => {
    const r = await check();
    expect(r.code, r.out).toBe(0);
  }, 400_000);

  it("catches one card's hit points (1 -> 8) and names that card", async () => {
    writeFileSync(deckFile(), DECK.replace(TIM, TIM.replace('hp: 1', 'hp: 8')));
    const r = await check();
    writeFileSync(deckFile(), DECK);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^cards\[Tiny Tim the Titan\]\.winRateWhenPlaced .* paired +DRIFT$/m);
  }, 400_000);

  it("catches one face of one card's die table (NO EFFECT becomes 6 damage)", async () => {
    writeFileSync(deckFile(), DECK.replace(GIL, GIL.replace('attack: [none, 1, 1, 2, 2, special]', 'attack: [6, 1, 1, 2, 2, special]')));
    const r = await check();
    writeFileSync(deckFile(), DECK);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toMatch(/^cards\[Grave Robber Gil\]\.\w+ .* paired +DRIFT$/m);
  }, 400_000);

  // Reverting restores the file byte for byte, and a check is a pure function of the files, so
  // "passes again once reverted" is the first test again: not played twice.
});
