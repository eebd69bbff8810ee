"""Make the table's sounds: sound/<name>.wav for each of ``ui.play.SOUNDS``.

Short tones, each note a sine (or a softer square) with a quick rise and an exponential fall,
written as 8-bit mono WAV at 22,050 Hz with the stdlib only (``wave``): a few kilobytes in all.
The page plays them with <audio> elements (js/main.mjs): a file from the site, where the Web
Audio API's first AudioContext costs the page's main thread about 0.1 s. The outputs are
committed, and are the same bytes every time; run `python3 tools/sounds.py` after changing them.
"""

from __future__ import annotations

import math
import sys
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RATE = 22_050
LEVEL = 0.35  # of full scale: quiet beside the page's other sounds

# name -> notes: (frequency in Hz, start in s, length in s, wave); ui/play.py SOUNDS
TONES: dict[str, list[tuple[float, float, float, str]]] = {
    "card": [(660, 0, 0.05, "triangle")],
    "trick": [(520, 0, 0.07, "sine"), (780, 0.06, 0.09, "sine")],
    "turn": [(880, 0, 0.12, "sine")],
    "hand": [(523, 0, 0.12, "sine"), (659, 0.1, 0.12, "sine"), (784, 0.2, 0.22, "sine")],
    "nil": [(440, 0, 0.12, "square"), (330, 0.1, 0.2, "square")],
}


def shape(name: str, phase: float) -> float:
    """One period of a wave, ``phase`` in [0, 1)."""
    if name == "sine":
        return math.sin(2 * math.pi * phase)
    if name == "triangle":
        return 4 * abs(phase - 0.5) - 1
    return 0.5 if phase < 0.5 else -0.5  # a square, at half the level: it sounds louder


def samples(notes: list[tuple[float, float, float, str]]) -> list[float]:
    end = max(start + length for _, start, length, _ in notes) + 0.02
    out = [0.0] * int(end * RATE)
    for frequency, start, length, name in notes:
        first = int(start * RATE)
        for i in range(int(length * RATE)):
            t = i / RATE
            rise = min(1.0, t / 0.005)
            fall = math.exp(-5 * t / length)
            out[first + i] += LEVEL * rise * fall * shape(name, (frequency * t) % 1.0)
    return out


def wav_bytes(values: list[float]) -> bytes:
    return bytes(max(0, min(255, round(128 + 127 * v))) for v in values)


def write(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, notes in TONES.items():
        path = directory / f"{name}.wav"
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(1)
            out.setframerate(RATE)
            out.writeframes(wav_bytes(samples(notes)))
        written.append(path)
    return written


def main() -> int:
    for path in write(ROOT / "sound"):
        print(f"sounds: wrote {path.relative_to(ROOT)} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
