"use strict";
// The service worker of the page with no server: keeps the site's small files when it is
// first installed (api.js keeps the engine and the pack, which the page downloads anyway), answers from the network when there is one (so that a site written
// again is seen at once) and from what it kept when there is none, so that after the
// first load the page works offline.  An address's query (?layout=...) names the same file.

const CACHE = "klotski-site";
const FILES = ["./", "index.html", "app.css", "app.js", "api.js", "play.html"];

self.addEventListener("install", event => {
  event.waitUntil(caches.open(CACHE).then(cache => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", event => { event.waitUntil(self.clients.claim()); });

self.addEventListener("fetch", event => {
  if (event.request.method !== "GET") return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(event.request);
      if (response.ok) await cache.put(event.request, response.clone());
      return response;
    } catch (error) {
      const kept = await cache.match(event.request, {ignoreSearch: true});
      if (kept) return kept;
      throw error;
    }
  })());
});
