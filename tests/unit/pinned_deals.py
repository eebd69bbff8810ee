"""Deals pinned card by card: the shuffle must never change (CPython, Pyodide, any version).

Keyed by (game number, hand index, dealer): the cards ``deal.deal_masks`` gives each seat, in
ascending order (``cards_of``). Written down once from the engine (fa7a0f3's ``deal_hands``
dealt the same cards) and never to be recomputed: a change here changes every game number.
"""

PINNED_DEALS = {
    (1, 0, "E"): {
        "S": "2S 3S 4S 7S 8H QH 2D 4D 5D 7D QD KD 2C",
        "W": "8S 9S QS KS 3H 4H 6H 7H TH AH 8D AD 7C",
        "N": "5S JS AS 5H JH KH 3D JD 4C 9C JC QC AC",
        "E": "6S TS 2H 9H 6D 9D TD 3C 5C 6C 8C TC KC",
    },
    (12345, 0, "E"): {
        "S": "4S JS 6H 7H 8H TH 2D 7D 9D TD AD JC AC",
        "W": "3S 5S 8S TS QS 2H 4H KH 3D 4D 2C 5C 8C",
        "N": "2S 7S 9S KS AS 5H 9H JH QH KD 3C 7C QC",
        "E": "6S 3H AH 5D 6D 8D JD QD 4C 6C 9C TC KC",
    },
    (12345, 1, "S"): {
        "S": "2S 5S 8S QS 7H 9H KH 3D QD AD 5C JC AC",
        "W": "4S 9S JS TH 2D 5D 9D JD KD 3C 9C TC QC",
        "N": "3S TS KS AS 2H 6H QH AH 6D 8D 6C 7C KC",
        "E": "6S 7S 3H 4H 5H 8H JH 4D 7D TD 2C 4C 8C",
    },
    (1099511627783, 5, "W"): {
        "S": "2S 5S 6S 7S TS 8H TH QH 3D AD 3C 7C KC",
        "W": "3S 9S 2H 4H 9H AH 9D QD KD 4C 5C 9C JC",
        "N": "4S JS QS 3H 5H 7H JH KH 5D 8D JD 2C 6C",
        "E": "8S KS AS 6H 2D 4D 6D 7D TD 8C TC QC AC",
    },
    # a dealer other than the rotation's: the deck is the same, dealt from another seat
    (0, 0, "S"): {
        "S": "8S TS 7H JH QH 3D TD 4C 5C 7C 8C 9C JC",
        "W": "5S 6S 7S 8H 9H KH AH 2D 4D 9D JD QD TC",
        "N": "2S 3S 4S KS AS 4H 6H 6D 8D 3C 6C KC AC",
        "E": "9S JS QS 2H 3H 5H TH 5D 7D KD AD 2C QC",
    },
    (2147483647, 29, "N"): {
        "S": "4S 9S KS 2H 4H 6H JH 6D 7D 9D 3C JC AC",
        "W": "6S 7S JS AS 5H AH 5D 8D TD JD 4C 9C TC",
        "N": "8S 3H 7H 8H 9H TH QH 2D 3D QD AD 8C KC",
        "E": "2S 3S 5S TS QS KH 4D KD 2C 5C 6C 7C QC",
    },
}
