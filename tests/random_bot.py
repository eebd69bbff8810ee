"""An outside bot for the tests: random legal play over the bot protocol (docs/protocol.md).

It reads its own partial record with the engine's ``spades.record.view_from_partial_record``
(so it also checks that the record it is sent is one a seat may know) and picks a legal action
with a generator seeded from the request line: the same request always gets the same answer.
With ``RANDOM_BOT_LOG`` set, it appends every request line to that file, so a test can read
what it was sent.
"""

import json
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from spades import Card, RecordError, Seat  # noqa: E402
from spades.record import view_from_partial_record  # noqa: E402


def main() -> None:
    log = os.environ.get("RANDOM_BOT_LOG")
    for line in sys.stdin:
        if log:
            with open(log, "a", encoding="utf-8") as f:
                f.write(line)
        try:
            request = json.loads(line)
            view = view_from_partial_record(request["record"], Seat.parse(request["seat"]))
        except (ValueError, KeyError, TypeError, RecordError) as exc:
            print(json.dumps({"error": str(exc)}), flush=True)
            continue
        action = random.Random(line.strip()).choice(view.legal)
        print(json.dumps({"action": str(action) if isinstance(action, Card) else action}), flush=True)


if __name__ == "__main__":
    main()
