"""Deals pinned card by card: the shuffle must never change (CPython, Pyodide, any version)."""

PINNED_DEALS = {
    (1, 0): {
        "S": "QH 2C 2S 7D 5D 2D 3S KD 7S 4S 8H 4D QD",
        "W": "QS 7H 8S 7C 4H KS 9S AH AD 3H TH 8D 6H",
        "N": "JH 5H JD 9C JC 5S 3D AS AC QC KH 4C JS",
        "E": "6C TC 6S 9D KC 8C TD TS 3C 9H 5C 2H 6D",
    },
    (12345, 0): {
        "S": "4S 7D JC TH 9D AC 8H AD 6H TD JS 7H 2D",
        "W": "3D 4H TS QS 5S 8S KH 4D 3S 5C 2H 2C 8C",
        "N": "5H KD AS QC 9H 3C KS 7C 2S QH JH 7S 9S",
        "E": "4C QD KC 6S 9C JD 6D 8D 6C 3H 5D AH TC",
    },
    (12345, 1): {
        "S": "5S AC JC 3D 5C 8S 2S KH QS 9H AD QD 7H",
        "W": "KD TH QC TC JS 9C JD 9S 3C 5D 2D 4S 9D",
        "N": "3S 2H KC KS AH QH 8D 6H TS AS 6C 6D 7C",
        "E": "8C 6S 5H 4H 8H 7S JH TD 7D 2C 3H 4D 4C",
    },
    (1099511627783, 5): {
        "S": "2H 9H KD 5C 9C 9D JC AH QD 3S 4H 9S 4C",
        "W": "JD JS 5D 7H 4S 6C 8D JH 3H 2C 5H QS KH",
        "N": "AS TC KS TD 6D 8C QC 4D AC 7D 6H 8S 2D",
        "E": "QH KC 3D 6S AD 3C 5S 2S TS 7S TH 8H 7C",
    },
}
