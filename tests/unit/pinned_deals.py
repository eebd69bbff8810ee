"""Deals pinned card by card: the shuffle must never change (CPython, Pyodide, any version)."""

PINNED_DEALS = {
    (1, 0): {
        "S": "8H 3H 7D TC 2S 8D QH QC QD 3C TS 6C 4C",
        "W": "7S TH 9C 5H JS 6H 4D QS 2H 2C 3S JH 3D",
        "N": "5C KS 8S 7C JD 8C KH 9S AH 9D 6S 9H KD",
        "E": "4S 5D JC 2D 5S KC 4H 7H AC AS TD 6D AD",
    },
    (12345, 0): {
        "S": "AD 5H 9S 7H TH 6C 2C 8H JD 3D 3C 7D KD",
        "W": "6S 8S 6H 7C 2D 9H QS 3H TS 9C 8D 4C QH",
        "N": "JH AH 7S 4D 6D 5C KC AC AS QD 5S 9D TC",
        "E": "TD 4S 2S JC QC KH 8C KS 5D 4H JS 2H 3S",
    },
    (12345, 1): {
        "S": "8S JD JH JC 5H 8H 8D KH 3C 6C QH 4S 2S",
        "W": "KC AS KD 4C 9D AH 3H 7D QD 5D 9C KS 9H",
        "N": "TD 2H 4H 6S 5C 7H 6D JS AC TS QC TH 7S",
        "E": "6H AD TC 2C 3S 8C QS 9S 2D 7C 5S 3D 4D",
    },
    (1099511627783, 5): {
        "S": "QS 8D AD KH 6D AS 7S JD QC 4C KS AH 8C",
        "W": "3D 9C JS 7C 3C 7H TD 8S 7D KD TS 2D TH",
        "N": "QD AC 9S JC 5C 4H 6H 4S 5D 2C 2H 6S 5H",
        "E": "9D 5S 9H 2S 3H 4D 8H JH TC 6C QH 3S KC",
    },
}
