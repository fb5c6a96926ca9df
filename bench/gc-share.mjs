// The garbage collector's share of a worker thread's time, read from V8 CPU profiles
// (`node --cpu-prof`; Node writes one profile per thread), in all and from the first game on.
// bench/run.mjs profiles one worker's run of every suite with it; by hand:
// node bench/gc-share.mjs <profile dir>.
//
// The share is the time of the samples V8 attributes to "(garbage collector)" over the time
// of all samples that are not "(idle)": a worker idles before its first shard and between
// shards, which is the pool's time, not the game's. Only worker threads count (thread id > 0
// in the file name CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile): the main thread
// loads modules and merges results, and its collections are not the games'.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Milliseconds of GC and of busy time summed over the worker-thread profiles in `dir`, in all and
 * from the worker's first game on (its first sample inside `runRange`, the game loop): what
 * comes before is the worker's start-up (module imports, building the runner), whose
 * collections a run pays once whatever its games allocate.
 */
export function gcShareOfProfiles(dir) {
  let gcMicros = 0;
  let busyMicros = 0;
  let gamesGcMicros = 0;
  let gamesBusyMicros = 0;
  let profiles = 0;
  for (const file of readdirSync(dir)) {
    const thread = /^CPU\.\d+\.\d+\.\d+\.(\d+)\.\d+\.cpuprofile$/.exec(file);
    if (!thread || thread[1] === '0') continue;
    profiles++;
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const frameName = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
    const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
    // Nodes inside the game loop: runRange and everything below it in the call tree.
    const inGames = new Set();
    const mark = (node) => {
      inGames.add(node.id);
      for (const child of node.children ?? []) mark(nodeById.get(child));
    };
    for (const node of profile.nodes) if (node.callFrame.functionName === 'runRange' && !inGames.has(node.id)) mark(node);
    let started = false;
    profile.samples.forEach((node, i) => {
      const name = frameName.get(node);
      if (!started && inGames.has(node)) started = true;
      if (name === '(idle)') return;
      const dt = profile.timeDeltas[i];
      busyMicros += dt;
      if (started) gamesBusyMicros += dt;
      if (name === '(garbage collector)') {
        gcMicros += dt;
        if (started) gamesGcMicros += dt;
      }
    });
  }
  if (profiles === 0) throw new Error(`no worker-thread CPU profile in ${dir}`);
  const ms = (micros) => +(micros / 1000).toFixed(1);
  return {
    profiles,
    gcMs: ms(gcMicros),
    busyMs: ms(busyMicros),
    share: busyMicros > 0 ? gcMicros / busyMicros : 0,
    startupGcMs: ms(gcMicros - gamesGcMicros),
    gamesShare: gamesBusyMicros > 0 ? gamesGcMicros / gamesBusyMicros : 0,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node bench/gc-share.mjs <directory of .cpuprofile files>');
  const r = gcShareOfProfiles(dir);
  console.log(
    `${r.profiles} worker profile(s): ${r.gcMs} ms of ${r.busyMs} ms busy in the garbage collector (${(100 * r.share).toFixed(2)}%); ${r.startupGcMs} ms of it before the first game; from the first game on ${(100 * r.gamesShare).toFixed(2)}%`,
  );
}
