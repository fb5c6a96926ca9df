/**
 * The files `squabble fair` writes beside the designer's deck, never over it: the edits as a
 * patch (a `statOverrides:` block to paste into the scenario's rules, or to read as it is), an
 * edited copy of the deck with only the edited numbers changed (every comment, space and line
 * kept: the numbers are replaced in the source text, not re-printed), and a unified diff of the
 * two. Each starts with a line carrying the hash of the rest, so a later run replaces only a file
 * it can prove it wrote (src/runner/outdir.ts: writeOwned with a proof, no manifest in the
 * designer's folder).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseDocument, isMap, isSeq, isScalar, type Node } from 'yaml';
import { writeOwned } from '../../runner/outdir.js';

export interface PathEdit {
  /** The stat path, e.g. `cards.Mudgrub.hp` or `cards.Mudgrub.faces.3`. */
  path: string;
  subject: string;
  from: number;
  to: number;
}

const MARK = '# squabble fair';

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The content with its proof line first (`#` comments in YAML; text before `---` in a diff). */
export function signed(body: string, what: string): string {
  return `${MARK} ${sha(body)}: ${what}\n${body}`;
}

/** True if `bytes` is a file `signed` made and nobody changed since. */
export function provenSigned(bytes: Buffer): boolean {
  const text = bytes.toString('utf8');
  const nl = text.indexOf('\n');
  const m = /^# squabble fair ([0-9a-f]{16}): /.exec(text.slice(0, nl + 1));
  return m !== null && m[1] === sha(text.slice(nl + 1));
}

/** The patch: the edits as `statOverrides` (stat path: new value), with the old value beside each. */
export function patchText(edits: readonly PathEdit[], scenario: string): string {
  const lines = [
    `# Paste under rules: in ${scenario} (or merge with its statOverrides) to play the fair edits without`,
    '# touching the deck; or use the edited deck copy written beside this file.',
    'statOverrides:',
    ...edits.map((e) => `  ${JSON.stringify(e.path)}: ${e.to}   # was ${e.from}`),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * The deck source with each edited number replaced where it stands (Squirmish decks: a card's
 * `hp`, and face K of its `attack`, a number or a text such as "damage 2"). Returns null with
 * the reason when an edit has no place in the file (a card the file does not hold).
 */
export function editDeckSource(source: string, namespace: string, edits: readonly PathEdit[]): { text: string } | { problem: string } {
  const doc = parseDocument(source, { keepSourceTokens: true });
  const cards = doc.get('cards', true);
  if (!isSeq(cards)) return { problem: 'the file has no cards: list (the edited copy is written for Squirmish decks)' };
  const replacements: { start: number; end: number; text: string }[] = [];
  for (const e of edits) {
    const card = cards.items.find((c) => isMap(c) && c.get('name') === e.subject);
    if (!isMap(card)) return { problem: `no card named ${JSON.stringify(e.subject)} in the file` };
    const rest = e.path.slice(`${namespace}.${e.subject}.`.length);
    let node: Node | null = null;
    if (rest === 'hp') node = card.get('hp', true) as Node;
    else {
      const m = /^faces\.(\d)$/.exec(rest);
      const attack = card.get('attack', true);
      if (m && isSeq(attack)) node = attack.items[Number(m[1]) - 1] as Node;
    }
    if (!node || !isScalar(node) || !node.range) return { problem: `${e.path}: no number to edit in the file` };
    const [start, end] = node.range;
    const old = source.slice(start, end);
    // A number, or the number inside a text face ("damage 2"): the first run of digits equal to the old value.
    const text = old.replace(new RegExp(`\\b${e.from}\\b`), String(e.to));
    if (text === old) return { problem: `${e.path}: the file says ${old}, not ${e.from}` };
    replacements.push({ start, end, text });
  }
  replacements.sort((a, b) => b.start - a.start);
  let text = source;
  for (const r of replacements) text = text.slice(0, r.start) + r.text + text.slice(r.end);
  return { text };
}

/** A unified diff of two texts with the same lines but some changed (the edited copy keeps every line). */
export function unifiedDiff(a: string, b: string, nameA: string, nameB: string, context = 3): string {
  const x = a.split('\n');
  const y = b.split('\n');
  if (x.length !== y.length) throw new Error('unifiedDiff: the edited copy must keep every line');
  const changed = x.map((l, i) => l !== y[i]);
  const out = [`--- ${nameA}`, `+++ ${nameB}`];
  let i = 0;
  while (i < x.length) {
    if (!changed[i]) {
      i++;
      continue;
    }
    const start = Math.max(0, i - context);
    let end = i;
    // Extend the hunk while the next change is within 2 × context lines.
    for (let j = i; j < x.length; j++) if (changed[j]) end = j;
      else if (j - end > 2 * context) break;
    const stop = Math.min(x.length, end + context + 1);
    const body: string[] = [];
    for (let k = start; k < stop; k++) {
      if (changed[k]) body.push(`-${x[k]}`, `+${y[k]}`);
      else body.push(` ${x[k]}`);
    }
    const len = stop - start;
    out.push(`@@ -${start + 1},${len} +${start + 1},${len} @@`, ...body);
    i = stop;
  }
  return `${out.join('\n')}\n`;
}

/** The deck file a scenario's rules name (`rules.<field>: path`), resolved from the scenario's folder; null when the rules hold their data inline or name none. */
export function deckFileOf(scenarioFile: string, field: string): string | null {
  const doc = parseDocument(readFileSync(scenarioFile, 'utf8'));
  const ref = doc.getIn(['rules', field]);
  return typeof ref === 'string' ? resolve(dirname(scenarioFile), ref) : null;
}

export interface WrittenBeside {
  patch: string;
  copy: string | null;
  diff: string | null;
  /** Why there is no edited copy (patch only). */
  note: string | null;
}

/** Write patch, edited copy and diff beside the deck (or beside the scenario when the deck is inline). */
export function writeBeside(scenarioFile: string, deck: string | null, namespace: string, edits: readonly PathEdit[], what: string): WrittenBeside {
  const home = deck ?? scenarioFile;
  const stem = basename(home).replace(/\.(ya?ml|json)$/, '');
  const dir = dirname(home);
  const patch = join(dir, `${stem}.fair-patch.yaml`);
  const own = { manifest: false, proof: provenSigned };
  writeOwned(patch, signed(patchText(edits, basename(scenarioFile)), what), own);
  if (!deck) return { patch, copy: null, diff: null, note: 'the scenario holds its cards inline: only the patch is written' };
  const source = readFileSync(deck, 'utf8');
  const edited = editDeckSource(source, namespace, edits);
  if ('problem' in edited) return { patch, copy: null, diff: null, note: `${deck}: ${edited.problem}; only the patch is written` };
  const ext = /\.(ya?ml|json)$/.exec(deck)?.[0] ?? '.yaml';
  const copy = join(dir, `${stem}.fair${ext}`);
  const diff = join(dir, `${stem}.fair.diff`);
  writeOwned(copy, signed(edited.text, what), own);
  writeOwned(diff, signed(unifiedDiff(source, edited.text, basename(deck), basename(copy)), what), own);
  return { patch, copy, diff, note: null };
}
