/**
 * Squish! rules and their named variants (docs/rules/squish.md). Defaults are the rules doc's
 * defaults; the doc comment of each field is what `squabble list` and the JSON Schema show.
 *
 * The board, the blocks and the start squares are scenario data. Blocks and start squares have
 * defaults that depend on the mode and the player count, which a zod default cannot see, so
 * they are optional here and resolved by `layoutOf` (used by checkSetup and createState).
 */
import { z } from 'zod';
import type { RuleScope, RulesContext } from '../../sim/types.js';
import { found } from '../../sim/scenario/errors.js';
import { setupField } from '../../sim/setup.js';

export const MIN_BOARD = 4;
export const MAX_BOARD = 64;
/** Most blocks a board may hold (the block die has one face per block). */
export const MAX_BLOCKS = 8;
export const MAX_PLAYERS = 8;

const coordinate = (axis: string) =>
  z
    .number()
    .int()
    .min(0)
    .max(MAX_BOARD - 1)
    .describe(`${axis} (0 = ${axis === 'x' ? 'west' : 'north'} edge).`);

const squareSchema = z
  .strictObject({ x: coordinate('x'), y: coordinate('y') })
  .describe('A square: x counts columns from the west wall, y rows from the north wall, both from 0.');

const blockSchema = z
  .strictObject({
    x: coordinate('x').describe('Column of the block\'s north-west square (0 = west edge).'),
    y: coordinate('y').describe('Row of the block\'s north-west square (0 = north edge).'),
    w: z.number().int().min(1).max(MAX_BOARD).describe('Width in squares (east-west).'),
    h: z.number().int().min(1).max(MAX_BOARD).describe('Height in squares (north-south).'),
    number: z
      .number()
      .int()
      .min(1)
      .max(MAX_BLOCKS)
      .optional()
      .describe('The block\'s number (its face on the block die, its shard, its place in the resolution order); default: its position in the list, from 1.'),
  })
  .describe('An axis-aligned rectangular block.');

export const squishRulesSchema = z
  .strictObject({
    mode: z
      .enum(['simple', 'advanced'])
      .default('simple')
      .describe('simple: last marker on the board wins; advanced: collect shards 1..K from the numbered blocks and return to the start square.'),
    board: z
      .string()
      .optional()
      .describe('A board file (width, height, blocks, starts), relative to the scenario: its fields are used as if written here, so they may not be written here too.'),
    objective: z
      .enum(['shards', 'last-marker-standing'])
      .default('shards')
      .describe(
        'Advanced game only. shards: a squished marker drops its shards and restarts. last-marker-standing (the seed\'s second objective): a squished marker drops its shards and is out of the game; the last marker left wins (as in the simple game), all four shards on the start square still win, and at the turn cap the marker holding the most shards wins (a tie is a capped draw).',
      ),
    width: z.number().int().min(MIN_BOARD).max(MAX_BOARD).default(12).describe('Board width in squares.'),
    height: z.number().int().min(MIN_BOARD).max(MAX_BOARD).default(12).describe('Board height in squares.'),
    blocks: z
      .array(blockSchema)
      .min(1)
      .max(MAX_BLOCKS)
      .optional()
      .describe(
        'The blocks. Default: simple, one block exactly in the middle, 3 squares a side on an odd side and 4 on an even one (4 x 4 on the default 12 x 12 board); advanced, four 2 x 2 blocks numbered 1-4 (NW, NE, SW, SE), one per quadrant, placed symmetrically. With more than one block a die with one face per block picks the block to move.',
      ),
    starts: z
      .array(squareSchema)
      .min(1)
      .max(MAX_PLAYERS)
      .optional()
      .describe(
        'Start squares on the edge of the board, seat 0 first (extra entries are unused). Default: spread evenly clockwise around the edge, seat 0 in the middle of the north edge.',
      ),
    forces: z
      .enum(['first-hit', 'cumulative'])
      .default('first-hit')
      .describe('first-hit: only the first hit a block receives before it moves counts; cumulative: all hits before it moves add up (direction of the first).'),
    resolution: z
      .enum(['sequential', 'simultaneous'])
      .default('sequential')
      .describe('sequential: the mover finishes, then hit blocks move one at a time in hit order; simultaneous: after the first collision all moving blocks step one square per tick in number order.'),
    firstSeat: z
      .union([z.literal(0), z.literal('random')])
      .default(0)
      .describe('Who moves first: seat 0, or a seat drawn at random for each game.'),
    setup: setupField('which start square each seat gets (a shuffle of `starts`) and who moves first (as firstSeat: random).'),
    maxTurns: z
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(1000)
      .describe('Turn cap over all players; a game still running is counted as capped.'),
  })
  .describe('Squish! rules (docs/rules/squish.md)');

