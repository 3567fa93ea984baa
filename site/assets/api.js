// How the explorer page (app.js, the page of `klotski serve`) asks its questions when
// there is no server: the engine of core/ and query/ compiled to WebAssembly
// (klotski.wasm, site/engine.c, driven by engine.js, which the site's api.js begins with)
// answers the API routes from the pack (klotski.pack, schema/pack.md) in the JSON of the
// server's /api/, so that the page is the same.  This file downloads the two, turns the
// page's questions into the engine's routes, writes the player page, and registers sw.js,
// which keeps the site's files for use offline.  The pack's metrics part (the straight
// and unit moves, klotski-metrics.pack) is downloaded after the first answer, or when a
// question first needs it.
// The engine runs in a Web Worker started from this same file (in the one-file page,
// from its text, as a blob), so that a search never freezes the page: the worker
// downloads the engine and the pack, answers the page's questions and tells it how far
// a long search has come (the event "klotski-progress", which app.js shows).  Where no
// worker starts, the engine runs in the page's own thread, as the console says.

// Whether this file runs as the engine's worker: then only the engine's side runs.
const IN_WORKER = typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope;
const METRICS_FILE = "klotski-metrics.pack"; // query/commands/site.c's SITE_METRICS_FILE
const LISTS_FILE = "klotski-lists.pack"; // query/commands/site.c's SITE_LISTS_FILE

// ---- the engine's side: in the worker, or in the page where no worker starts ----

