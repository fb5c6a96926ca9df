/**
 * Squish! the exact squish risk the policies weigh (policies.ts): for every legal move, how many
 * of the next roll's equally likely outcomes squish the mover, and after a 9 what each direction
 * squishes. How: the class comment below. With one block (or before the rolled block first hits
 * another) the roll with force f is a prefix of the roll with force 6, so one replay answers all
 * six forces.
 */
import { SquishState, TRACE_CAP } from './state.js';
import { DX, DY } from './actions.js';
import { type SquishRules, actionCapacityOf } from './params.js';
import { copyBoard } from './positions.js';
import { rollBlock } from './blocks.js';
import { popcount } from './markers.js';
import { loneBlockTrace } from './lone-block-trace.js';

/** Set bits of a force mask (bits 1..6). */
const POPCOUNT = Uint8Array.from({ length: 128 }, (_, m) => popcount(m));

/** Bits f = at..to of a force mask (bit f = squished with force f). */
const forceBits = (at: number, to: number): number => ((1 << (to + 1)) - 1) & ~((1 << at) - 1);

/**
 * The exact risk of every legal move: risk[i] = the number of the next roll's 60·K equally
 * likely outcomes (10 direction faces × 6 forces × K blocks; a 9 counted as the roller's worst
 * direction for the mover, a 0 never squishes) that squish the mover after actions[i].
 *
 * How, per outcome (block, direction, force): the blocks' steps are played once on a scratch
 * board without markers (they do not depend on markers) and recorded; then the markers are
 * replayed over that trace. First the others alone ("base"), marking every square a block or a
 * pushed marker entered; a candidate end square that was never entered cannot be affected
 * (nothing examines it), so only the entered ones are replayed with the mover's marker on
 * them. The marker replay mirrors rules.ts pushChain: a marker on a square the block enters
 * starts a chain in the step direction; if the square beyond the chain is a wall or another
 * block the far marker is squished and the rest move on. (Chains are disjoint lines, so the
 * order they are handled in does not matter.) Traces longer than TRACE_CAP (possible only with
 * cumulative forces) fall back to full rolls on a copy, as does `fullReplays` (for tests).
 */
export class RiskEvaluator {
  /** Blocks only: the scratch board the traces are rolled on. */
  private readonly blocks: SquishState;
  /** Full scratch position (fallback rolls, direction choices). */
  private readonly full: SquishState;
  private readonly cfgStamp: Int32Array;
  private readonly cfgIndex: Int32Array;
  private stamp = 0;
  // Candidates: distinct marker configurations after the move. The first nPlain are plain end
  // squares; the rest are pushes (end square = the pushed marker's square, push direction).
  private readonly candCell: Int32Array;
  private readonly candPush: Int32Array;
  private readonly candPushed: Int32Array;
  private nPlain = 0;
  private nCand = 0;
  private readonly count: Int32Array;
  private readonly sq: Int32Array;
  private readonly nine: Int32Array;
  private readonly actionCand: Int32Array;
  readonly risk: Int32Array;
  /** The denominator of risk: 60 × blocks. */
  readonly outcomes: number;
  /** The 8 directions' squish masks after a 9 (for direction choices). */
  readonly dirSquished = new Int32Array(9);
  // The other markers (x, y), and the replay's working copy (the mover's marker last).
  private readonly ox: Int32Array;
  private readonly oy: Int32Array;
  private nOthers = 0;
  private readonly mx: Int32Array;
  private readonly my: Int32Array;
  private readonly alive: Uint8Array;
  private readonly chain: Int32Array;
  private readonly bx0: Int32Array;
  private readonly by0: Int32Array;
  private readonly bx: Int32Array;
  private readonly by: Int32Array;
  private readonly stepX0 = new Int32Array(TRACE_CAP);
  private readonly stepY0 = new Int32Array(TRACE_CAP);
  private readonly stepX1 = new Int32Array(TRACE_CAP);
  private readonly stepY1 = new Int32Array(TRACE_CAP);
  private readonly posX: Int32Array;
  private readonly posY: Int32Array;
  private readonly dStamp: Int32Array;
  private readonly dAt: Int8Array;
  private dGen = 0;
  private readonly dList: Int32Array;
  private dCount = 0;
  private readonly hitList: Int32Array;
  private hitCount = 0;
  private readonly nineList: Int32Array;
  private readonly passStamp: Int32Array;
  private readonly ownReplay: Int32Array;
  private pass = 0;
  private state: SquishState | null = null;
  /** Trace steps the current scoring replays. */
  private steps = 0;

