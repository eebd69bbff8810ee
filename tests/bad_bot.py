"""An outside bot for the tests that cheats: it bids 3, then always answers the ace of spades,
whether it holds it or not. The arena must report it, not obey it."""

import json
import sys

for line in sys.stdin:
    hand = json.loads(line)["record"]["hands"][-1]
    print(json.dumps({"action": 3 if len(hand["bids"]) < 4 else "AS"}), flush=True)