export type SquishRules = z.output<typeof squishRulesSchema>;

/** The board fields a board file may hold. */
export const BOARD_FIELDS = ['width', 'height', 'blocks', 'starts'] as const;

/** A board file: the board fields of the rules (all optional, defaults as there), a name and notes. */
export const boardFileSchema = squishRulesSchema
  .pick({ blocks: true, starts: true })
  .extend({
    name: z.string().min(1).max(60).optional().describe('A name for the board (free text).'),
    description: z.string().max(500).optional().describe('Free text.'),
    width: squishRulesSchema.shape.width.unwrap().optional(),
    height: squishRulesSchema.shape.height.unwrap().optional(),
  })
  .describe('A Squish! board file (rules.board).');

/** Inline a board file the rules name (rules.board), refusing a board field written in both places. */
export function prepareBoard(rules: Record<string, unknown>, ctx: RulesContext): Record<string, unknown> {
  if (rules.board === undefined) return rules;
  if (typeof rules.board !== 'string') ctx.fail(['board'], `expected a board file name relative to the scenario, found ${found(rules.board)}`);
  const board = ctx.load(rules.board as string, boardFileSchema, 'rules.board');
  const out = { ...rules };
  delete out.board;
  for (const field of BOARD_FIELDS) {
    if (board[field] === undefined) continue;
    if (out[field] !== undefined) ctx.fail([field], `is also given by the board file ${String(rules.board)}; keep it in one place`);
    out[field] = board[field];
  }
  return out;
}

export interface BlockSpec {
  x: number;
  y: number;
  w: number;
  h: number;
  /** 1-based block number. */
  number: number;
  /** Index in `rules.blocks` (for messages), or -1 for a default block. */
  listIndex: number;
}

/** The resolved board: blocks sorted by number (index = number - 1) and one start square per seat. */
export interface Layout {
  width: number;
  height: number;
  blocks: BlockSpec[];
  starts: { x: number; y: number }[];
  defaultBlocks: boolean;
  defaultStarts: boolean;
}

/** The rules doc's default blocks for a mode and board size. */
export function defaultBlocks(mode: SquishRules['mode'], width: number, height: number): BlockSpec[] {
  if (mode === 'simple') {
    // The rules doc asks for a 3 x 3 block in the middle of a 12 x 12 board, which cannot be
    // centred: it would sit one square nearer the north and west walls, and so nearer two of the
    // default start squares. A side takes the board's parity instead (3 on an odd side, 4 on an
    // even one), so the block is exactly centred and every default start square is equally far.
    const w = width % 2 === 1 ? 3 : 4;
    const h = height % 2 === 1 ? 3 : 4;
    return [{ x: (width - w) / 2, y: (height - h) / 2, w, h, number: 1, listIndex: -1 }];
  }
  // One 2 x 2 block centred in each quadrant, mirror-symmetric: numbered NW, NE, SW, SE.
  // Centred on the quadrant's centre (width / 4 - 1/2), rounded, and off the edge where the board allows.
  const x0 = Math.max(width >= 6 ? 1 : 0, Math.round(width / 4 - 1));
  const y0 = Math.max(height >= 6 ? 1 : 0, Math.round(height / 4 - 1));
  const x1 = width - 2 - x0;
  const y1 = height - 2 - y0;
  return [
    { x: x0, y: y0, w: 2, h: 2, number: 1, listIndex: -1 },
    { x: x1, y: y0, w: 2, h: 2, number: 2, listIndex: -1 },
    { x: x0, y: y1, w: 2, h: 2, number: 3, listIndex: -1 },
    { x: x1, y: y1, w: 2, h: 2, number: 4, listIndex: -1 },
  ];
}