  constructor(
    rules: SquishRules,
    players: number,
    private readonly fullReplays = false,
  ) {
    this.blocks = new SquishState(rules, players);
    this.full = new SquishState(rules, players);
    const cells = this.blocks.cells;
    const cap = actionCapacityOf(rules, players);
    const K = this.blocks.blockCount;
    this.cfgStamp = new Int32Array(cells);
    this.cfgIndex = new Int32Array(cells);
    this.candCell = new Int32Array(cap);
    this.candPush = new Int32Array(cap);
    this.candPushed = new Int32Array(cap);
    this.count = new Int32Array(cap);
    this.sq = new Int32Array(cap);
    this.nine = new Int32Array(cap);
    this.actionCand = new Int32Array(cap);
    this.risk = new Int32Array(cap);
    this.outcomes = 60 * K;
    this.ox = new Int32Array(players);
    this.oy = new Int32Array(players);
    this.mx = new Int32Array(players);
    this.my = new Int32Array(players);
    this.alive = new Uint8Array(players);
    this.chain = new Int32Array(players);
    this.bx0 = new Int32Array(K);
    this.by0 = new Int32Array(K);
    this.bx = new Int32Array(K);
    this.by = new Int32Array(K);
    this.posX = new Int32Array(K > 1 ? TRACE_CAP * K : 0);
    this.posY = new Int32Array(K > 1 ? TRACE_CAP * K : 0);
    this.dStamp = new Int32Array(cells);
    this.dAt = new Int8Array(cells);
    this.dList = new Int32Array(cells);
    this.hitList = new Int32Array(cap);
    this.nineList = new Int32Array(cap);
    this.passStamp = new Int32Array(cap);
    this.ownReplay = new Int32Array(cap);
  }

  /**
   * countNines false: a 9 is not counted at all, for the risk of the next roller's own marker
   * (the roller chooses the direction and will not squish itself).
   */
  evaluate(s: SquishState, actions: Int32Array, n: number, countNines = true): void {
    this.state = s;
    const me = s.toMove;
    // Distinct marker configurations: plain end squares, then pushes (square, direction).
    const st = ++this.stamp;
    let plain = 0;
    for (let i = 0; i < n; i++) {
      const a = actions[i]!;
      if (a % 9 !== 0) continue;
      const c = s.cellOfSquare(Math.floor(a / 9) % s.squares);
      if (this.cfgStamp[c] !== st) {
        this.cfgStamp[c] = st;
        this.cfgIndex[c] = plain;
        this.candCell[plain] = c;
        this.candPush[plain] = 0;
        plain++;
      }
      this.actionCand[i] = this.cfgIndex[c]!;
    }
    let total = plain;
    for (let i = 0; i < n; i++) {
      const a = actions[i]!;
      const push = a % 9;
      if (push === 0) continue;
      const c = s.cellOfSquare(Math.floor(a / 9) % s.squares);
      let j = plain;
      while (j < total && (this.candCell[j] !== c || this.candPush[j] !== push)) j++;
      if (j === total) {
        this.candCell[j] = c;
        this.candPush[j] = push;
        total++;
      }
      this.actionCand[i] = j;
    }
    this.nPlain = plain;
    this.nCand = total;
    // The other markers on the board.
    let k = 0;
    for (let p = 0; p < s.players; p++) {
      const c = s.markerCell[p]!;
      if (p === me || c < 0) continue;
      this.ox[k] = s.cellX[c]!;
      this.oy[k] = s.cellY[c]!;
      k++;
    }
    this.nOthers = k;
    for (let j = plain; j < total; j++) {
      const c = this.candCell[j]!;
      let o = 0;
      while (this.ox[o] !== s.cellX[c] || this.oy[o] !== s.cellY[c]) o++;
      this.candPushed[j] = o;
    }
    const K = s.blockCount;
    for (let b = 0; b < K; b++) {
      this.bx0[b] = s.blockX[b]!;
      this.by0[b] = s.blockY[b]!;
    }
    const count = this.count;
    const sq = this.sq;
    const nine = this.nine;
    for (let j = 0; j < total; j++) {
      count[j] = 0;
      sq[j] = 0;
      nine[j] = 0;
    }
    const w = this.blocks.work;
    for (let b = 0; b < K; b++) {
      let nines = 0;
      for (let dir = 1; dir <= 8; dir++) {
        this.hitCount = 0;
        this.blockRoll(b, dir, 6);
        // Forces 1..prefix play the first steps of force 6 (nothing differs before a block is hit).
        const prefix = this.fullReplays || w.traceLen > TRACE_CAP ? 0 : w.firstHitAt === 0 ? 6 : w.firstHitAt - 1;
        if (prefix > 0) this.scoreTrace(prefix, true);
        for (let f = prefix + 1; f <= 6; f++) {
          this.blockRoll(b, dir, f);
          if (this.fullReplays || w.traceLen > TRACE_CAP) this.scoreFull(b, dir, f);
          else this.scoreTrace(f, false);
        }
        // Only candidates squished by some force of this direction have anything to add.
        for (let h = 0; h < this.hitCount; h++) {
          const j = this.hitList[h]!;
          count[j]! += POPCOUNT[sq[j]!]!;
          if (nine[j] === 0) this.nineList[nines++] = j;
          nine[j]! |= sq[j]!;
          sq[j] = 0;
        }
      }
      for (let h = 0; h < nines; h++) {
        const j = this.nineList[h]!;
        if (countNines) count[j]! += POPCOUNT[nine[j]!]!;
        nine[j] = 0;
      }
    }
    for (let i = 0; i < n; i++) this.risk[i] = count[this.actionCand[i]!]!;
    this.state = null;
  }

