/**
 * Squish! game state: typed arrays allocated once per worker, rewound by `reset` for each game.
 *
 * The board is stored padded: a ring of wall cells surrounds the W x H squares, so a cell index
 * is c = (y + 1) * stride + (x + 1) with stride = W + 2, and a one-square step in direction d is
 * c + dy * stride + dx. Stepping onto the ring is stepping into the wall; no bounds checks.
 *  - cellBlock[c]: WALL on the ring, EMPTY, or the index of the block covering the square
 *    (block index = block number - 1).
 *  - cellMarker[c]: EMPTY or the seat whose marker stands there; markerCell[seat] is the inverse
 *    (-1 while a marker is off the board: squished in the simple game, or mid-roll).
 * Squares in actions and in the rules are unpadded: q = y * W + x.
 *
 * Working buffers that never outlive one call of apply / legalActions (block-resolution queue,
 * movement reach, policy traces) live in `work`, a non-enumerable property: they are not part of the
 * position, so `copy` skips them and state comparisons (Object.keys) do not see them.
 */
import type { GameState } from '../../sim/types.js';
import { type SquishRules, layoutOf, perimeterLength, perimeterSquare } from './params.js';
import { GameHeader } from '../kit/game-header.js';
import { type EventLog, attachEventLog } from '../kit/event-log.js';

export const EMPTY = -1;
export const WALL = -2;
/** Bit of an obstacle mask that stands for the wall (bits 0..7 are blocks). */
export const WALL_BIT = 256;

export const PHASE_DIRECTION = 0; // the roller rolled a 9 and chooses the direction
export const PHASE_MOVE = 1; // the mover chooses where its marker ends
export const PHASE_OVER = 2;

// Events of the rolls since the last decision (the kit's EventLog): type, then block, a, b, c, d.
export const EV_START = 1; // block, dir, force, x, y: the block starts moving
export const EV_BOUNCE = 2; // block, fromDir, toDir, force left, obstacle mask (WALL_BIT | block bits)
export const EV_HIT = 3; // hitter, target, force, dir, effect (HIT_*)
export const EV_TRANSMIT = 4; // block, blocks mask it passes the hit to, force, dir
export const EV_SQUISH = 5; // block, seat, x, y
export const EV_WEDGED = 6; // block, force lost, x, y
export const EV_STOP = 7; // block, x, y, steps taken
export const EV_ROLL = 8; // block, seat, face (0-9), dir, force: a roll starts (face 0 = no move)
export const EVENT_CAP = 256;
export const TRACE_CAP = 4096;

export const HIT_NONE = 0; // the target already moved (or started the roll): no effect
export const HIT_NEW = 1; // the target's first hit: it will move
export const HIT_ADDED = 2; // cumulative forces: added to the target's pending force
export const HIT_IGNORED = 3; // first-hit forces: a second hit before it moves, no effect

/** Per-block flags during a roll. */
export const F_MOVED = 1; // has moved (or started the roll, or passed its hit on): hits have no effect
export const F_PENDING = 2; // hit, waiting to move
export const F_ACTIVE = 4; // simultaneous resolution: moving tick by tick

/** Int32s per shard option in SquishWork.optionRows: three sets of 13 window rows. */
export const OPTION_ROWS = 3 * 13;

/** Transient working buffers of one state (see the file comment). */
export class SquishWork {
  // Block resolution.
  readonly flags: Uint8Array;
  readonly pendForce: Int32Array;
  readonly pendDir: Int8Array;
  readonly bDir: Int8Array;
  readonly bForce: Int32Array;
  readonly queue: Int8Array;
  qLen = 0;
  /** Blocks that received their first hit since the last time the queue was fed (bit mask). */
  newlyHit = 0;
  /** True while the rolled block makes its own moves; originAttempt counts its step attempts. */
  originPhase = false;
  originAttempt = 0;
  /** The origin's attempt at which it first hit a block (0 = none yet). */
  firstHitAt = 0;
  /** Cells the moving block is about to enter (filled by scanStep). */
  readonly enter: Int32Array;
  enterCount = 0;

