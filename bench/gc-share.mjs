// The garbage collector's share of a worker thread's time, read from V8 CPU profiles
// (`node --cpu-prof`; Node writes one profile per thread). bench/run.mjs profiles one
// worker's run of every suite with it; by hand: node bench/gc-share.mjs <profile dir>.
//
// The share is the time of the samples V8 attributes to "(garbage collector)" over the time
// of all samples that are not "(idle)": a worker idles before its first shard and between
// shards, which is the pool's time, not the game's. Only worker threads count (thread id > 0
// in the file name CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile): the main thread
// loads modules and merges results, and its collections are not the games'.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Milliseconds of GC and of busy time summed over the worker-thread profiles in `dir`. */
export function gcShareOfProfiles(dir) {
  let gcMicros = 0;
  let busyMicros = 0;
  let profiles = 0;
  for (const file of readdirSync(dir)) {
    const thread = /^CPU\.\d+\.\d+\.\d+\.(\d+)\.\d+\.cpuprofile$/.exec(file);
    if (!thread || thread[1] === '0') continue;
    profiles++;
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const frameName = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
    profile.samples.forEach((node, i) => {
      const name = frameName.get(node);
      if (name === '(idle)') return;
      busyMicros += profile.timeDeltas[i];
      if (name === '(garbage collector)') gcMicros += profile.timeDeltas[i];
    });
  }
  if (profiles === 0) throw new Error(`no worker-thread CPU profile in ${dir}`);
  return { profiles, gcMs: +(gcMicros / 1000).toFixed(1), busyMs: +(busyMicros / 1000).toFixed(1), share: busyMicros > 0 ? gcMicros / busyMicros : 0 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node bench/gc-share.mjs <directory of .cpuprofile files>');
  const r = gcShareOfProfiles(dir);
  console.log(`${r.profiles} worker profile(s): ${r.gcMs} ms of ${r.busyMs} ms busy in the garbage collector (${(100 * r.share).toFixed(2)}%)`);
}