  /** Candidate j is squished with the forces in `bits`. */
  private mark(j: number, bits: number): void {
    if (this.sq[j] === 0) this.hitList[this.hitCount++] = j;
    this.sq[j]! |= bits;
  }

  /** Roll on the blocks-only board, recording the trace and the squares entered. */
  private blockRoll(b: number, dir: number, f: number): void {
    const s = this.state!;
    const sim = this.blocks;
    if (sim.blockCount === 1 && !this.fullReplays) return loneBlockTrace(sim, this.bx0[0]!, this.by0[0]!, dir, f);
    sim.blockX.set(s.blockX);
    sim.blockY.set(s.blockY);
    sim.cellBlock.set(s.cellBlock);
    sim.toMove = s.toMove;
    sim.eventLog.clear();
    const w = sim.work;
    w.track = true;
    w.nextTouchGen();
    rollBlock(sim, b, dir, f);
    w.track = false;
  }

  /**
   * Replay the markers over the current trace for every candidate. prefix: the trace is of
   * force 6 and forces 1..limit are its prefixes (bits f = at..limit); otherwise force `limit`.
   */
  private scoreTrace(limit: number, prefix: boolean): void {
    const w = this.blocks.work;
    // As a prefix, only the steps of the rolled block's first `limit` attempts count (attempt
    // numbers never decrease along the trace; steps of blocks it hit count as 99).
    let steps = w.traceLen;
    if (prefix) while (steps > 0 && w.traceAt[steps - 1]! > limit) steps--;
    this.steps = steps;
    this.prepareTrace();
    const touchLimit = prefix ? limit : 99;
    const pass = ++this.pass;
    // Plain end squares: only those some block or pushed marker entered can be affected.
    this.baseReplay(-1);
    for (let i = 0; i < w.touchCount; i++) {
      const c = w.touchList[i]!;
      if (w.touchAt[c]! <= touchLimit) this.tryPlain(c, limit, prefix, pass);
    }
    for (let i = 0; i < this.dCount; i++) {
      const c = this.dList[i]!;
      if (this.dAt[c]! <= touchLimit) this.tryPlain(c, limit, prefix, pass);
    }
    // Pushes: each moves one of the others. If nothing entered either square of that marker
    // (before or after the push), the others play out as without the push (nothing visits those
    // squares) and the marks above stand; otherwise the push gets its own base replay.
    const stride = this.blocks.stride;
    let own = 0;
    for (let j = this.nPlain; j < this.nCand; j++) {
      const c = this.candCell[j]!;
      const d = this.candPush[j]!;
      const to = c + DY[d]! * stride + DX[d]!;
      if (this.touched(c, 99) || this.touched(to, 99)) this.ownReplay[own++] = j;
      else if (this.touched(c, touchLimit)) this.tryCandidate(j, c, limit, prefix);
    }
    for (let i = 0; i < own; i++) {
      const j = this.ownReplay[i]!;
      const c = this.candCell[j]!;
      this.baseReplay(j);
      if (this.touched(c, touchLimit)) this.tryCandidate(j, c, limit, prefix);
    }
  }

  /** Whether a block (in the trace) or a pushed marker (in the last base replay) entered cell c by attempt `limit`. */
  private touched(c: number, limit: number): boolean {
    const w = this.blocks.work;
    return (w.touchStamp[c] === w.touchGen && w.touchAt[c]! <= limit) || (this.dStamp[c] === this.dGen && this.dAt[c]! <= limit);
  }

