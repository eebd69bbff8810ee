// Compile the page's Python to bytecode inside the pinned Pyodide, under Node.js (tools/site.py calls it).
//
//   node tools/precompile.mjs PYODIDE_DIR PYSCRIPT_DIR REQUEST_JSON
//
// PYODIDE_DIR and PYSCRIPT_DIR are the verified runtime files the site ships. REQUEST_JSON names,
// as host paths, the standard library archive, the game's source root and files, and the two
// output archives; see tools/precompile.py, which does the work. Prints that module's JSON answer.
//
// PyScript keeps its own Python package (pyscript/*.py) as a JavaScript object literal inside its
// core script, and writes it out as source at every start. This finds that literal (after the
// marker below), reads it with the JavaScript parser, and hands the sources on to be compiled.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, pyscriptDir, request] = process.argv.slice(2);
if (!pyodideDir || !pyscriptDir || !request) {
  console.error("usage: node tools/precompile.mjs PYODIDE_DIR PYSCRIPT_DIR REQUEST_JSON");
  process.exit(2);
}

const MARKER = '{pyscript:{"__init__.py":';

function literalEnd(text, start) {
  // The index just past the object literal opening at `start` (strings and escapes skipped).
  let depth = 0;
  let quote = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  return -1;
}

function pyscriptSources(dir) {
  // {"pyscript/__init__.py": source, ...} from the core script that holds them.
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".js")).sort()) {
    const text = readFileSync(join(dir, name), "utf8");
    const start = text.indexOf(MARKER);
    if (start < 0) continue;
    const end = literalEnd(text, start);
    if (end < 0) break;
    const tree = Function(`"use strict"; return (${text.slice(start, end)});`)();
    const files = {};
    const walk = (prefix, node) => {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === "string") files[prefix + key] = value;
        else walk(prefix + key + "/", value);
      }
    };
    walk("", tree);
    return files;
  }
  console.error(`precompile: no PyScript Python package (${MARKER}…) in ${dir}: ` +
                "a PyScript update changed how it ships its Python; adapt tools/precompile.mjs");
  process.exit(1);
}
const tools = dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
// PYTHONHASHSEED=0: set and frozenset constants are marshalled in hash order.
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", env: { PYTHONHASHSEED: "0" } });
const { FS } = pyodide;
// The host's file system under /host, so that the request's paths work unchanged.
FS.mkdirTree("/host");
FS.mount(FS.filesystems.NODEFS, { root: "/" }, "/host");
const job = JSON.parse(request);
job.pyscript = pyscriptSources(resolve(pyscriptDir));
for (const key of ["stdlib", "stdlib_out", "root", "game_out"]) job[key] = "/host" + resolve(job[key]);
pyodide.globals.set("REQUEST", JSON.stringify(job));
pyodide.globals.set("TOOLS", "/host" + tools);
try {
  console.log(pyodide.runPython(`
import sys
sys.path.insert(0, TOOLS)
sys.dont_write_bytecode = True
import precompile
precompile.main(REQUEST)
`));
} catch (error) {
  console.error(String(error.message || error)); // the Python traceback, without the runtime's source
  process.exit(1);
}
