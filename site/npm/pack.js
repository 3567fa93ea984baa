
// ---- the module: klotski.js is engine.js above and this file ----
// openPack(bytes) opens a pack (`klotski pack`, schema/pack.md; without bytes, the one
// this package carries) and answers from it what `klotski COMMAND --json` answers from
// the database, by the same C (site/engine.c), in the same JSON.  klotski.d.ts types it.

// The bytes of a file beside this module: read from disk in Node, fetched in a browser.
async function besideModule(file) {
  const url = new URL(file, import.meta.url);
  if (url.protocol === "file:") {
    const {readFile} = await import("node:fs/promises");
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

let wasmModule = null; // compiled once for every pack opened

// A LAYOUT as the command line reads it: a code, a short code, #id, the 20 cells in a
// row, a board, a classic name in characters or pinyin.
function layoutText(layout, what = "layout") {
  if (typeof layout !== "string") throw new TypeError(`${what}: a string, not ${typeof layout}`);
  return layout;
}

// A hint's level: 1, 2 or 3 (the engine words the error of another number).
function hintLevel(level) {
  if (!Number.isInteger(level)) throw new TypeError(`level: 1, 2 or 3, not ${level}`);
  return level;
}

// How many layouts of a kind a list answers at most: a whole number, 0 for all.
function listLimit(limit) {
  if (!Number.isInteger(limit) || limit < 0) throw new TypeError(`limit: a whole number (0: all), not ${limit}`);
  return limit;
}

// How many layouts hardest() lists: 1 to 1000, as the server's /api/hardest.
function hardestLimit(limit) {
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new TypeError(`limit: 1 to 1000, not ${limit}`);
  return limit;
}

// The engine's number of a statistics table (site/engine.c's site_stats).
function statsTable(table) {
  const number = ["summary", "classes", "groups", "depths"].indexOf(table);
  if (number < 0) throw new TypeError(`table: one of summary, classes, groups, depths, not ${String(table).slice(0, 64)}`);
  return number;
}

// An attempt, the LAYOUTs of check(), the start first: as /api/check reads them, one
// text, the LAYOUTs separated by commas.
function attemptText(attempt) {
  if (!Array.isArray(attempt)) throw new TypeError(`attempt: an array of LAYOUTs, not ${typeof attempt}`);
  return attempt.map((layout, i) => layoutText(layout, `attempt[${i}]`)).join(",");
}

// A page's number of members(): an integer from min to max (the server's limits), or
// `absent` when not given.
function pageNumber(value, name, min, max, absent) {
  if (value === undefined) return absent;
  if (!Number.isInteger(value) || value < min || value > max)
    throw Object.assign(new Error(`${value}: ${name} takes a number from ${min} to ${max}`), {status: 2});
  return value;
}

// path()'s request: FROM and TO separated by a NUL byte, which no LAYOUT holds.
function pathText(from, to) {
  const texts = [layoutText(from, "from"), layoutText(to, "to")];
  if (texts.some(text => text.includes("\0")))
    throw Object.assign(new Error("a NUL byte in a LAYOUT: none holds one"), {status: 2});
  return texts.join("\0");
}

export async function openPack(bytes) {
  if (bytes !== undefined && !(bytes instanceof ArrayBuffer || ArrayBuffer.isView(bytes)))
    throw new TypeError("openPack: the pack's bytes (an ArrayBuffer or a Uint8Array), or nothing for the package's own");
  const pack = bytes === undefined ? await besideModule("./klotski.pack")
             : bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  wasmModule = wasmModule || await WebAssembly.compile(await besideModule("./klotski.wasm"));
  const engine = await startKlotskiEngine(wasmModule, pack, "pack");
  const json = async (route, text, ...args) => JSON.parse(await engine.ask(route, text, ...args));
  return {
    layout: layout => json("site_layout", layoutText(layout), 1 | KLOTSKI_WITH_SEARCH),
    minSteps: async layout => (await json("site_layout", layoutText(layout), 0)).min_steps,
    moves: async (layout, metric) =>
      json("site_moves", layoutText(layout), klotskiMetricNumber(metric) | KLOTSKI_WITH_SEARCH),
    solve: async (layout, metric) => json("site_solve", layoutText(layout), klotskiMetricNumber(metric)),
    group: groupOrLayout => json("site_group", layoutText(groupOrLayout, "group"), 1),
    farthestGroup: async (groupOrLayout, central = false, limit = 0) =>
      json("site_farthest_group", layoutText(groupOrLayout, "group"), central ? 1 : 0, listLimit(limit)),
    hardest: async ({class: className, group, limit = 10, metric} = {}) => {
      if (className !== undefined && group !== undefined) throw new TypeError("hardest: a class or a group, not both");
      const scope = className !== undefined ? 1 : group !== undefined ? 2 : 0;
      return json("site_hardest", scope === 0 ? "" : layoutText(className ?? group, scope === 1 ? "class" : "group"), scope,
                  hardestLimit(limit), klotskiMetricNumber(metric));
    },
    stats: async (table, {class: className, metric} = {}) =>
      json("site_stats", className === undefined ? "" : layoutText(className, "class"), statsTable(table),
           klotskiMetricNumber(metric)),
    board: cells => json("site_board", layoutText(cells, "board"), 1),
    names: async metric => json("site_names", "", klotskiMetricNumber(metric)),
    hint: async (layout, level = 1, metric) =>
      json("site_hint", layoutText(layout), hintLevel(level), klotskiMetricNumber(metric)),
    check: async (attempt, metric) => json("site_check", attemptText(attempt), klotskiMetricNumber(metric)),
    farthest: async (layout, limit = 0) => json("site_farthest_layout", layoutText(layout), listLimit(limit)),
    solutions: layout => json("site_solutions", layoutText(layout)),
    player: async (layout, metric) => engine.ask("site_play", layoutText(layout), klotskiMetricNumber(metric)),
    members: async (groupOrLayout, {depth, offset, limit} = {}) =>
      json("site_members", layoutText(groupOrLayout, "group"), pageNumber(depth, "depth", 0, 255, -1),
           pageNumber(offset, "offset", 0, 29334498, 0), pageNumber(limit, "limit", 1, 1000, 100)),
    path: async (from, to, metric) => json("site_path", pathText(from, to), klotskiMetricNumber(metric)),
  };
}
