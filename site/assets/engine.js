"use strict";
// The engine of core/ and query/ compiled to WebAssembly (klotski.wasm, site/engine.c),
// driven from JavaScript: for the page with no server (api.js, to which the site's api.js
// is this file followed by it) and for the npm module (site/npm/, whose klotski.js is this
// file followed by its exports).  It only moves bytes: a request's text into the
// engine's memory, its answer out, and the few system calls of wasi-libc (its writes go
// to the console); the engine inflates the pack's chunks itself (site/inflate.c).

// The engine's number (core/moves.h's enum kl_metric) of a metric a question names
// (steps when it names none), or an Error worded as the server's, status 2 (bad input).
function klotskiMetricNumber(metric = "step") {
  const numbers = {step: 0, straight: 1, unit: 2};
  if (!Object.hasOwn(numbers, metric))
    throw Object.assign(new Error(`metric: '${String(metric).slice(0, 64)}' is no metric (step, straight or unit)`),
                        {status: 2});
  return numbers[metric];
}

// Added to the number site_layout and site_moves take: the answer with the fields that
// need a search of the layout's group (site/engine.c's WITH_SEARCH).
const KLOTSKI_WITH_SEARCH = 0x100;

// Starts the engine (`wasm`: the bytes of klotski.wasm, or its compiled module) on the
// pack `pack` (its bytes: the whole file, or its steps part alone), named `packName` in
// errors.  `metrics`, when given, is called once, when a question first needs the pack's
// metrics part (the straight and unit moves, schema/pack.md) that `pack` lacks, and
// resolves to its bytes; `lists` likewise for its lists part (the groups' layers and
// lists).  `progress`, when given, is called as progress(done, total) every few
// milliseconds of a search over a group (the layouts searched so far, the group's size),
// from inside the engine's call.  Resolves to {ask, hasMetrics, loadMetrics, hasLists,
// loadLists}, or rejects with an Error saying why the pack does not open.
async function startKlotskiEngine(wasm, pack, packName, metrics, lists, progress = () => {}) {
  const EXIT_ANSWERED = 0;
  const decoder = new TextDecoder(), encoder = new TextEncoder();
  // The parts that come later (site/loader.c's site_NAME_bytes and site_NAME_attach): how
  // to get each one's bytes, whether a call came to it absent, the promise of it attached
  // while asked for, and whether it is attached (or came with the pack, or has no source).
  const parts = {metrics: {source: metrics, wanted: false, attached: null, ready: !metrics},
                 lists: {source: lists, wanted: false, attached: null, ready: !lists}};
  let engine = null;          // the instance's exports, once started

  function memory() { return new Uint8Array(engine.memory.buffer); }

  // The system calls wasi-libc makes: writes (stdout and stderr go to the console), and an
  // exit, which only a failed allocation asks for.
  function wasi() {
    const view = () => new DataView(engine.memory.buffer);
    return {
      fd_write(fd, iovs, count, written) {
        let text = "", total = 0;
        for (let i = 0; i < count; i++) {
          const at = view().getUint32(iovs + 8 * i, true), length = view().getUint32(iovs + 8 * i + 4, true);
          text += decoder.decode(memory().subarray(at, at + length));
          total += length;
        }
        (fd === 2 ? console.error : console.log)(text);
        view().setUint32(written, total, true);
        return 0;
      },
      fd_close() { return 0; },
      fd_seek() { return 70; }, // ESPIPE: no stream of the engine's is a file
      proc_exit(status) { throw new Error(`the engine stopped (exit ${status})`); },
    };
  }

  // A part downloaded and handed to the engine, once; after a failure (no network) the
  // next question that needs it tries again.
  function attach(name) {
    const part = parts[name];
    part.attached = part.attached || (async () => {
      const bytes = new Uint8Array(await part.source());
      const at = engine[`site_${name}_bytes`](bytes.length);
      if (at) {
        memory().set(bytes, at);
        if (engine[`site_${name}_attach`]() !== EXIT_ANSWERED) throw new Error(`${packName}: ${failureText()}`);
      }
      part.ready = true;
    })().catch(error => {
      part.attached = null;
      throw error;
    });
    return part.attached;
  }

  // Runs an engine call, and again once the parts it came to are attached.  `call` reads
  // its answer before it returns, so that calls waiting on a part meanwhile never see
  // another's.
  async function complete(call) {
    for (;;) {
      for (const part of Object.values(parts)) part.wanted = false;
      const result = call();
      const wanted = Object.keys(parts).filter(name => parts[name].wanted && parts[name].source);
      if (!wanted.length) return result;
      await Promise.all(wanted.map(attach));
    }
  }

  function failureText() {
    const failure = engine.site_pack_failure();
    return decoder.decode(memory().subarray(failure, memory().indexOf(0, failure)));
  }

  function answerText() {
    const at = engine.site_answer(), length = engine.site_answer_length();
    return decoder.decode(memory().subarray(at, at + length));
  }

  const module = wasm instanceof WebAssembly.Module ? wasm : await WebAssembly.compile(wasm);
  // site.progress(done, total): a search's layouts searched so far and its group's size,
  // every few milliseconds of a search (site/engine.c).
  const instance = await WebAssembly.instantiate(module, {wasi_snapshot_preview1: wasi(),
                                                           site: {metrics() { parts.metrics.wanted = true; },
                                                                  lists() { parts.lists.wanted = true; }, progress}});
  engine = instance.exports;
  engine._initialize();
  const packBytes = pack instanceof Uint8Array ? pack : new Uint8Array(pack);
  const at = engine.site_pack_bytes(packBytes.length); // may grow the memory: its view after
  memory().set(packBytes, at);
  if (await complete(() => engine.site_pack_open()) !== EXIT_ANSWERED)
    throw new Error(`${packName}: ${failureText()}`);

  // One route of the engine (site/engine.c's site_* exports): `text` its request, args the
  // route's own; the answer's text, or an Error with the engine's message, `status` the
  // command's exit status (1 not found, 2 bad input).
  async function ask(route, text, ...args) {
    const bytes = encoder.encode(text);
    const {status, answer} = await complete(() => {
      const at = engine.site_request(bytes.length);
      memory().set(bytes, at);
      const status = engine[route](...args);
      return {status, answer: answerText()};
    });
    if (status !== EXIT_ANSWERED) throw Object.assign(new Error(answer), {status});
    return answer;
  }

  // Whether the metrics part is attached (or the pack came whole), so that a question
  // that needs it is answered without a download; and the download started ahead of
  // such a question (resolves once attached, rejects when it fails).
  const hasMetrics = () => parts.metrics.ready;
  const loadMetrics = () => parts.metrics.ready ? Promise.resolve() : attach("metrics");
  // The same two for the lists part.
  const hasLists = () => parts.lists.ready;
  const loadLists = () => parts.lists.ready ? Promise.resolve() : attach("lists");

  return {ask, hasMetrics, loadMetrics, hasLists, loadLists};
}
