/**
 * The planner's priority queue (planner.ts): an indexed binary min-heap of waypoints keyed by
 * dist + h, read from the planner's own arrays when a waypoint is put in or moved (`update`)
 * and kept per waypoint, so the sifts compare one stored number instead of adding two at every
 * comparison. Typed arrays sized by the planner; nothing allocates per query.
 */
export class WaypointQueue {
  /** heap[0 .. size) holds waypoints; pos[i] is i's place in it (-1: not in it). */
  private heap = new Int32Array(0);
  private pos = new Int32Array(0);
  size = 0;
  /** The planner's distance and heuristic per waypoint (the key is their sum). */
  private dist: Float64Array = new Float64Array(0);
  private h: Float64Array = new Float64Array(0);
  /**
   * keys[i] = dist[i] + h[i] as of i's last update: the planner changes a queued waypoint's
   * dist only through `update`, so this is the sum the sifts used to compute afresh.
   */
  private keys = new Float64Array(0);

  /** Room for `need` waypoints, keyed by dist[i] + h[i] (the planner's arrays, kept by reference). */
  resize(need: number, dist: Float64Array, h: Float64Array): void {
    this.heap = new Int32Array(need);
    this.pos = new Int32Array(need);
    this.keys = new Float64Array(need);
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

  /** Put waypoint i in the queue or move it after its key changed (removed if infinite). */
  update(i: number): void {
    let p = this.pos[i]!;
    const key = this.dist[i]! + this.h[i]!;
    this.keys[i] = key;
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
    const keys = this.keys;
    const key = keys[i]!;
    while (p > 0) {
      const q = (p - 1) >> 1;
      const j = heap[q]!;
      if (keys[j]! <= key) break;
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
    const keys = this.keys;
    const i = heap[p]!;
    const key = keys[i]!;
    for (;;) {
      let c = 2 * p + 1;
      if (c >= this.size) break;
      if (c + 1 < this.size && keys[heap[c + 1]!]! < keys[heap[c]!]!) c++;
      const j = heap[c]!;
      if (keys[j]! >= key) break;
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
