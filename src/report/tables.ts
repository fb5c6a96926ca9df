/**
 * The report's tables as arquero data frames, written as CSV (text cells neutralised against
 * formula injection) and as Arrow IPC files.
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import type { Summary } from '../sim/stats/summary.js';
import { neutraliseCsvText } from './escape.js';
import { sheetsOf, sheetTitle } from './balance-report.js';

export interface ReportTable {
  id: string;
  title: string;
  table: ColumnTable;
}

const round = (x: number, digits = 6) => Number(x.toFixed(digits));

export function reportTables(s: Summary): ReportTable[] {
  const tables: ReportTable[] = [
    {
      id: 'seats',
      title: 'Seats',
      table: aq.table({
        seat: s.seats.map((r) => r.seat),
        policy: s.seats.map((r) => r.policy),
        wins: s.seats.map((r) => r.wins),
        winRate: s.seats.map((r) => round(r.winRate)),
        ciLow: s.seats.map((r) => round(r.winRateCI[0])),
        ciHigh: s.seats.map((r) => round(r.winRateCI[1])),
        movedFirst: s.seats.map((r) => r.firstMoves),
      }),
    },
    {
      id: 'policies',
      title: 'Policies',
      table: aq.table({
        policy: s.policies.map((p) => p.label),
        seatGames: s.policies.map((p) => p.seatGames),
        wins: s.policies.map((p) => p.wins),
        winRate: s.policies.map((p) => round(p.winRate)),
        ciLow: s.policies.map((p) => round(p.winRateCI[0])),
        ciHigh: s.policies.map((p) => round(p.winRateCI[1])),
      }),
    },
    {
      id: 'length',
      title: 'Game length',
      table: aq.table({
        measure: ['turns', 'rounds'],
        mean: [round(s.length.turns.mean, 3), round(s.length.rounds.mean, 3)],
        sd: [round(s.length.turns.sd, 3), round(s.length.rounds.sd, 3)],
        min: [s.length.turns.min, s.length.rounds.min],
        p5: [s.length.turns.percentiles.p5 ?? 0, s.length.rounds.percentiles.p5 ?? 0],
        p50: [s.length.turns.percentiles.p50 ?? 0, s.length.rounds.percentiles.p50 ?? 0],
        p95: [s.length.turns.percentiles.p95 ?? 0, s.length.rounds.percentiles.p95 ?? 0],
        max: [s.length.turns.max, s.length.rounds.max],
      }),
    },
  ];
  const metrics = Object.entries(s.metrics.game);
  if (metrics.length)
    tables.push({
      id: 'metrics',
      title: 'Game metrics',
      table: aq.table({ metric: metrics.map(([k]) => k), perGame: metrics.map(([, v]) => round(v.perGame)), total: metrics.map(([, v]) => v.total) }),
    });
  const seatNames = Object.keys(s.metrics.seats[0] ?? {});
  if (seatNames.length) {
    const columns: Record<string, unknown[]> = { metric: seatNames };
    s.metrics.seats.forEach((row, seat) => (columns[`seat${seat}PerGame`] = seatNames.map((k) => round(row[k]!.perGame))));
    tables.push({ id: 'seat-metrics', title: 'Seat metrics (per game)', table: aq.table(columns) });
  }
  for (const [name, t] of Object.entries(s.metrics.tables)) {
    const rows = Object.keys(t.rows);
    const columns: Record<string, unknown[]> = { row: rows };
    t.columns.forEach((c, i) => (columns[c] = rows.map((r) => t.rows[r]![i])));
    tables.push({ id: `table-${name}`, title: `${name}: ${t.description}`, table: aq.table(columns) });
  }
  for (const sheet of sheetsOf(s)) {
    const rows = sheet.rows;
    tables.push({
      id: `balance-${sheet.id.replace(/[^A-Za-z0-9_-]+/g, '-')}`,
      title: `Balance sheet: ${sheetTitle(sheet)}`,
      table: aq.table({
        row: rows.map((r) => r.row),
        ...(rows.some((r) => r.group !== undefined) ? { group: rows.map((r) => r.group ?? '') } : {}),
        wins: rows.map((r) => r.wins),
        games: rows.map((r) => r.games),
        rate: rows.map((r) => round(r.rate)),
        ciLow: rows.map((r) => round(r.interval[0])),
        ciHigh: rows.map((r) => round(r.interval[1])),
        shrunk: rows.map((r) => round(r.shrunk)),
        qValue: rows.map((r) => Number(r.qValue.toPrecision(3))),
        flags: rows.map((r) => r.flags.join('; ')),
        ...(rows.some((r) => r.examples) ? { examplesWon: rows.map((r) => r.examples?.won.join(' ') ?? ''), examplesLost: rows.map((r) => r.examples?.lost.join(' ') ?? '') } : {}),
      }),
    });
  }
  return tables;
}

/** One CSV field: quoted when it holds a comma, quote or line break (RFC 4180). */
function csvField(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * CSV with every text cell formula-neutralised, the header row included (column names are
 * card or character names in the metric tables, and a spreadsheet reads a header cell too).
 */
export function tableToCsv(table: ColumnTable): string {
  const safe = table.derive(
    Object.fromEntries(
      table
        .columnNames()
        .filter((c) => typeof table.get(c, 0) === 'string')
        .map((c) => [c, aq.escape((d: Record<string, unknown>) => neutraliseCsvText(String(d[c])))]),
    ),
  );
  const header = table.columnNames().map((c) => csvField(neutraliseCsvText(c))).join(',');
  const body = safe.toCSV({ header: false });
  return body === '' ? `${header}\n` : `${header}\n${body}`;
}

export function tableToArrow(table: ColumnTable): Uint8Array {
  // arquero looks each column's type up in `types` by name: with a plain {} a column named
  // after a card such as `constructor` or `toString` finds Object.prototype's member and fails.
  return table.toArrowIPC({ types: Object.create(null) as Record<string, never> });
}
