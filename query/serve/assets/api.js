"use strict";
// How the explorer page (app.js) asks its questions under `klotski serve`: the server's
// JSON API over HTTP.  The page with no server (`klotski site`, site/) sets an api.js of
// its own in this one's place, answered by the engine compiled to WebAssembly; both
// define API_OFFERS, api() and playAddress().

// What this api answers: every metric, the farthest and the hardest layouts.
const API_OFFERS = {metrics: ["step", "straight", "unit"], farthest: true, hardest: true};

// The answer of /api/PATH?PARAMS, or an Error with the server's message.
async function api(path, params) {
  const response = await fetch(`/api/${path}?${new URLSearchParams(params)}`);
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error || `${path}: HTTP ${response.status}`);
  return answer;
}

// The address of the page that plays a minimal solution of `code` in `metric`.
function playAddress(code, metric) {
  return `/play?layout=${code}&metric=${metric}`;
}
