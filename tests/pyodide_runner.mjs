// Run the engine's unit tests inside the pinned Pyodide, under Node.js.
//
//   node tests/pyodide_runner.mjs [FILTER]
//
// Loads Pyodide from the full npm package that build.sh unpacked into the cache
// ($PIKI_CACHE/pkg/pyodide-VERSION, the version from runtime.lock) with the files the site ships:
// the game's precompiled modules ($PIKI_DIST/py/piki.zip, first on sys.path; the command-line
// tools, which the site does not ship, come from the checkout's py/). The standard library is
// Pyodide's whole one: the site's (py/stdlib.zip) holds only what the page imports, and the tests
// import more (pickle, argparse, html.parser, …); the build imports every name the page's Python
// names from the site's archive, and the browser tests run the page on it. Mounts this checkout at /repo and runs
// tests/pyodide_runner.py over tests/unit. Exit status 0 when every test that can run here
// passed. tests/site/test_pyodide.py calls this from pytest.
import { readFileSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const cache = process.env.PIKI_CACHE || join(root, ".cache");
const lock = readFileSync(join(root, "runtime.lock"), "utf8");
const version = lock.match(/^pyodide\s+(\S+)/m)?.[1];
const pyodideDir = join(cache, "pkg", `pyodide-${version}`);
const dist = resolve(process.env.PIKI_DIST || join(root, "dist"));
for (const need of [join(pyodideDir, "pyodide.mjs"), join(dist, "py", "stdlib.zip")]) {
  if (!version || !existsSync(need)) {
    console.error(`pyodide_runner: no ${need}: run ./build.sh first`);
    process.exit(3);
  }
}

const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
const { FS } = pyodide;
// The whole checkout, read through: tests also read docs/, index.html and tests/data.
FS.mkdirTree("/repo");
FS.mount(FS.filesystems.NODEFS, { root }, "/repo");
FS.mkdirTree("/dist");
FS.mount(FS.filesystems.NODEFS, { root: dist }, "/dist");
pyodide.globals.set("FILTER", process.argv[2] || "");
const status = await pyodide.runPythonAsync(`
import os, sys
os.chdir("/repo")
sys.path[:0] = ["/dist/py/piki.zip", "/repo/py", "/repo/tests"]
sys.dont_write_bytecode = True
import spades.state, spades_cli
# the engine from the shipped bytecode
print("precompiled:", spades.state.__file__, "; not shipped:", spades_cli.__file__)
import pyodide_runner
pyodide_runner.run("/repo/tests/unit", FILTER)
`);
process.exit(status);
