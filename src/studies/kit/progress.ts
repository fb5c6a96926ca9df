/**
 * Progress on stderr: on a terminal, a live line (bar, games done, games/s, ETA) redrawn at
 * most ten times a second; otherwise (CI logs, nohup, a pipe) a plain line every 30 seconds,
 * so a long run's log shows it is alive and when it will end. Silent with --quiet.
 */
import type { CliIO } from './io.js';

export class Progress {
  private readonly started = Date.now();
  private lastDraw = 0;
  private drawn = false;
  /** Seconds between plain log lines when stderr is not a terminal. */
  static readonly LOG_EVERY_S = 30;

  constructor(
    private readonly io: CliIO,
    private readonly total: number,
    private readonly enabled: boolean,
  ) {}

  update(done: number): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (!this.io.interactive) {
      if (now - Math.max(this.lastDraw, this.started) < Progress.LOG_EVERY_S * 1000 || done >= this.total) return;
      this.lastDraw = now;
      this.io.err(`${progressLine(done, this.total, (now - this.started) / 1000, 80)}\n`);
      return;
    }
    if (now - this.lastDraw < 100 && done < this.total) return;
    this.lastDraw = now;
    this.drawn = true;
    this.io.err(`\r${progressLine(done, this.total, (now - this.started) / 1000, this.io.columns)}\x1b[K`);
  }

  /** Print a line of its own (a warning) without breaking the live line: it is redrawn at the next update. */
  note(text: string): void {
    if (this.drawn) this.io.err('\n');
    this.drawn = false;
    this.io.err(text);
  }

  finish(): void {
    if (this.drawn) this.io.err('\n');
  }
}

export function progressLine(done: number, total: number, seconds: number, columns: number): string {
  const rate = seconds > 0 ? done / seconds : 0;
  const eta = rate > 0 ? (total - done) / rate : NaN;
  const text = ` ${((100 * done) / total).toFixed(1).padStart(5)}%  ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} games  ${Math.round(rate).toLocaleString('en-US')} games/s  ETA ${formatSeconds(eta)}`;
  const width = Math.max(10, Math.min(40, columns - text.length - 3));
  const filled = Math.round((width * done) / total);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]${text}`;
}

export function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '--';
  if (s < 60) return `${Math.ceil(s)}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
