"""«Пики» — the game's PyScript script: ``<script type="py" worker name="game" src="py/main.py">``.

PyScript runs it in the game's worker, on the interpreter our loader (js/pyodide.mjs) made, and then
offers the functions named in ``__export__`` to the page: js/main.mjs calls them from its DOM
event handlers (``xworker.sync.tap(...)`` and the rest; the names are ``app.EXPORTS``). Everything
else is in ``app`` (py/app.py, precompiled in py/piki.zip); this file stays this small because
PyScript compiles it from source.

Python calls the page (``sync.ops``) only once the page has called ``start``: the page may attach
to this worker late (js/main.mjs, attach). The loading indicator's stage "engine", said while the
game's modules import, is therefore a plain message of the worker, as our loader's are.
"""

import js
from pyodide.ffi import to_js

js.postMessage(to_js({"piki": {"stage": "engine"}}, dict_converter=js.Object.fromEntries))

try:
    from app import EXPORTS
except Exception:  # the game could not be imported: the page's first call says why, in its error
    import traceback

    failure = traceback.format_exc()

    def start(begun):
        raise RuntimeError(failure)

    EXPORTS = {"start": start}

globals().update(EXPORTS)  # PyScript exports names of this script's globals
__export__ = list(EXPORTS)
