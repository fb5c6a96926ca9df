/**
 * The planner's priority queue (planner.ts): an indexed binary min-heap of waypoints keyed by
 * dist + h, read from the planner's own arrays, so a key change is one update and nothing is
 * copied. Typed arrays sized by the planner; nothing allocates per query.
 */
export class WaypointQueue {
  /** heap[0 .. size) holds waypoints; pos[i] is i's place in it (-1: not in it). */
  private heap = new Int32Array(0);
  private pos = new Int32Array(0);
  size = 0;
  /** The planner's distance and heuristic per waypoint (the key is their sum). */
  private dist: Float64Array = new Float64Array(0);
  private h: Float64Array = new Float64Array(0);

  /** Room for `need` waypoints, keyed by dist[i] + h[i] (the planner's arrays, kept by reference). */
  resize(need: number, dist: Float64Array, h: Float64Array): void {
    this.heap = new Int32Array(need);
    this.pos = new Int32Array(need);
    this.dist = dist;
    this.h = h;
  }

  /** Empty, for a query on waypoints [0, n). */
  clear(n: number): void {
    for (let i = 0; i < n; i++) this.pos[i] = -1;
    this.size = 0;
  }

  /** The waypoint with the least key (the queue must not be empty). */
  top(): number {
    return this.heap[0]!;
  }

  private key(i: number): number {
    return this.dist[i]! + this.h[i]!;
  }

  /** Put waypoint i in the queue or move it after its key changed (removed if infinite). */
  update(i: number): void {
    let p = this.pos[i]!;
    const key = this.key(i);
    if (p < 0) {
      if (key === Infinity) return;
      p = this.size++;
    } else if (key === Infinity) {
      this.removeAt(p);
      return;
    }
    // Sift up, then down (one of them is a no-op).
    this.siftDown(this.siftUp(p, i));
  }

  /** Move waypoint i, to go at place p, up past the parents with a larger key; returns its place. */
  private siftUp(p: number, i: number): number {
    const heap = this.heap;
    const key = this.key(i);
    while (p > 0) {
      const q = (p - 1) >> 1;
      const j = heap[q]!;
      if (this.key(j) <= key) break;
      heap[p] = j;
      this.pos[j] = p;
      p = q;
    }
    heap[p] = i;
    this.pos[i] = p;
    return p;
  }

  private siftDown(p: number): void {
    const heap = this.heap;
    const i = heap[p]!;
    const key = this.key(i);
    for (;;) {
      let c = 2 * p + 1;
      if (c >= this.size) break;
      if (c + 1 < this.size && this.key(heap[c + 1]!) < this.key(heap[c]!)) c++;
      const j = heap[c]!;
      if (this.key(j) >= key) break;
      heap[p] = j;
      this.pos[j] = p;
      p = c;
    }
    heap[p] = i;
    this.pos[i] = p;
  }

  /** Take out the waypoint with the least key. */
  pop(): void {
    this.removeAt(0);
  }

  /** Take out the waypoint at place p, putting the last one there. */
  private removeAt(p: number): void {
    const heap = this.heap;
    const gone = heap[p]!;
    this.pos[gone] = -1;
    const last = heap[--this.size]!;
    if (p === this.size) return;
    // The moved element may need to go either way.
    this.siftDown(this.siftUp(p, last));
  }
}
