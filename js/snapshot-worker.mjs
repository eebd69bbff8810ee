// «Пики» — makes the memory snapshot of this build (js/snapshot.mjs), in a worker: off the page's
// main thread, after the page is ready and the service worker holds the build (js/boot.js starts
// it), so its files come from that cache and not the network.
//
// The interpreter is started as the page starts it (js/pyodide.mjs, which also writes the game's
// archive and puts it on sys.path), and py/preload.py imports what the page will import. Then the
// heap is kept. Posts "kept" (there was one), "made", or "failed: why".
import { start } from "./pyodide.mjs";
import * as snapshot from "./snapshot.mjs";

async function make() {
  if (await snapshot.kept()) return "kept";
  await snapshot.forget();
  const pyodide = await start({ _makeSnapshot: true });
  // a string back, not a Python object: no JavaScript object is held by the heap
  const refused = pyodide.runPython(`import preload\n", ".join(preload.run())`);
  await snapshot.keep(pyodide.makeMemorySnapshot());
  return refused ? "made without " + refused : "made";
}

make().then(
  (result) => postMessage(result),
  (error) => postMessage("failed: " + snapshot.reason(error)),
);
