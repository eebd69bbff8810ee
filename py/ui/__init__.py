"""The table's thin controller: the browser-free part of the page.

- ``strings``: every word shown, one catalogue per language.
- ``saves``: settings and the saved game in a key-value store (localStorage in the page).
- ``players``: the computer players and the hint behind one function each.
- ``controller``: player actions -> one engine call -> save; the computers' turns with pauses.
- ``render``: HTML of each region of the table from the player's view.

Nothing here imports ``js`` or ``pyscript``; ``py/app.py`` binds it to the page.
"""
