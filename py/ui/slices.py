"""Long work done a slice at a time, so that the page stays live while a computer thinks.

A computer's decision, a hint, a Nil's chance and the analysis are generators (``Bot.think``):
each ``next`` is a small step, the value comes with ``StopIteration``. ``sliced`` runs one to
its value and gives the page its turn (taps, animations) after every ``SLICE_SECONDS`` of work;
``while_true`` stops one early, with ``ABANDONED``, once the table has left its position.
Slicing never changes a value: the bots' work is bounded by counts, not by time.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Generator
from typing import Any

SLICE_SECONDS = 0.03  # a computer thinks this long at most before the page gets a turn
ABANDONED = object()  # what ``while_true`` returns for work that no longer matters

Steps = Generator[Any, None, Any]


def while_true(steps: Steps, still: Callable[[], bool]) -> Steps:
    """A sliced computation that stops, returning ``ABANDONED``, at the first slice after
    ``still()`` turns false: work for a position the table has left."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
        if not still():
            return ABANDONED
        yield


async def sliced(steps: Steps, pause: Callable[[float], Awaitable[None]]) -> tuple[Any, float]:
    """Run a sliced computation to its value, awaiting ``pause(0)`` (the page's turn) after
    every ``SLICE_SECONDS`` of work. Returns the value and the seconds of work it took."""
    work = 0.0
    while True:
        began = time.perf_counter()
        try:
            while time.perf_counter() - began < SLICE_SECONDS:
                next(steps)
        except StopIteration as done:
            return done.value, work + time.perf_counter() - began
        work += time.perf_counter() - began
        await pause(0)


def reporting(steps: Steps, report: Callable[[Any], object]) -> Steps:
    """``steps`` (a sliced computation) that calls ``report(value)`` for each value other than
    None it yields (``spades.analysis.analyse_steps`` yields each ``Decision`` once priced,
    ``spades.daily.par_steps`` how many decisions it has made)."""
    while True:
        try:
            value = next(steps)
        except StopIteration as done:
            return done.value
        if value is not None:
            report(value)
        yield value


__all__ = ["ABANDONED", "SLICE_SECONDS", "Steps", "reporting", "sliced", "while_true"]