  private tryPlain(c: number, limit: number, prefix: boolean, pass: number): void {
    if (this.cfgStamp[c] !== this.stamp) return;
    const j = this.cfgIndex[c]!;
    if (this.passStamp[j] === pass) return;
    this.passStamp[j] = pass;
    this.tryCandidate(j, c, limit, prefix);
  }

  /** Replay candidate j (the mover on cell c) over the trace and mark the forces that squish it. */
  private tryCandidate(j: number, c: number, limit: number, prefix: boolean): void {
    const s = this.state!;
    const n = this.nOthers;
    this.loadOthers(j >= this.nPlain ? j : -1);
    // The marker stands still until a block first enters its square.
    const w = this.blocks.work;
    const from = w.touchStamp[c] === w.touchGen ? w.touchStep[c]! : 0;
    let at = this.replayLone(n, s.cellX[c]!, s.cellY[c]!, from);
    if (at < 0) {
      this.mx[n] = s.cellX[c]!;
      this.my[n] = s.cellY[c]!;
      at = this.replayMarkers(n + 1, n, false);
    }
    if (at === 0) return;
    if (!prefix) this.mark(j, 1 << limit);
    else if (at <= limit) this.mark(j, forceBits(at, limit));
  }

  /** The others alone over the trace (candidate j's push applied, or none for -1), marking where they were pushed. */
  private baseReplay(j: number): void {
    const s = this.state!;
    const w = this.blocks.work;
    const n = this.nOthers;
    this.loadOthers(j);
    this.dGen++;
    this.dCount = 0;
    // Markers only move when a block enters their square (or a chain starting there pushes
    // them), so if no other marker stands on an entered square none of them moves.
    let entered = false;
    for (let o = 0; o < n && !entered; o++) entered = w.touchStamp[s.cellAt(this.mx[o]!, this.my[o]!)] === w.touchGen;
    if (entered) this.replayMarkers(n, -1, true);
  }

  private loadOthers(pushCand: number): void {
    const n = this.nOthers;
    for (let o = 0; o < n; o++) {
      this.mx[o] = this.ox[o]!;
      this.my[o] = this.oy[o]!;
    }
    if (pushCand >= 0) {
      const o = this.candPushed[pushCand]!;
      const d = this.candPush[pushCand]!;
      this.mx[o]! += DX[d]!;
      this.my[o]! += DY[d]!;
    }
  }

  /**
   * The mover's marker over the trace as if alone, the others doing what they did in the base
   * replay: the attempt at which it is squished, 0 if never, or -1 if it may meet another
   * marker (then the full replay decides). It cannot meet one unless it stands on, or is pushed
   * onto, a square another marker stood on or was pushed onto in the base replay (a chain of
   * the others walks only over such squares); short of that, neither affects the other.
   */
  private replayLone(n: number, x: number, y: number, from: number): number {
    const sim = this.blocks;
    const dStamp = this.dStamp;
    const dGen = this.dGen;
    if (dStamp[sim.cellAt(x, y)] === dGen) return -1;
    const w = sim.work;
    const K = sim.blockCount;
    const X0 = this.stepX0;
    const X1 = this.stepX1;
    const Y0 = this.stepY0;
    const Y1 = this.stepY1;
    const steps = this.steps;
    for (let i = from; i < steps; i++) {
      if (x < X0[i]! || x >= X1[i]! || y < Y0[i]! || y >= Y1[i]!) continue;
      const px = x + w.traceDx[i]!;
      const py = y + w.traceDy[i]!;
      if (px < 0 || py < 0 || px >= sim.width || py >= sim.height) return w.traceAt[i]!;
      for (let o = 0; o < n; o++) if (this.mx[o] === px && this.my[o] === py) return -1;
      if (dStamp[sim.cellAt(px, py)] === dGen) return -1;
      if (K > 1 && this.blockedByOther(px, py, i)) return w.traceAt[i]!;
      x = px;
      y = py;
    }
    return 0;
  }

  /** Whether (x, y) is under a block other than the one moving at trace step i. */
  private blockedByOther(x: number, y: number, i: number): boolean {
    const sim = this.blocks;
    const K = sim.blockCount;
    const b = sim.work.traceBlock[i]!;
    const o = i * K;
    for (let k = 0; k < K; k++) {
      if (k === b) continue;
      const bx = this.posX[o + k]!;
      const by = this.posY[o + k]!;
      if (x >= bx && x < bx + sim.blockW[k]! && y >= by && y < by + sim.blockH[k]!) return true;
    }
    return false;
  }

