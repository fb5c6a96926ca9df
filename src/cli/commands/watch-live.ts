/**
 * The live report of `squabble watch`: the open page reloads when, and only when, watch has
 * written a newer run, and stops looking once watch has ended. A meta refresh reloaded the page
 * every 5 seconds whether anything had changed or not, and forever after watch stopped.
 *
 * The page cannot read files (a file:// page, and its Content-Security-Policy forbids every
 * request), so watch writes a tiny script beside it, watch-state.js, that calls back with the
 * stamp of the newest run and whether watch still runs. The watched page alone may load that one
 * file (its policy adds `file:` to script-src); every two seconds it loads it again and reloads
 * if the stamp is not its own.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from '../../runner/results.js';
import { CSP } from '../../report/html.js';

export const STATE_FILE = 'watch-state.js';
/** How often the open page looks at the state file. */
export const LOOK_MS = 2000;

function stateScript(stamp: string, live: boolean): string {
  return `__squabbleWatch(${JSON.stringify(stamp)}, ${live});\n`;
}

function pageScript(stamp: string): string {
  return `<script>(function(){
  var stamp = ${JSON.stringify(stamp)}, timer;
  window.__squabbleWatch = function(latest, live){
    if (latest !== stamp) { clearInterval(timer); location.reload(); }
    else if (!live) { clearInterval(timer); var note = document.getElementById('watch-live'); if (note) note.textContent = 'squabble watch has ended: this page no longer reloads.'; }
  };
  function look(){ var el = document.createElement('script'); el.src = ${JSON.stringify(STATE_FILE)} + '?' + Date.now(); el.onload = el.onerror = function(){ el.remove(); }; document.head.appendChild(el); }
  timer = setInterval(look, ${LOOK_MS});
  look();
})();</script>`;
}

/** Make the run's report.html live (it reloads when a newer run is written) and record its run as the newest. */
export function makeLive(out: string, stamp: string): void {
  const page = join(out, 'report.html');
  if (!existsSync(page)) return;
  const html = readFileSync(page, 'utf8')
    .replace(`content="${CSP}"`, `content="${CSP.replace("script-src 'unsafe-inline'", "script-src 'unsafe-inline' file:")}"`)
    .replace('</head>', `${pageScript(stamp)}</head>`)
    .replace(/<body>/, '<body><p id="watch-live" style="font-size:.85rem;color:#4c78a8;margin:0">squabble watch is running: this page reloads when a new run is written.</p>');
  writeAtomic(page, html);
  writeAtomic(join(out, STATE_FILE), stateScript(stamp, true));
}

/** Watch has ended: an open page stops looking, and one opened later never reloads. */
export function endLive(out: string): void {
  const file = join(out, STATE_FILE);
  if (!existsSync(file)) return;
  const stamp = /^__squabbleWatch\(("(?:[^"\\]|\\.)*")/.exec(readFileSync(file, 'utf8'))?.[1];
  writeAtomic(file, stateScript(stamp ? (JSON.parse(stamp) as string) : '', false));
}
