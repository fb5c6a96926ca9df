/**
 * Squish! risk (risk.ts), the one-block case: the trace of a roll on a board with a single block,
 * computed directly instead of by the rules' general block resolution. With one block the block
 * can only meet the wall, so its steps follow from the bounce rule alone (rules.ts bounceDir:
 * straight on, reverse; at an angle flip the blocked component, or reverse if both are; wedged if
 * the new direction is blocked too). It writes the same trace and touched squares `rollBlock`
 * records with `work.track` on; policies.test.ts checks the result against the rules.
 */
import type { SquishState } from './state.js';
import { DX, DY, dirOf, reverseDir } from './actions.js';

/** Note that a block entered cell c at attempt `at`, trace step `step` (the first entry only). */
function touchAt(w: SquishState['work'], c: number, at: number, step: number): void {
  if (w.touchStamp[c] === w.touchGen) return;
  w.touchStamp[c] = w.touchGen;
  w.touchAt[c] = at;
  w.touchStep[c] = step;
  w.touchList[w.touchCount++] = c;
}

/** Roll block 0 of `sim`, standing at (x, y), in direction dir with force f: its trace into sim.work. */
export function loneBlockTrace(sim: SquishState, x: number, y: number, dir: number, f: number): void {
  const w = sim.work;
  const W = sim.width;
  const H = sim.height;
  const bw = sim.blockW[0]!;
  const bh = sim.blockH[0]!;
  const stride = sim.stride;
  w.nextTouchGen();
  w.traceLen = 0;
  w.firstHitAt = 0;
  let d = dir;
  for (let attempt = 1; attempt <= f; attempt++) {
    let dx = DX[d]!;
    let dy = DY[d]!;
    if (x + dx < 0 || y + dy < 0 || x + dx + bw > W || y + dy + bh > H) {
      if (dx === 0 || dy === 0) d = reverseDir(d);
      else {
        const bx = x + dx < 0 || x + dx + bw > W;
        const by = y + dy < 0 || y + dy + bh > H;
        d = bx && !by ? dirOf(-dx, dy) : by && !bx ? dirOf(dx, -dy) : reverseDir(d);
      }
      dx = DX[d]!;
      dy = DY[d]!;
      if (x + dx < 0 || y + dy < 0 || x + dx + bw > W || y + dy + bh > H) break; // wedged
    }
    const k = w.traceLen;
    // The squares entered: the leading column, then the leading row without its corner.
    if (dx !== 0) {
      let c = (y + dy + 1) * stride + (dx > 0 ? x + bw : x - 1) + 1;
      for (let i = 0; i < bh; i++, c += stride) touchAt(w, c, attempt, k);
    }
    if (dy !== 0) {
      let c = ((dy > 0 ? y + bh : y - 1) + 1) * stride + x + dx + 1;
      let len = bw;
      if (dx !== 0) {
        len--;
        if (dx < 0) c++;
      }
      for (let i = 0; i < len; i++, c++) touchAt(w, c, attempt, k);
    }
    w.traceBlock[k] = 0;
    w.traceDx[k] = dx;
    w.traceDy[k] = dy;
    w.traceAt[k] = attempt;
    w.traceLen = k + 1;
    x += dx;
    y += dy;
  }
}
