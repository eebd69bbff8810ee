// «Пики» — the service worker: the whole build, cached, served cache-first, swapped atomically.
//
// build.sh fills in BUILD (a content hash of the build) and FILES (every file of the build with
// its sha256, as a Subresource Integrity string). A new build gets a new cache name: it is filled
// completely, every file checked against its hash (precache), before the worker takes over (an
// incomplete or mixed download fails the install and the old build stays); old caches are deleted
// on activation, an old build's memory snapshot with them.
"use strict";

const BUILD = "__BUILD__";
const FILES = __FILES__;
const CACHE = "piki-" + BUILD;
const SNAPSHOT = "piki-snapshot-" + BUILD; // the page keeps this build's memory snapshot there (js/snapshot.mjs)

// One file of the build, checked against its hash. The page has just loaded most of them: taken
// from the browser's HTTP cache when it holds them (a first visit downloads each file once), from
// the network when it does not or when what it holds is another build's (the hash refuses it),
// and from the network once more when that fails (a dropped connection should not cost a whole
// update: one file missing fails the install). It fails, naming the file, when all three do.
const TRIES = ["force-cache", "reload", "reload"];

async function precache(path, integrity) {
  let failure;
  for (const cache of TRIES) {
    try {
      const response = await fetch(new Request(path, { cache, integrity }));
      if (response.ok) return response;
      failure = "HTTP " + response.status;
    } catch (error) {
      // another build's bytes in the HTTP cache (the hash refused them), or no answer
      failure = error.message;
    }
  }
  throw new Error("precache " + path + ": " + failure);
}

// A refused build says why to the pages this worker serves (js/boot.js logs it): the old build
// stays in use, and the reason would otherwise be seen only in the worker's own console.
async function tell(reason) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) {
    client.postMessage({ piki: "build refused", build: BUILD, reason });
  }
}

// The build's own files, but the page itself, are taken straight from this build's cache by the
// browser (the static routing API, where it exists): no request waits for this worker to run its
// fetch handler, which every warm start's scripts, runtime and archives would otherwise do, one
// after another. A file the cache lacks goes to the network; the page's address ("/",
// "/?game=…") stays with the fetch handler below, which maps it to index.html.
const ROUTED = ["build.json", "manifest.webmanifest", "css/*", "img/*", "js/*", "py/*", "sound/*", "vendor/*"];

function route(event) {
  if (typeof event.addRoutes !== "function") return;
  const base = new URL("./", self.location).pathname;
  return event.addRoutes(ROUTED.map((path) => ({
    condition: { urlPattern: new URLPattern({ pathname: base + path }), requestMethod: "GET" },
    source: { cacheName: CACHE },
  })));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    try {
      await route(event);
    } catch (error) { // a browser that refuses these rules (an older form of the API): the fetch
      console.warn("Пики: static routes not used:", error); // handler below serves every file
    }
    const cache = await caches.open(CACHE);
    try {
      await Promise.all(FILES.map(async ([path, integrity]) => cache.put(path, await precache(path, integrity))));
    } catch (error) {
      await caches.delete(CACHE); // never leave half a build behind; the old one stays in use
      await tell(String(error));
      throw error;
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("piki-") && name !== CACHE && name !== SNAPSHOT) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const key = url.pathname.endsWith("/") ? url.pathname + "index.html" : url.pathname;
    const hit = await cache.match(key, { ignoreSearch: true });
    return hit || fetch(request);
  })());
});
