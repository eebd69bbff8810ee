// «Пики» — the memory snapshot of the started interpreter, kept in the player's browser.
//
// A snapshot is Pyodide's whole WebAssembly heap once the interpreter has started and imported
// the game (py/preload.py): restoring it skips CPython's initialisation and every import, the
// longest part of a start. It is made in the player's browser, never shipped (it is 21 MB, tied
// to the exact runtime): on the first visit, once the page is ready and the service worker has
// the build, js/snapshot-worker.mjs makes it off the main thread; every later visit of the same
// build starts from it (js/pyodide.mjs).
//
// It is kept in the cache "piki-snapshot-<build>" (build.json's content hash of every file of the
// build, so another runtime or another game version never finds it), with the sha256 of its
// bytes. take() refuses a snapshot whose bytes no longer match that sum, and the loader deletes it; Pyodide
// itself refuses one made by another build of its runtime. The service worker deletes a snapshot
// with its build (sw.js, activate); the worker deletes any other build's it finds (forget).
//
// What happened is in <body data-snapshot>, said by the loader in the game's worker: "used", "refused" (damaged
// or refused by Pyodide: started without it) or "none" (none kept yet); then "made" once the
// worker has kept one. js/boot.js makes one only after the loader said "none" or "refused".

const PREFIX = "piki-snapshot-";
const KEY = new URL("../snapshot.bin", import.meta.url).href; // the same key in the page and the worker
const SUM = "x-piki-sha256";

let buildPromise = null;

/** The build's content hash (build.json), or null if it cannot be read. */
export function build() {
  if (!buildPromise) {
    buildPromise = fetch(new URL("../build.json", import.meta.url))
      .then((response) => (response.ok ? response.json() : null))
      .then((info) => (info && typeof info.build === "string" ? info.build : null))
      .catch(() => null);
  }
  return buildPromise;
}

function usable() {
  return typeof caches !== "undefined" && typeof crypto !== "undefined" && !!crypto.subtle;
}

async function cacheName() {
  const id = await build();
  return id && usable() ? PREFIX + id : null;
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** This build's kept response, or null (caches.has first: open() would create the cache). */
async function stored() {
  const name = await cacheName();
  if (!name || !(await caches.has(name))) return null;
  return (await (await caches.open(name)).match(KEY)) || null;
}

/** This build's snapshot, or null if there is none; throws if its bytes do not match their sum. */
export async function take() {
  const response = await stored();
  if (!response) return null;
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.headers.get(SUM) !== (await sha256(bytes))) {
    throw new Error("its bytes do not match their sum");
  }
  return bytes;
}

/** Is there a snapshot of this build already? */
export async function kept() {
  return !!(await stored());
}

/** Keep a snapshot of this build, with the sum of its bytes. */
export async function keep(bytes) {
  const name = await cacheName();
  if (!name) return;
  const headers = { "content-type": "application/octet-stream", [SUM]: await sha256(bytes) };
  await (await caches.open(name)).put(KEY, new Response(bytes, { headers }));
}

let marked = "none";

/** Say what happened: the game's worker (js/worker.mjs) puts it in the page's <body data-snapshot>. */
export function mark(state) {
  marked = state;
}

/** What the loader said (mark). */
export function state() {
  return marked;
}

/** An error's words, for a warning or the worker's answer. */
export function reason(error) {
  return String(error && error.message ? error.message : error);
}

/** Throw this build's snapshot away (damaged, or refused by Pyodide). */
export async function drop(why) {
  console.warn("Пики: memory snapshot not used:", why);
  try {
    const name = await cacheName();
    if (name) await caches.delete(name);
  } catch (error) {
    console.warn("Пики: memory snapshot not deleted:", error); // storage refused: start anyway
  }
}

/** Delete the snapshots of other builds (left by a page of an older build). */
export async function forget() {
  const name = await cacheName();
  if (!name) return;
  for (const other of await caches.keys()) {
    if (other.startsWith(PREFIX) && other !== name) await caches.delete(other);
  }
}