  /** Per trace step: the moving block's footprint after the step, and (several blocks) every block's position. */
  private prepareTrace(): void {
    const sim = this.blocks;
    const w = sim.work;
    const K = sim.blockCount;
    const bx = this.bx;
    const by = this.by;
    for (let k = 0; k < K; k++) {
      bx[k] = this.bx0[k]!;
      by[k] = this.by0[k]!;
    }
    const steps = this.steps;
    for (let i = 0; i < steps; i++) {
      const b = w.traceBlock[i]!;
      const nx = bx[b]! + w.traceDx[i]!;
      const ny = by[b]! + w.traceDy[i]!;
      bx[b] = nx;
      by[b] = ny;
      this.stepX0[i] = nx;
      this.stepY0[i] = ny;
      this.stepX1[i] = nx + sim.blockW[b]!;
      this.stepY1[i] = ny + sim.blockH[b]!;
      if (K > 1) {
        const o = i * K;
        for (let k = 0; k < K; k++) {
          this.posX[o + k] = bx[k]!;
          this.posY[o + k] = by[k]!;
        }
      }
    }
  }

  /**
   * Markers mx/my[0..n) over the trace; marks the squares they are pushed onto when `mark`.
   * Returns the trace's attempt index at which marker `me` is squished, or 0.
   */
  private replayMarkers(n: number, me: number, mark: boolean): number {
    const sim = this.blocks;
    const w = sim.work;
    const K = sim.blockCount;
    const W = sim.width;
    const H = sim.height;
    const mx = this.mx;
    const my = this.my;
    const alive = this.alive;
    const chain = this.chain;
    for (let m = 0; m < n; m++) alive[m] = 1;
    const steps = this.steps;
    for (let i = 0; i < steps; i++) {
      const dx = w.traceDx[i]!;
      const dy = w.traceDy[i]!;
      const nx = this.stepX0[i]!;
      const ny = this.stepY0[i]!;
      const x1 = this.stepX1[i]!;
      const y1 = this.stepY1[i]!;
      for (let m = 0; m < n; m++) {
        if (alive[m] === 0) continue;
        const x = mx[m]!;
        const y = my[m]!;
        // Markers never stand on a block, so one inside the new footprint is on an entered square.
        if (x < nx || x >= x1 || y < ny || y >= y1) continue;
        let len = 0;
        let px = x;
        let py = y;
        let cur = m;
        while (cur >= 0) {
          chain[len++] = cur;
          px += dx;
          py += dy;
          cur = -1;
          for (let o = 0; o < n; o++)
            if (alive[o] !== 0 && mx[o] === px && my[o] === py) {
              cur = o;
              break;
            }
        }
        const blocked = px < 0 || py < 0 || px >= W || py >= H || (K > 1 && this.blockedByOther(px, py, i));
        if (blocked) {
          const far = chain[--len]!;
          alive[far] = 0;
          if (far === me) return w.traceAt[i]!;
        }
        for (let k = 0; k < len; k++) {
          const o = chain[k]!;
          mx[o]! += dx;
          my[o]! += dy;
          if (mark) {
            const c = sim.cellAt(mx[o]!, my[o]!);
            if (this.dStamp[c] !== this.dGen) {
              this.dStamp[c] = this.dGen;
              this.dAt[c] = w.traceAt[i]!;
              this.dList[this.dCount++] = c;
            }
          }
        }
      }
    }
    return 0;
  }

  /** Force f, every candidate played out on a full copy of the position (exact, slow). */
  private scoreFull(b: number, dir: number, f: number): void {
    const s = this.state!;
    const me = s.toMove;
    const full = this.full;
    for (let j = 0; j < this.nCand; j++) {
      copyBoard(full, s);
      const P = full.markerCell[me]!;
      full.cellMarker[P] = -1;
      if (j >= this.nPlain) {
        const from = this.candCell[j]!;
        const to = from + full.step[this.candPush[j]!]!;
        const m = full.cellMarker[from]!;
        full.cellMarker[from] = -1;
        full.cellMarker[to] = m;
        full.markerCell[m] = to;
      }
      const c = this.candCell[j]!;
      full.cellMarker[c] = me;
      full.markerCell[me] = c;
      rollBlock(full, b, dir, f);
      if ((full.rollSquished & (1 << me)) !== 0) this.mark(j, 1 << f);
    }
  }

  /** After a 9: dirSquished[d] = seats squished if the block goes in direction d with the rolled force. */
  evaluateDirections(s: SquishState): void {
    const full = this.full;
    for (let d = 1; d <= 8; d++) {
      copyBoard(full, s);
      rollBlock(full, s.dieBlock, d, s.force);
      this.dirSquished[d] = full.rollSquished;
    }
  }
}
