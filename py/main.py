"""«Пики» — the game's PyScript script: ``<script type="py" worker name="game" src="py/main.py">``.

PyScript runs it in the game's worker, on the interpreter our loader (js/pyodide.mjs) made, and then
offers the functions named in ``__export__`` to the page: js/main.mjs calls them from its DOM
event handlers (``xworker.sync.tap(...)`` and the rest; the names are ``app.EXPORTS``). Everything
else is in ``app`` (py/app.py, precompiled in py/piki.zip); this file stays this small because
PyScript compiles it from source.
"""

from pyscript import sync

sync.stage("engine")  # the loading indicator says it while the game's modules import

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