/** Number of edge squares of a width x height board. */
export const perimeterLength = (width: number, height: number): number => 2 * (width + height) - 4;

/** The i-th edge square walking clockwise from the north-west corner (i in 0..perimeter-1). */
export function perimeterSquare(width: number, height: number, i: number): { x: number; y: number } {
  if (i < width) return { x: i, y: 0 };
  i -= width - 1;
  if (i < height) return { x: width - 1, y: i };
  i -= height - 1;
  if (i < width) return { x: width - 1 - i, y: height - 1 };
  i -= width - 1;
  return { x: 0, y: height - 1 - i };
}

/**
 * Default start squares: `players` squares spread evenly clockwise around the edge, seat 0 in
 * the middle of the north edge (so two players face each other, four sit mid-side).
 */
export function defaultStarts(width: number, height: number, players: number): { x: number; y: number }[] {
  const L = perimeterLength(width, height);
  const first = Math.floor((width - 1) / 2);
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < players; i++) out.push(perimeterSquare(width, height, (first + Math.round((i * L) / players)) % L));
  return out;
}

export function layoutOf(rules: SquishRules, players: number): Layout {
  const defaultB = rules.blocks === undefined;
  const blocks: BlockSpec[] = defaultB
    ? defaultBlocks(rules.mode, rules.width, rules.height)
    : rules.blocks!.map((b, i) => ({ x: b.x, y: b.y, w: b.w, h: b.h, number: b.number ?? i + 1, listIndex: i }));
  blocks.sort((a, b) => a.number - b.number);
  const defaultS = rules.starts === undefined;
  const starts = defaultS ? defaultStarts(rules.width, rules.height, players) : rules.starts!.slice(0, players);
  return { width: rules.width, height: rules.height, blocks, starts, defaultBlocks: defaultB, defaultStarts: defaultS };
}

/**
 * The board as summary.json records it (`scenario.setup`, see GameModule.setup): size, every
 * block at its starting position by number, and each seat's start square (seat i = starts[i]).
 */
export function setupOf(rules: SquishRules, players: number): { width: number; height: number; blocks: { number: number; x: number; y: number; w: number; h: number }[]; starts: { seat: number; x: number; y: number }[] } {
  const L = layoutOf(rules, players);
  return {
    width: L.width,
    height: L.height,
    blocks: L.blocks.map((b) => ({ number: b.number, x: b.x, y: b.y, w: b.w, h: b.h })),
    starts: L.starts.map((s, seat) => ({ seat, x: s.x, y: s.y })),
  };
}

const onEdge = (x: number, y: number, w: number, h: number): boolean => x === 0 || y === 0 || x === w - 1 || y === h - 1;

/**
 * Cross-field checks of a board: [field, message] for the first problem, or null.
 * Fields name the scenario entry (`rules.blocks[1]`, `rules.starts[0]`); for a default layout
 * that does not fit the board, the size field is named.
 */