// The bytes of a file the one-file page carries in base64: by the browser's own decoder
// where it has one (Chromium 140, Firefox 133), byte by byte where not.
function bytesOfBase64(base64) {
  if (Uint8Array.fromBase64) return Uint8Array.fromBase64(base64);
  const text = atob(base64), bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

// Starts the engine (engine.js) on the site's files.  `base`: the page's address, beside
// which they lie; `embedded`: the one-file page's files, their base64 by name (null for
// a site's folder); `withMetrics`, `withLists`: whether the pack's metrics part and its
// lists part are at hand; `progress` as startKlotskiEngine's.  Resolves to the engine's
// {ask, hasMetrics, loadMetrics, hasLists, loadLists}.
function startSiteEngine({base, embedded, withMetrics, withLists}, progress) {
  const CACHE = "klotski-site"; // sw.js's
  const fromDisk = new URL(base).protocol === "file:";

  // The response of a file of the site, or an Error naming the file.
  async function fetched(file) {
    const response = await fetch(new URL(file, base)).catch(error => {
      throw new Error(!fromDisk ? `${file}: ${error.message}` :
        `${file}: a page opened from disk may not read its files: serve its folder (python3 -m http.server), ` +
        "or write the page as one file (klotski site --single-file)");
    });
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    return response;
  }

  // A copy of a large file kept in sw.js's cache (this download, so that the service
  // worker need not download it again).
  function keep(file, bytes) {
    if (self.caches && !fromDisk)
      caches.open(CACHE).then(cache => cache.put(new URL(file, base), new Response(bytes))).catch(() => {});
  }

  async function download(file) {
    if (embedded) return bytesOfBase64(embedded[file]);
    const bytes = await (await fetched(file)).arrayBuffer();
    keep(file, bytes);
    return bytes;
  }

  // klotski.wasm compiled as it downloads, or from its bytes where the server does not
  // say application/wasm (compileStreaming refuses it then).
  async function compiled() {
    if (embedded) return WebAssembly.compile(bytesOfBase64(embedded["klotski.wasm"]));
    const response = await fetched("klotski.wasm"), bytes = response.clone().arrayBuffer();
    bytes.then(wasm => keep("klotski.wasm", wasm), () => {});
    return WebAssembly.compileStreaming(response).catch(async () => WebAssembly.compile(await bytes));
  }

  return Promise.all([compiled(), download("klotski.pack")])
    .then(([module, pack]) => startKlotskiEngine(module, pack, "klotski.pack",
                                                 withMetrics ? () => download(METRICS_FILE) : undefined,
                                                 withLists ? () => download(LISTS_FILE) : undefined, progress));
}

// A search's progress as the page shows it: nothing in its first PROGRESS_AFTER_MS, then
// show(done, total) at most every PROGRESS_EVERY_MS, and show(null) once the engine's
// call that searched returns (the first microtask after it: the call runs to its end
// without a break).
const PROGRESS_AFTER_MS = 1000, PROGRESS_EVERY_MS = 100;
function searchProgress(show) {
  let started = null, shown = 0;
  return (done, total) => {
    const now = performance.now();
    if (started === null) {
      started = now;
      queueMicrotask(() => {
        if (shown) show(null);
        started = null;
        shown = 0;
      });
    }
    if (now - started >= PROGRESS_AFTER_MS && now - shown >= PROGRESS_EVERY_MS) {
      shown = now;
      show(done, total);
    }
  };
}

// The worker: {start} starts the engine; {id, call, args} calls its ask, hasMetrics,
// loadMetrics, hasLists or loadLists, answered {id, answer} or {id, error, status};
// {progress} tells the page of a long search ({done, total}, or null once it ended);
// {ready} says it runs.
if (IN_WORKER) {
  let engine = null;
  const progress = searchProgress((done, total) => self.postMessage({progress: done === null ? null : {done, total}}));
  self.onmessage = async ({data}) => {
    if (data.start) {
      engine = startSiteEngine(data.start, progress);
      return;
    }
    try {
      self.postMessage({id: data.id, answer: await (await engine)[data.call](...data.args)});
    } catch (error) {
      self.postMessage({id: data.id, error: error.message, status: error.status});
    }
  };
  self.postMessage({ready: true});
}

// ---- the page's side ----

// The page as one file (`klotski site --single-file`) carries the engine and the pack
// inside, in base64, as <script type="application/base64" id="FILE"> elements, and app.js
// as the text of <script type="text/plain" id="app.js">, which this file starts unless the
// address asks for the player page (?player&layout=CODE), written in place of the page.
// It carries the steps part of the pack only, unless it holds the metrics part too.
const ONE_FILE = !IN_WORKER && document.getElementById("klotski.pack") !== null;
const WITH_METRICS = !IN_WORKER && (!ONE_FILE || document.getElementById(METRICS_FILE) !== null);
const WITH_LISTS = !IN_WORKER && (!ONE_FILE || document.getElementById(LISTS_FILE) !== null);
const THIS_SCRIPT = IN_WORKER ? null : document.currentScript; // what the worker runs

// What this api answers: everything the served page shows (every metric, but in a
// one-file page without the metrics part; the farthest and hardest layouts, hints and
// checking).
const API_OFFERS = {metrics: WITH_METRICS ? ["step", "straight", "unit"] : ["step"], farthest: true, hardest: true,
                    hint: true, check: true};

// Everything but api(), playAddress() and showPlayer() stays inside, apart from app.js's
// names.
const {api, playAddress, showPlayer} = IN_WORKER ? {} : (() => {
  // The engine: in a worker where one starts, else in the page's thread.  call(NAME,
  // ...ARGS) calls the engine's ask, hasMetrics, loadMetrics, hasLists or loadLists where
  // it runs.
  const engine = (() => {
    const embedded = ONE_FILE ? Object.fromEntries(["klotski.wasm", "klotski.pack", METRICS_FILE, LISTS_FILE]
      .filter(file => document.getElementById(file)).map(file => [file, document.getElementById(file).textContent])) : null;
    const start = {base: location.href, embedded, withMetrics: WITH_METRICS, withLists: WITH_LISTS};
    const showProgress = detail => window.dispatchEvent(new CustomEvent("klotski-progress", {detail}));
    const waiting = new Map(); // calls posted to the worker, not answered yet: id -> {name, args, resolve, reject}
    let worker = null, running = false, inPage = null, lastId = 0;

    // The engine in the page's thread, with the calls the worker left unanswered.
    function runInPage(reason) {
      console.warn(`klotski: no Web Worker (${reason}): the engine runs in the page's thread, ` +
                   "which a long search keeps busy");
      worker?.terminate();
      worker = null;
      inPage = startSiteEngine(start, searchProgress((done, total) => showProgress(done === null ? null : {done, total})));
      for (const {name, args, resolve, reject} of waiting.values()) call(name, ...args).then(resolve, reject);
      waiting.clear();
    }

    function call(name, ...args) {
      if (inPage) return inPage.then(started => started[name](...args));
      return new Promise((resolve, reject) => {
        waiting.set(++lastId, {name, args, resolve, reject});
        worker.postMessage({id: lastId, call: name, args});
      });
    }

    try {
      worker = new Worker(ONE_FILE ? URL.createObjectURL(new Blob([THIS_SCRIPT.textContent], {type: "text/javascript"}))
                                   : THIS_SCRIPT.src);
      worker.onmessage = ({data}) => {
        if (data.ready) running = true;
        else if ("progress" in data) showProgress(data.progress);
        else {
          const {resolve, reject} = waiting.get(data.id);
          waiting.delete(data.id);
          if ("error" in data) reject(Object.assign(new Error(data.error), {status: data.status}));
          else resolve(data.answer);
        }
      };
      worker.onerror = event => {
        if (running) return;
        event.preventDefault();
        runInPage(event.message || "it did not start");
      };
      worker.postMessage({start});
    } catch (error) {
      runInPage(error.message);
    }
    return {call};
  })();

  // One route of the engine: the answer's text, or an Error with the engine's message.
  function ask(route, text, ...args) {
    return engine.call("ask", route, text, ...args);
  }

  // The engine's number of the metric a question names (engine.js), one this page offers.
  let countsInMetrics = false; // whether a question in straight or unit moves was asked
  function metricNumber(metric = "step") {
    const number = klotskiMetricNumber(metric);
    if (!API_OFFERS.metrics.includes(metric))
      throw new Error(`metric: ${metric}: the pack counts in steps only`);
    countsInMetrics = countsInMetrics || metric !== "step";
    return number;
  }

  // The fields of a layout and of its moves that need a search of its group (farthest
  // steps and layouts, solution counts: site/engine.c), asked when the page offers
  // farthest data.
  const searched = () => API_OFFERS.farthest ? KLOTSKI_WITH_SEARCH : 0;

  // /api/layout.  The page's first answer does not wait for the metrics part, unless it
  // counts in straight or unit moves (the moves asked with it need the part anyway): it
  // comes without min_straight_moves and min_unit_moves, the download starts, and once
  // the part is there the layout is shown again (as Back and Forward show one) with them,
  // when the page still shows that first answer.
  let layoutsAsked = 0;
  async function layout(text) {
    const asked = ++layoutsAsked, attached = await engine.call("hasMetrics"); // the moves asked beside it counted first
    const withMetrics = WITH_METRICS && (asked > 1 || countsInMetrics || attached);
    // The fields a search of the group gives come with the metrics (the page's later
    // answers), or at once in a one-file page without the metrics part (no download to wait
    // for).
    const flags = (withMetrics ? 1 : 0) | (withMetrics || !WITH_METRICS ? searched() : 0);
    const answer = JSON.parse(await ask("site_layout", text, flags));
    if (WITH_METRICS && !withMetrics)
      engine.call("loadMetrics").then(() => {
        if (layoutsAsked === asked && document.body.dataset.code === answer.code)
          window.dispatchEvent(new PopStateEvent("popstate", {state: history.state}));
      }, error => console.error(error.message));
    return answer;
  }

  // /api/group.  The page's first group answer does not wait for the lists part either:
  // it comes without the depths and the hardest counts in straight and unit moves (and
  // without its farthest and hardest layouts, listsAtFirstAnswer), the download starts,
  // and once the part is there the page is told to draw the group again (the event
  // "klotski-group-data", app.js), when it has asked for no other group since.
  let groupsAsked = 0;
  async function group(text) {
    const asked = ++groupsAsked, attached = await engine.call("hasLists");
    const withLists = WITH_LISTS && (asked > 1 || attached);
    const answer = JSON.parse(await ask("site_group", text, withLists ? 1 : 0));
    if (WITH_LISTS && !withLists)
      engine.call("loadLists").then(() => {
        if (groupsAsked === asked) window.dispatchEvent(new Event("klotski-group-data"));
      }, error => console.error(error.message));
    return answer;
  }

  // /api/hint: its level checked as the server checks it (query/serve/api.c), after the
  // layout, whose error the server answers first.
  async function hint(params) {
    const level = String(params.level ?? 1);
    if (!/^[0-9]+$/.test(level) || Number(level) < 1 || Number(level) > 3) {
      await ask("site_board", params.layout, 0);
      throw Object.assign(new Error(`${level}: level takes a number from 1 to 3`), {status: 2});
    }
    return JSON.parse(await ask("site_hint", params.layout, Number(level), metricNumber(params.metric)));
  }

  // The group's lists (farthest?group=, its hardest) on the page's first answer, which
  // does not wait for the pack's lists part: they reject while it downloads, the page shows
  // the group without them, and shows it again once the part is there (group() above).
  async function listsAtFirstAnswer() {
    if (WITH_LISTS && groupsAsked === 1 && layoutsAsked === 1 && !(await engine.call("hasLists")))
      throw Object.assign(new Error(`${LISTS_FILE}: still downloading`), {status: 1});
  }

  // /api/farthest: of a layout or of a group, not both, as the server says.
  async function farthest(params) {
    if (params.group !== undefined && params.layout !== undefined)
      throw Object.assign(new Error("farthest: give layout or group, not both"), {status: 2});
    if (params.group !== undefined) await listsAtFirstAnswer();
    return params.group !== undefined ? ask("site_farthest_group", params.group, 0, 0)
                                      : ask("site_farthest_layout", params.layout, 0);
  }

  // /api/hardest: over the whole database, a class or a group, 1000 rows at most.
  async function hardest(params) {
    if (params.class !== undefined && params.group !== undefined)
      throw Object.assign(new Error("hardest: give class or group, not both"), {status: 2});
    await listsAtFirstAnswer();
    const limit = numberArgument(params, "limit", 1, 1000, 10);
    if (limit instanceof Error) throw limit;
    const scope = params.class !== undefined ? 1 : params.group !== undefined ? 2 : 0;
    return ask("site_hardest", params.class ?? params.group ?? "", scope, limit, metricNumber(params.metric));
  }

  // /api/stats: one of the four tables (the engine's number: its place here), of a class
  // or of all.
  const STATS_TABLES = ["summary", "classes", "groups", "depths"];
  function stats(params) {
    if (!STATS_TABLES.includes(params.table))
      throw Object.assign(new Error("table: one of summary, classes, groups, depths"), {status: 2});
    return ask("site_stats", params.class ?? "", STATS_TABLES.indexOf(params.table), metricNumber(params.metric));
  }

  // A number argument of the server's (query/serve/api.c's number_argument): `absent`
  // when not given, else digits from min to max, or an Error worded as the server's.
  function numberArgument(params, name, min, max, absent) {
    const text = params[name];
    if (text === undefined) return absent;
    if (/^[0-9]+$/.test(text) && Number(text) >= min && Number(text) <= max) return Number(text);
    return Object.assign(new Error(`${text}: ${name} takes a number from ${min} to ${max}`), {status: 2});
  }

  // /api/members: the server's defaults and limits (query/serve/api.c's answer_members),
  // its numbers checked after the group's text, whose error the server answers first.
  async function members(params) {
    const group = params.group ?? "";
    const numbers = [numberArgument(params, "limit", 1, 1000, 100), numberArgument(params, "offset", 0, 29334498, 0),
                     numberArgument(params, "depth", 0, 255, -1)];
    const error = numbers.find(number => number instanceof Error);
    if (error) {
      await ask("site_members", group, -1, 0, 0); // limit 0: the group's text checked alone
      throw error;
    }
    const [limit, offset, depth] = numbers;
    return JSON.parse(await ask("site_members", group, depth, offset, limit));
  }

  // /api/path's request: FROM and TO, separated by a NUL byte (a LAYOUT may span lines);
  // the server refuses a NUL in any argument before it reads them.  Its search needs no
  // part of the pack: it answers in every metric, as the server does, even in a one-file
  // page without the metrics part.
  function pathRequest(params) {
    const from = params.from ?? "", to = params.to ?? "";
    if (from.includes("\0") || to.includes("\0"))
      throw Object.assign(new Error("a NUL byte (%00) in the request: no path or argument holds one"), {status: 2});
    return `${from}\0${to}`;
  }

  // /api/names: every classic name, or those of the section that `section` names: the one
  // so named, else the only one whose name holds it, as the query tool finds it
  // (query/commands/names.c), with its errors.
  async function names(params) {
    const rows = JSON.parse(await ask("site_names", "", metricNumber(params.metric)));
    const wanted = params.section;
    if (wanted === undefined) return rows;
    const sections = [...new Set(rows.map(row => row.section))];
    const matching = sections.includes(wanted) ? [wanted] : sections.filter(section => section.includes(wanted));
    if (matching.length === 1) return rows.filter(row => row.section === matching[0]);
    if (matching.length > 1)
      throw Object.assign(new Error(`${wanted}: names ${matching.length} sections: ${matching.join(", ")}; give more of one`),
                          {status: 2});
    throw Object.assign(new Error(`${wanted}: no such section; the sections are ${sections.join(", ")}`), {status: 1});
  }

  // The answer of the server's /api/PATH?PARAMS, from the engine.
  async function api(path, params = {}) {
    switch (path) {
    case "board":
      try {
        return JSON.parse(await ask("site_board", params.board ?? params.layout, params.board !== undefined ? 1 : 0));
      } catch (error) {
        return {legal: false, error: error.message};
      }
    case "layout": return layout(params.layout);
    case "moves": return JSON.parse(await ask("site_moves", params.layout, metricNumber(params.metric) | searched()));
    case "solve": return JSON.parse(await ask("site_solve", params.layout, metricNumber(params.metric)));
    case "group": return group(params.group);
    case "farthest": return JSON.parse(await farthest(params));
    case "hardest": return JSON.parse(await hardest(params));
    case "stats": return JSON.parse(await stats(params));
    case "names": return names(params);
    case "hint": return hint(params);
    case "check": return JSON.parse(await ask("site_check", params.attempt ?? "", metricNumber(params.metric)));
    case "members": return members(params);
    case "path": return JSON.parse(await ask("site_path", pathRequest(params), klotskiMetricNumber(params.metric)));
    case "solutions": return JSON.parse(await ask("site_solutions", params.layout ?? ""));
    default: throw new Error(`${path}: not answered without the server`);
    }
  }

  // The address of the page that plays a minimal solution of `code` in `metric`, in the
  // explorer's language (app.js keeps it in <body data-lang>).
  function playAddress(code, metric = "step") {
    const language = document.body.dataset.lang;
    const counted = metric === "step" ? "" : `&metric=${metric}`;
    return `${ONE_FILE ? "?player&" : "play.html?"}layout=${code}${counted}${language ? `&lang=${language}` : ""}`;
  }

  // The player page's own words in Chinese (answer/html_player.c, player.js and the
  // board's picture write them in English), as [English, Chinese] patterns over its texts.
  const PIECE_NAMES_ZH = {K: "曹操", H: "横将", V: "竖将", o: "兵"};
  const DIRECTIONS_ZH = {up: "上", down: "下", left: "左", right: "右"};
  const UNITS_ZH = {step: "步", "straight move": "直线步", "unit move": "单格步"};
  const PLAYER_ZH = [
    [/: a minimal-step solution in (\d+) steps?$/, "：最少步解法，共 $1 步"],
    [/: a minimal solution in (\d+) (straight|unit) moves?$/, (_, n, unit) => `：最少${UNITS_ZH[`${unit} move`]}解法，共 ${n} ${UNITS_ZH[`${unit} move`]}`],
    [/^(step|straight move|unit move) (\d+) of (\d+)$/, (_, unit, n, last) => `第 ${n} ${UNITS_ZH[unit]}，共 ${last} ${UNITS_ZH[unit]}`],
    [/^(step|straight move|unit move)$/, unit => UNITS_ZH[unit]], [/^start ([0-9A-F]+)$/, "开始 $1"],
    [/^([KHVo]) r(\d)c(\d) (.+)$/, (_, piece, row, col, slides) => `${PIECE_NAMES_ZH[piece]}（第${row}行第${col}列）` +
      slides.replace(/(up|down|left|right) (\d+)/g, (_, way, cells) => `向${DIRECTIONS_ZH[way]}${cells}格`).replaceAll(", ", "，")],
    [/^EXIT$/, "出口"], [/play$/, "播放"], [/pause$/, "暂停"], [/^first \(Home\)$/, "第一步（Home）"],
    [/^previous \((.)\)$/, "上一步（$1）"], [/^next \((.)\)$/, "下一步（$1）"], [/^last \(End\)$/, "最后一步（End）"],
    [/^play or pause \(space\)$/, "播放或暂停（空格键）"], [/^the board$/, "棋盘"],
  ];
  const playerZh = text => PLAYER_ZH.reduce((t, [english, chinese]) => t.replace(english, chinese), text);

  // Writes the player page in Chinese: its texts and its tooltips now, and what its script
  // writes later (the counter, the move shown, the play button).
  function playerInChinese() {
    document.documentElement.lang = "zh-CN";
    const translate = node => {
      if (node.nodeType === Node.TEXT_NODE) {
        const text = playerZh(node.data);
        if (text !== node.data) node.data = text;
        return;
      }
      if (node.nodeType !== Node.ELEMENT_NODE) return;
      for (const name of ["title", "aria-label"])
        if (node.hasAttribute(name)) node.setAttribute(name, playerZh(node.getAttribute(name)));
      node.childNodes.forEach(translate);
    };
    translate(document.documentElement);
    document.title = playerZh(document.title);
    new MutationObserver(changes => changes.forEach(change => {
      if (change.type === "characterData") translate(change.target);
      else change.addedNodes.forEach(translate);
    })).observe(document.body, {subtree: true, childList: true, characterData: true});
  }

  // The page's language as app.js chooses it: the address's lang=, else the one chosen
  // last in the explorer, else the browser's.
  function pageLanguage() {
    let chosen = null;
    try { chosen = localStorage.getItem("klotski-language"); } catch {}
    const language = new URLSearchParams(location.search).get("lang") || chosen || navigator.language || "";
    return language.toLowerCase().startsWith("zh") ? "zh" : "en";
  }

  // play.html: the player page of the address's layout, written by the engine
  // (answer/html_player.c, as solve --html writes it), in place of this one, in the
  // page's language.  A layout it cannot play goes to the explorer, which says why (in
  // its language, app.js's phrases) and keeps what was typed.
  async function showPlayer() {
    const address = new URLSearchParams(location.search), layout = address.get("layout") || "";
    try {
      const page = await ask("site_play", layout, metricNumber(address.get("metric") || undefined));
      document.open();
      document.write(page);
      document.close();
      if (pageLanguage() === "zh") playerInChinese();
    } catch {
      address.delete("metric");
      address.delete("player");
      location.replace(`${ONE_FILE ? "" : "index.html"}?${address}`);
    }
  }

  return {api, playAddress, showPlayer};
})();

if (ONE_FILE && new URLSearchParams(location.search).has("player")) {
  showPlayer();
} else if (ONE_FILE) {
  const app = document.createElement("script");
  app.textContent = document.getElementById("app.js").textContent;
  document.body.append(app);
}

// Keeps the site's files for use offline once the page has loaded (not from a folder
// opened from disk, where browsers allow no service worker).
if (!IN_WORKER && "serviceWorker" in navigator && location.protocol !== "file:")
  navigator.serviceWorker.register("sw.js").catch(error => console.error(`sw.js: ${error.message}`));
