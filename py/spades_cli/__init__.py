"""The command-line tools of «Пики»: replay, play, arena, bench and the bot protocol.

They drive the engine (``spades``) from a terminal and are not shipped to the page: the site
lists only what the page imports. ``python -m spades …`` and ``python -m spades_cli …`` both run
``main``.
"""