export function checkLayout(rules: SquishRules, players: number): [string, string] | null {
  const { width, height } = rules;
  if (rules.objective !== 'shards' && rules.mode !== 'advanced') return ['rules.objective', `${rules.objective} is a variant of the advanced game; expected mode: advanced, or objective: shards`];
  const board = `the ${width} x ${height} board`;
  const L = layoutOf(rules, players);
  const blockField = (b: BlockSpec) => (b.listIndex >= 0 ? `rules.blocks[${b.listIndex}]` : 'rules.width');
  const blockName = (b: BlockSpec) => (b.listIndex >= 0 ? `block ${b.listIndex}` : `default block ${b.number}`);
  const given = rules.blocks ?? [];
  // Numbers: each of 1..K exactly once.
  const seen = new Map<number, number>();
  for (let i = 0; i < given.length; i++) {
    const n = given[i]!.number ?? i + 1;
    if (n > given.length) return [`rules.blocks[${i}].number`, `is ${n}, but ${given.length} block(s) must be numbered 1-${given.length}`];
    const other = seen.get(n);
    if (other !== undefined) return [`rules.blocks[${i}].number`, `is ${n}, the same as block ${other}; blocks must be numbered 1-${given.length}, each once`];
    seen.set(n, i);
  }
  for (const b of L.blocks) {
    if (b.w > width || b.h > height) return [blockField(b), `${blockName(b)} is ${b.w} x ${b.h}, larger than ${board}`];
    if (b.x + b.w > width || b.y + b.h > height)
      return [blockField(b), `${blockName(b)} at (${b.x}, ${b.y}) of size ${b.w} x ${b.h} runs off ${board}`];
  }
  // Overlaps, reported on the later block in list order at the first shared square.
  const ordered = L.blocks.slice().sort((a, b) => a.listIndex - b.listIndex);
  for (let j = 1; j < ordered.length; j++) {
    const b = ordered[j]!;
    for (let i = 0; i < j; i++) {
      const a = ordered[i]!;
      const x = Math.max(a.x, b.x);
      const y = Math.max(a.y, b.y);
      if (x < Math.min(a.x + a.w, b.x + b.w) && y < Math.min(a.y + a.h, b.y + b.h))
        return [blockField(b), `overlaps ${blockName(a)} at (${x}, ${y})`];
    }
  }
  if (L.starts.length < players)
    return ['rules.starts', `${L.starts.length} start square(s) for ${players} players; give at least one per player`];
  for (let i = 0; i < L.starts.length; i++) {
    const s = L.starts[i]!;
    const field = L.defaultStarts ? 'rules.starts' : `rules.starts[${i}]`;
    const name = L.defaultStarts ? `default start square ${i} (${s.x}, ${s.y})` : `(${s.x}, ${s.y})`;
    if (s.x >= width || s.y >= height) return [field, `${name} is off ${board}`];
    if (!onEdge(s.x, s.y, width, height)) return [field, `${name} is not on the edge of ${board}; start squares lie along the walls`];
    for (const b of L.blocks) {
      if (s.x >= b.x && s.x < b.x + b.w && s.y >= b.y && s.y < b.y + b.h) return [field, `${name} is under ${blockName(b)}`];
    }
    for (let j = 0; j < i; j++) {
      const t = L.starts[j]!;
      if (t.x === s.x && t.y === s.y) return [field, `${name} is the same square as start ${j}`];
    }
  }
  return null;
}

/** Number of blocks the rules put on the board. */
export function blockCountOf(rules: SquishRules): number {
  return rules.blocks?.length ?? (rules.mode === 'simple' ? 1 : 4);
}

/**
 * Most legal actions a position can have: per shard option (none, or one per block in the
 * advanced game), the end squares within 6 king moves (at most 13 x 13) plus 8 pushes of each
 * other marker; 8 directions after a 9.
 */
export function actionCapacityOf(rules: SquishRules, players: number): number {
  const options = 1 + (rules.mode === 'advanced' ? blockCountOf(rules) : 0);
  const squares = Math.min(169, rules.width * rules.height);
  return Math.max(8, options * (squares + 8 * (players - 1)));
}

/**
 * When the collision variants can change play (GameModule.ruleScope): only blocks hit blocks, so
 * both need two or more blocks (the advanced game's default board has four, the simple game's one).
 */
const collisions = (rules: SquishRules): boolean => blockCountOf(rules) >= 2;
const blocksHere = (rules: SquishRules): string => {
  const n = blockCountOf(rules);
  return `this board has ${n} block${n === 1 ? '' : 's'} (mode: ${rules.mode})`;
};
export const squishRuleScope: Readonly<Record<string, RuleScope<SquishRules>>> = {
  forces: {
    when: 'only on a board with two or more blocks (the advanced game\'s default has four, the simple game\'s one), and only when a block is hit a second time before it moves',
    applies: collisions,
    here: blocksHere,
  },
  resolution: {
    when: 'only on a board with two or more blocks (the advanced game\'s default has four, the simple game\'s one), and only once a moving block hits another',
    applies: collisions,
    here: blocksHere,
  },
};
