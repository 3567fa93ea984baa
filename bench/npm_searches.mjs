// The searches of the page with no server, timed in Node through the npm module that `make
// npm` builds (run by hand: node bench/npm_searches.mjs [OBJ], OBJ build/release unless
// told): /api/members of a classic layout's group (5-4-1-1, 25,955 layouts) and of the
// largest, 2-6-1-0 (964,656), and /api/path across 2-6-1-0 in each metric, each with its
// wall and CPU seconds (the engine is single-threaded: on a busy machine the CPU time is
// the figure that compares).
import {pathToFileURL} from "node:url";

const obj = process.argv[2] ?? "build/release";
const {openPack} = await import(pathToFileURL(`${obj}/npm/klotski/klotski.js`).href);
const pack = await openPack();
await pack.minSteps("横刀立马");
await new Promise(resolve => setTimeout(resolve, 3000)); // every residue block inflated meanwhile

async function time(what, question) {
  const started = performance.now(), cpu = process.cpuUsage();
  await question();
  const used = process.cpuUsage(cpu);
  console.log(`figure ${what}\t${((performance.now() - started) / 1000).toFixed(2)} s wall, ` +
              `${((used.user + used.system) / 1e6).toFixed(2)} s CPU`);
}

await time("members of 5-4-1-1 (横刀立马's group)", () => pack.members("横刀立马"));
await time("members of 2-6-1-0", () => pack.members("2-6-1-0"));
await time("members of 2-6-1-0, again", () => pack.members("2-6-1-0"));
for (const metric of ["step", "straight", "unit"])
  await time(`path across 2-6-1-0 (00006FFF0 to EFFF84000) in ${metric}`,
             () => pack.path("00006FFF0", "EFFF84000", metric));
await time("path in 5-4-1-1 (横刀立马 to 00A6BFC00)", () => pack.path("横刀立马", "00A6BFC00"));
