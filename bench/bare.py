"""The bare page's script: boot PyScript + Pyodide and mark the page ready, nothing more."""

from pyscript import document

document.body.dataset.ready = "1"
