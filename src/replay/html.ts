/**
 * `squabble replay ... --html out.html`: one self-contained page that steps through a game —
 * the position drawn as SVG (src/replay/draw/<game>.ts, from GameModule.scene) above its text
 * rendering, with the move log beside it, moved by buttons, a slider and the keys ← → Home End.
 * Like the report it works offline: everything is inline and the Content-Security-Policy
 * forbids every request; the steps travel as gzipped JSON in base64 (nothing in it can close the
 * script element), inflated by the browser's DecompressionStream. The SVG of each step is built here
 * in Node with every string escaped (names come from data files), so the page only swaps it in.
 */
import type { ReplayGame } from './steps.js';
import { drawSteps } from './draw/index.js';
import { gzipSync } from 'node:zlib';
import { escapeHtml } from '../report/escape.js';
import { CSP } from '../report/html.js';

const STYLE = `
body{font-family:"DejaVu Sans",system-ui,sans-serif;margin:0;padding:1rem 1.5rem;color:#222;background:#fff}
h1{font-size:1.2rem;margin:0 0 .6rem}
.controls{display:flex;gap:.4rem;align-items:center;margin-bottom:.8rem}
.controls button{font:inherit;padding:.2rem .7rem}
.controls input[type=range]{flex:1;max-width:36rem}
#where{font-variant-numeric:tabular-nums;min-width:9rem}
main{display:grid;grid-template-columns:minmax(0,1fr) 26rem;gap:1rem;align-items:start}
#drawing svg{max-width:100%;height:auto;display:block;border:1px solid #ddd;border-radius:6px;background:#fff}
#drawing:empty{display:none}
details{margin-top:.6rem}
summary{cursor:pointer;color:#555}
#picture{font-family:"DejaVu Sans Mono",monospace;font-size:13px;line-height:1.25;background:#fafafa;border:1px solid #ddd;border-radius:6px;padding:.8rem;margin:0;white-space:pre-wrap;overflow-wrap:anywhere;min-height:20rem}
#move{font-weight:bold;margin:0 0 .5rem;min-height:1.4em}
ol#log{font-size:12px;margin:0;padding-left:2.6rem;max-height:70vh;overflow:auto;border:1px solid #ddd;border-radius:6px}
ol#log li{padding:.1rem .3rem;cursor:pointer}
ol#log li.current{background:#ffe9a8}
.dice{font-weight:bold;color:#8a4b00}
`;

const SCRIPT = `
(function(){
  // The steps travel gzipped and base64-encoded (each step's SVG repeats most of the last one's,
  // so a page is about 30 times smaller); the browser inflates them without any request.
  var packed = document.getElementById('replay-data').textContent;
  var bytes = Uint8Array.from(atob(packed), function(c){ return c.charCodeAt(0); });
  new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text().then(function(text){ start(JSON.parse(text)); })
    .catch(function(err){ document.getElementById('move').textContent = 'This replay could not be read: ' + err; console.error(err); });
function start(game){
  var steps = game.steps, at = 0;
  var picture = document.getElementById('picture'), move = document.getElementById('move');
  var drawing = document.getElementById('drawing');
  var slider = document.getElementById('slider'), where = document.getElementById('where');
  var log = document.getElementById('log');
  slider.max = String(steps.length - 1);
  function moveText(m){ return m ? 'turn ' + m.turn + ' (round ' + m.round + '), seat ' + m.seat + ' (' + m.label + '): ' + m.text : 'set-up: ' + game.seats.map(function(l, s){ return 'seat ' + s + ' ' + l; }).join(', ') + '; seat ' + game.firstSeat + ' moves first'; }
  steps.forEach(function(step, i){
    var li = document.createElement('li');
    li.textContent = moveText(step.move);
    li.addEventListener('click', function(){ show(i); });
    log.appendChild(li);
  });
  function show(i){
    at = Math.max(0, Math.min(steps.length - 1, i));
    var step = steps[at];
    picture.textContent = step.picture;
    // The SVG was built and escaped by squabble (src/replay/draw); no string from the data reaches it unescaped.
    drawing.innerHTML = step.svg || '';
    move.textContent = moveText(step.move) + (at === steps.length - 1 ? ' \\u2014 ' + game.result : '');
    slider.value = String(at);
    where.textContent = 'step ' + at + ' of ' + (steps.length - 1);
    var old = log.querySelector('li.current'); if (old) old.classList.remove('current');
    var li = log.children[at]; li.classList.add('current');
    if (li.scrollIntoView) li.scrollIntoView({block: 'nearest'});
    document.body.dataset.step = String(at);
  }
  document.getElementById('first').addEventListener('click', function(){ show(0); });
  document.getElementById('prev').addEventListener('click', function(){ show(at - 1); });
  document.getElementById('next').addEventListener('click', function(){ show(at + 1); });
  document.getElementById('last').addEventListener('click', function(){ show(steps.length - 1); });
  slider.addEventListener('input', function(){ show(Number(slider.value)); });
  document.addEventListener('keydown', function(e){
    var to = e.key === 'ArrowRight' ? at + 1 : e.key === 'ArrowLeft' ? at - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? steps.length - 1 : null;
    if (to === null) return;
    e.preventDefault();
    show(to);
  });
  show(0);
}
})();
`;

/** The page's data: each step's move, text and SVG (the scenes themselves stay out: the SVG is all the page needs). */
function pageData(r: ReplayGame) {
  const { steps, ...rest } = r;
  const svgs = drawSteps(r.game, steps, r.seats);
  return { ...rest, steps: steps.map((step, i) => ({ move: step.move, picture: step.picture, svg: svgs[i]! })) };
}

export function replayHtml(r: ReplayGame): string {
  const data = pageData(r);
  const hasDrawing = data.steps.some((step) => step.svg !== null);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(r.title)} - squabble replay</title>
<style>${STYLE}</style>
</head><body>
<h1>${escapeHtml(r.title)}</h1>
<div class="controls"><button id="first" title="first (Home)">|&#x25C0;</button><button id="prev" title="back (&#x2190;)">&#x25C0;</button><button id="next" title="forward (&#x2192;)">&#x25B6;</button><button id="last" title="last (End)">&#x25B6;|</button>
<input id="slider" type="range" min="0" value="0" aria-label="step"><span id="where"></span></div>
<main><section><p id="move"></p><div id="drawing"></div>${hasDrawing ? '<details><summary>the position as text</summary><pre id="picture"></pre></details>' : '<pre id="picture"></pre>'}</section><ol id="log" start="0"></ol></main>
<script type="application/octet-stream" id="replay-data">${gzipSync(JSON.stringify(data), { level: 9 }).toString('base64')}</script>
<script>${SCRIPT}</script>
</body></html>
`;
}
