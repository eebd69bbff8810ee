"""``python -m spades …``: the command line lives in ``spades_cli`` (not shipped to the page)."""

import sys

from spades_cli.main import main

if __name__ == "__main__":
    sys.exit(main())
