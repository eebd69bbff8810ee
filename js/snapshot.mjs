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
// build, so another runtime or another game version never finds it), with a checksum of its
// bytes (sum). take() refuses a snapshot whose bytes no longer match that sum, and the loader deletes it; Pyodide
// itself refuses one made by another build of its runtime. The service worker deletes a snapshot
// with its build (sw.js, activate); the worker deletes any other build's it finds (forget).
//
// A snapshot that restores but whose start then fails (the game's import, the controller's start)
// is spoiled: js/main.mjs replaces it with a marker (spoil) and reloads, and the page starts
// without one; the marker keeps this build from using or making another in this browser.
//
// What happened is in <body data-snapshot>, said by the loader in the game's worker: "used",
// "refused" (damaged or refused by Pyodide: started without it), "broken" (spoiled) or "none"
// (none kept yet); then "made" once the worker has kept one. js/boot.js makes one only after the
// loader said "none" or "refused".

const PREFIX = "piki-snapshot-";
const KEY = new URL("../snapshot.bin", import.meta.url).href; // the same key in the page and the worker
const SUM = "x-piki-sum";
const SPOILED = "x-piki-spoiled"; // the marker's header: why this build's snapshot broke a start

/** What take() gives for a spoiled snapshot. */
export const BROKEN = "broken";

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
  return typeof caches !== "undefined";
}

async function cacheName() {
  const id = await build();
  return id && usable() ? PREFIX + id : null;
}

/** The snapshot's checksum: two 32-bit multiplicative hashes of its words, and its length. It
 * guards against damage in storage, not against a forger (who could rewrite the sum as well): a
 * changed word always changes the first hash (each step is a bijection of it), and it costs a
 * fraction of a SHA-256 of 21 MB, which would lie on every start's path. */
export function sum(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 2);
  let a = 0x811c9dc5;
  let b = 0x2545f491;
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    a = Math.imul(a ^ word, 0x01000193);
    b = Math.imul(b ^ word ^ (b >>> 15), 0x2c1b3c6d);
  }
  for (let i = words.length << 2; i < bytes.length; i++) a = Math.imul(a ^ bytes[i], 0x01000193);
  const hex = (x) => (x >>> 0).toString(16).padStart(8, "0");
  return hex(a) + hex(b) + "-" + bytes.length;
}

/** This build's kept response, or null (caches.has first: open() would create the cache). */
async function stored() {
  const name = await cacheName();
  if (!name || !(await caches.has(name))) return null;
  return (await (await caches.open(name)).match(KEY)) || null;
}

/** This build's snapshot: null if there is none, BROKEN if it broke a start, or else
 * `{ bytes }`, the promise of its bytes, rejected if they do not match their sum. The bytes are
 * read and checked while the runtime loads (js/pyodide.mjs hands the promise to Pyodide, which
 * awaits it only once its own script is in). */
export async function take() {
  const response = await stored();
  if (!response) return null;
  if (response.headers.has(SPOILED)) return BROKEN;
  const bytes = checked(response);
  bytes.catch(() => {}); // a failure is thrown where the bytes are awaited, not as unhandled
  return { bytes };
}

async function checked(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.headers.get(SUM) !== sum(bytes)) {
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
  const headers = { "content-type": "application/octet-stream", [SUM]: sum(bytes) };
  await (await caches.open(name)).put(KEY, new Response(bytes, { headers }));
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

/** This build's snapshot broke a start after it was restored: keep only a marker in its place, so
 * that it is neither used nor made again for this build (a new build gets a new cache). */
export async function spoil(why) {
  console.warn("Пики: memory snapshot dropped, it broke the start:", why);
  const name = await cacheName();
  if (!name) return;
  const headers = { "content-type": "text/plain", [SPOILED]: "1" };
  await (await caches.open(name)).put(KEY, new Response(String(why).slice(0, 2000), { headers }));
}

/** Delete the snapshots of other builds (left by a page of an older build). */
export async function forget() {
  const name = await cacheName();
  if (!name) return;
  for (const other of await caches.keys()) {
    if (other.startsWith(PREFIX) && other !== name) await caches.delete(other);
  }
}
