// Compile the page's Python to bytecode inside the pinned Pyodide, under Node.js (tools/site.py calls it).
//
//   node tools/precompile.mjs PYODIDE_DIR REQUEST_JSON
//
// PYODIDE_DIR is the verified runtime the site ships. REQUEST_JSON names, as host paths, the
// standard library archive, the game's source root and files, and the two output archives; see
// tools/precompile.py, which does the work. Prints that module's JSON answer.
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, request] = process.argv.slice(2);
if (!pyodideDir || !request) {
  console.error("usage: node tools/precompile.mjs PYODIDE_DIR REQUEST_JSON");
  process.exit(2);
}

const tools = dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const job = JSON.parse(request);
for (const key of ["stdlib", "stdlib_out", "root", "game_out"]) job[key] = "/host" + resolve(job[key]);

/** A Pyodide with the host's file system under /host (the request's paths work unchanged) and
 * tools/ on its path; `stdLibURL` another standard library than the stock one. */
async function interpreter(options = {}) {
  // PYTHONHASHSEED=0: set and frozenset constants are marshalled in hash order.
  const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", env: { PYTHONHASHSEED: "0" }, ...options });
  pyodide.FS.mkdirTree("/host");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "/" }, "/host");
  pyodide.globals.set("TOOLS", "/host" + tools);
  pyodide.runPython("import sys\nsys.path.insert(0, TOOLS)\nsys.dont_write_bytecode = True");
  return pyodide;
}

function run(pyodide, code, values) {
  for (const [name, value] of Object.entries(values)) pyodide.globals.set(name, value);
  return pyodide.runPython(code);
}

try {
  // Three interpreters: the stock one lists the standard names the game's Python imports and
  // writes the archives; a fresh one runs the closure (this tool's own imports must not count);
  // a third, started with the trimmed standard library, imports every name again.
  const stock = await interpreter();
  const names = run(stock, "import precompile\nprecompile.names_of(REQUEST)", { REQUEST: JSON.stringify(job) });
  const members = run(await interpreter(), run(stock, "precompile.CLOSURE", {}), { NAMES: names });
  const done = JSON.parse(run(stock, "precompile.main(REQUEST, MEMBERS)", { MEMBERS: members }));
  const trimmed = await interpreter({ stdLibURL: resolve(job.stdlib_out.slice("/host".length)) });
  // a name that does not import with the stock library either (an import guarded for another
  // runtime) is not missing
  const lacking = (pyodide) => run(pyodide, "from precompile import check\ncheck(NAMES)", { NAMES: names })
    .split("\n").filter((line) => line);
  const absent = new Set(lacking(stock).map((line) => line.split(":")[0]));
  const missing = lacking(trimmed).filter((line) => !absent.has(line.split(":")[0]));
  if (missing.length) {
    console.error("the trimmed standard library lacks modules the game imports (add them to LAZY in "
      + "tools/precompile.py, or find why the closure missed them):\n  " + missing.join("\n  "));
    process.exit(1);
  }
  done.names = names.split("\n").length;
  console.log(JSON.stringify(done));
} catch (error) {
  console.error(String(error.message || error)); // the Python traceback, without the runtime's source
  process.exit(1);
}