  // Policy support (scratch rolls with track = true): the squares blocks entered, and when, and
  // every unit step of every block in order.
  track = false;
  touchGen = 0;
  readonly touchStamp: Int32Array;
  readonly touchAt: Int8Array;
  /** The trace index of the step that first touched each square. */
  readonly touchStep: Int32Array;
  /** The touched squares in the order first touched. */
  readonly touchList: Int32Array;
  touchCount = 0;
  /** Seat whose squish is watched, and the origin attempt at which it happened (0 = not squished, 99 = after the origin). */
  watchSeat = -1;
  watchAt = 0;
  readonly traceBlock = new Int8Array(TRACE_CAP);
  readonly traceDx = new Int8Array(TRACE_CAP);
  readonly traceDy = new Int8Array(TRACE_CAP);
  /** The rolled block's attempt during which the step happened (99 = a later block's step). */
  readonly traceAt = new Int8Array(TRACE_CAP);
  /** Steps of the roll; more than TRACE_CAP means the trace is incomplete. */
  traceLen = 0;

  /** checkInvariants' block grid, rebuilt from the block positions. */
  readonly expectGrid: Int8Array;

  // The movement phase's reach, as bit rows over a window of at most 13 x 13 squares: free
  // squares and other markers per row, and levels 0..6 of 13 rows each (see enumerateMoves).
  readonly freeRow = new Int32Array(13);
  readonly markerRow = new Int32Array(13);
  readonly reach = new Int32Array(7 * 13);
  readonly reachK = new Int32Array(7 * 13);
  /** Per other marker in the window: the directions (bit d) it may be pushed in, if reached (-1: not yet known). */
  readonly pushTargets = new Int32Array(8);
  /** The window of the last reach: its north-west square, its rows, its last column's bit. */
  windowX0 = 0;
  windowY0 = 0;
  windowRows = 0;
  windowLastBit = 0;
  /**
   * countActions' record for actionAt (move-count.ts), per shard option o = 0..K: its number of
   * end states, and its end-level rows, level-before-the-end rows and actions per row at
   * o * OPTION_ROWS + 0, 13 and 26 (the rows for o >= 1 only: block options' levels share reachK,
   * so they are kept here; the plain option's stay in reach).
   */
  readonly optionCount: Int32Array;
  readonly optionRows: Int32Array;

  constructor(blocks: number, cells: number, side: number) {
    this.flags = new Uint8Array(blocks);
    this.pendForce = new Int32Array(blocks);
    this.pendDir = new Int8Array(blocks);
    this.bDir = new Int8Array(blocks);
    this.bForce = new Int32Array(blocks);
    this.queue = new Int8Array(blocks);
    this.enter = new Int32Array(2 * side + 2);
    this.touchStamp = new Int32Array(cells);
    this.expectGrid = new Int8Array(cells);
    this.touchAt = new Int8Array(cells);
    this.touchList = new Int32Array(cells);
    this.touchStep = new Int32Array(cells);
    this.optionCount = new Int32Array(blocks + 1);
    this.optionRows = new Int32Array((blocks + 1) * OPTION_ROWS);
  }

  /** Start recording touched squares afresh (touchList empties). */
  nextTouchGen(): number {
    if (this.touchGen >= 0x3fffffff) {
      this.touchGen = 0;
      this.touchStamp.fill(0);
    }
    this.touchCount = 0;
    return ++this.touchGen;
  }
}

