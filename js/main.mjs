// «Пики» — starts the game: the interpreter (js/pyodide.mjs), then the controller (py/app.py).
//
// The page's one module script, after js/boot.js (the loading indicator and the error panel,
// window.piki). The game starts on Pyodide directly, not through PyScript's start-up: PyScript
// spent 0.3 s before asking for the interpreter and up to 0.3 s after it (writing out and
// importing its own Python package) on every visit, for three names the controller used, all of
// them Pyodide's own (README, The site: "Started on Pyodide directly").
import { loadPyodide } from "./pyodide.mjs";

const piki = window.piki;

try {
  const pyodide = await loadPyodide();
  performance.mark("piki:interpreter"); // the interpreter is up (bench/page.py measures from here)
  piki.stage("start");
  await pyodide.runPythonAsync("import app");
} catch (error) {
  // a Python exception (PythonError has its type) or the runtime's own failure, said in words
  const python = error && typeof error.type === "string";
  piki.fail(python ? "python" : "runtime", String((error && (error.message || error.stack)) || error));
}
