// «Пики» — makes the memory snapshot of this build (js/snapshot.mjs), in a worker: off the page's
// main thread, after the page is ready and the service worker holds the build (js/boot.js starts
// it), so its files come from that cache and not the network.
//
// The interpreter is started as the page starts it (js/pyodide.mjs), the game's files are put
// where PyScript puts them (pyscript.json "files"), and py/preload.py imports what the page will
// import. Then the heap is kept. Posts "kept" (there was one), "made", or "failed: why".
import { start } from "./pyodide.mjs";
import * as snapshot from "./snapshot.mjs";

async function make() {
  if (await snapshot.kept()) return "kept";
  await snapshot.forget();
  const config = await (await fetch(new URL("../pyscript.json", import.meta.url))).json();
  const pyodide = await start({ _makeSnapshot: true });
  const paths = [];
  for (const [url, path] of Object.entries(config.files || {})) {
    const response = await fetch(new URL(url, new URL("../", import.meta.url)));
    if (!response.ok) throw new Error(url + ": HTTP " + response.status);
    pyodide.FS.writeFile(path, new Uint8Array(await response.arrayBuffer()));
    paths.push(pyodide.FS.lookupPath(path).path);
  }
  // the paths as a Python literal (a list of strings): no JavaScript object is held by the heap
  const refused = pyodide.runPython(
    `import sys\nsys.path[:0] = ${JSON.stringify(paths)}\nimport preload\n", ".join(preload.run())`);
  await snapshot.keep(pyodide.makeMemorySnapshot());
  return refused ? "made without " + refused : "made";
}

make().then(
  (result) => postMessage(result),
  (error) => postMessage("failed: " + snapshot.reason(error)),
);