export class SquishState extends GameHeader implements GameState {
  // The board (fixed for the state's lifetime).
  readonly advanced: boolean;
  /** Advanced game, objective last-marker-standing: a squished marker is out (no restart). */
  readonly lastStanding: boolean;
  readonly cumulative: boolean;
  readonly simultaneous: boolean;
  readonly width: number;
  readonly height: number;
  readonly stride: number;
  /** Padded cells, (W + 2) * (H + 2). */
  readonly cells: number;
  /** Board squares, W * H. */
  readonly squares: number;
  readonly blockCount: number;
  readonly blockW: Int8Array;
  readonly blockH: Int8Array;
  readonly startX: Int8Array;
  readonly startY: Int8Array;
  readonly blockStartX: Int8Array;
  readonly blockStartY: Int8Array;
  /** Board coordinates of each padded cell (-1 on the wall ring). */
  readonly cellX: Int8Array;
  readonly cellY: Int8Array;
  /** Offsets of the 8 neighbouring cells, directions 1..8 at indices 1..8. */
  readonly step: Int32Array;
  readonly startCell: Int32Array;
  /** Index of each seat's start square on the clockwise edge walk (for restart ties). */
  readonly startPerimeter: Int16Array;
  /**
   * The layout's start squares in scenario order; each game gives seat p square
   * startOrder[p] of them (the identity unless rules.setup is random), in startX/Y/Cell/Perimeter.
   */
  readonly layoutStartX: Int8Array;
  readonly layoutStartY: Int8Array;
  readonly layoutStartCell: Int32Array;
  readonly layoutStartPerimeter: Int16Array;
  readonly startOrder: Int8Array;
  readonly perimeter: number;
  /** The edge squares' cells, clockwise from the north-west corner. */
  readonly perimeterCell: Int32Array;
  /** All shards of the advanced game: bits 0..K-1. */
  readonly allShards: number;

  // The position.
  phase = PHASE_MOVE;
  /** This turn's dice: direction face 0-9, force 1-6, block index, movement points 1-6. */
  dieFace = 0;
  force = 0;
  dieBlock = 0;
  mp = 0;
  readonly blockX: Int8Array;
  readonly blockY: Int8Array;
  readonly cellBlock: Int8Array;
  readonly cellMarker: Int8Array;
  readonly markerCell: Int32Array;
  onBoard = 0;
  /** Shards held per seat (bit k = the shard of block k + 1). */
  readonly held: Uint8Array;

  // The last roll (for counters and policies) and the events of every roll since the last decision (for traces).
  rollSeat = -1;
  rollFace = 0;
  rollDir = 0;
  rollForce = 0;
  rollBlock = 0;
  rollSteps = 0;
  rollBounces = 0;
  rollHits = 0;
  /** Blocks that moved during the roll (the rolled one included). */
  rollMoved = 0;
  /** Seats squished by the roll (bit mask). */
  rollSquished = 0;
  /** Events since the last decision, for traces (see the kit's event-log.ts): non-enumerable. */
  declare readonly eventLog: EventLog;

  // Per-game measurements (see metrics.ts); reset with the game.
  squishes = 0;
  /** 1-based turn of the game's first squish, 0 if none yet. */
  firstSquishTurn = 0;
  rolls = 0;
  noMoveRolls = 0;
  chooseRolls = 0;
  blockSteps = 0;
  bounces = 0;
  blockHits = 0;
  chainBlocks = 0;
  transmissions = 0;
  wedged = 0;
  pushes = 0;
  shardsCollected = 0;
  shardsLost = 0;
  readonly blockMoves: Int32Array;
  /**
   * Per padded cell: unit steps of a block onto that square this game (each square a block
   * newly covers in one step counts once; the squares under a block at the start do not).
   * The `squares` metric table's heat map; 0 on the wall ring.
   */
  readonly blockEntries: Uint32Array;
  readonly seatSquished: Int32Array;
  readonly seatSquishesCaused: Int32Array;
  readonly seatSelfSquishes: Int32Array;
  readonly seatShards: Int32Array;
  readonly seatShardsLost: Int32Array;
  readonly seatPushes: Int32Array;

  /** Working buffers (see the file comment): a non-enumerable own property, so Object.keys skips it. */
  declare readonly work: SquishWork;

