"use strict";
// How the explorer page (app.js) asks its questions under `klotski serve`: the server's
// JSON API over HTTP.  The page with no server (`klotski site`, site/) sets an api.js of
// its own in this one's place, answered by the engine compiled to WebAssembly; both
// define API_OFFERS, api() and playAddress().

// What this api answers: every metric, the farthest and the hardest layouts, hints and
// checking.
const API_OFFERS = {metrics: ["step", "straight", "unit"], farthest: true, hardest: true, hint: true, check: true};

// How many times a question is asked again when the server's slow routes are busy.
const API_BUSY_RETRIES = 20;

// The answer of /api/PATH?PARAMS, or an Error with the server's message.  A 503 with
// Retry-After (the server's slow routes all busy, as when the page asks two slow
// questions at once) is asked again after the seconds it names.
async function api(path, params) {
  const address = `/api/${path}?${new URLSearchParams(params)}`;
  let response = await fetch(address);
  for (let retry = 0; retry < API_BUSY_RETRIES && response.status === 503 && response.headers.has("Retry-After");
       retry++) {
    const seconds = Math.min(Number(response.headers.get("Retry-After")) || 1, 5);
    await new Promise(resolve => setTimeout(resolve, seconds * 1000));
    response = await fetch(address);
  }
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error || `${path}: HTTP ${response.status}`);
  return answer;
}

// The address of the page that plays a minimal solution of `code` in `metric`.
function playAddress(code, metric) {
  return `/play?layout=${code}&metric=${metric}`;
}