  constructor(
    readonly rules: SquishRules,
    readonly players: number,
  ) {
    super();
    const layout = layoutOf(rules, players);
    this.advanced = rules.mode === 'advanced';
    this.lastStanding = this.advanced && rules.objective === 'last-marker-standing';
    this.cumulative = rules.forces === 'cumulative';
    this.simultaneous = rules.resolution === 'simultaneous';
    const W = rules.width;
    const H = rules.height;
    this.width = W;
    this.height = H;
    this.stride = W + 2;
    this.cells = (W + 2) * (H + 2);
    this.squares = W * H;
    const K = layout.blocks.length;
    this.blockCount = K;
    this.allShards = (1 << K) - 1;
    this.blockW = Int8Array.from(layout.blocks, (b) => b.w);
    this.blockH = Int8Array.from(layout.blocks, (b) => b.h);
    this.blockStartX = Int8Array.from(layout.blocks, (b) => b.x);
    this.blockStartY = Int8Array.from(layout.blocks, (b) => b.y);
    this.startX = Int8Array.from(layout.starts, (s) => s.x);
    this.startY = Int8Array.from(layout.starts, (s) => s.y);
    this.cellX = new Int8Array(this.cells).fill(-1);
    this.cellY = new Int8Array(this.cells).fill(-1);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        this.cellX[this.cellAt(x, y)] = x;
        this.cellY[this.cellAt(x, y)] = y;
      }
    this.step = new Int32Array(9);
    const DXS = [0, 0, 1, 1, 1, 0, -1, -1, -1];
    const DYS = [0, -1, -1, 0, 1, 1, 1, 0, -1];
    for (let d = 1; d <= 8; d++) this.step[d] = DYS[d]! * this.stride + DXS[d]!;
    this.startCell = new Int32Array(players);
    this.startPerimeter = new Int16Array(players);
    this.perimeter = perimeterLength(W, H);
    this.perimeterCell = new Int32Array(this.perimeter);
    for (let i = 0; i < this.perimeter; i++) {
      const e = perimeterSquare(W, H, i);
      this.perimeterCell[i] = this.cellAt(e.x, e.y);
    }
    for (let p = 0; p < players; p++) {
      const s = layout.starts[p];
      if (!s) continue; // an invalid setup (checkSetup reports it); keep construction total
      this.startCell[p] = this.cellAt(s.x, s.y);
      for (let i = 0; i < this.perimeter; i++) {
        const e = perimeterSquare(W, H, i);
        if (e.x === s.x && e.y === s.y) this.startPerimeter[p] = i;
      }
    }
    this.layoutStartX = this.startX.slice();
    this.layoutStartY = this.startY.slice();
    this.layoutStartCell = this.startCell.slice();
    this.layoutStartPerimeter = this.startPerimeter.slice();
    this.startOrder = new Int8Array(players);
    for (let p = 0; p < players; p++) this.startOrder[p] = p;
    this.blockX = new Int8Array(K);
    this.blockY = new Int8Array(K);
    this.cellBlock = new Int8Array(this.cells);
    this.cellMarker = new Int8Array(this.cells).fill(EMPTY);
    this.markerCell = new Int32Array(players).fill(-1);
    this.held = new Uint8Array(players);
    attachEventLog(this, EVENT_CAP);
    this.blockMoves = new Int32Array(K);
    this.blockEntries = new Uint32Array(this.cells);
    this.seatSquished = new Int32Array(players);
    this.seatSquishesCaused = new Int32Array(players);
    this.seatSelfSquishes = new Int32Array(players);
    this.seatShards = new Int32Array(players);
    this.seatShardsLost = new Int32Array(players);
    this.seatPushes = new Int32Array(players);
    Object.defineProperty(this, 'work', { value: new SquishWork(K, this.cells, Math.max(W, H)), enumerable: false, writable: false });
  }

  /** Padded cell index of square (x, y). */
  cellAt(x: number, y: number): number {
    return (y + 1) * this.stride + x + 1;
  }

  /** Unpadded square index (as in actions) of a padded cell. */
  squareOf(cell: number): number {
    return this.cellY[cell]! * this.width + this.cellX[cell]!;
  }

  /** Padded cell of an unpadded square index. */
  cellOfSquare(q: number): number {
    const y = Math.floor(q / this.width);
    return this.cellAt(q - y * this.width, y);
  }
}
