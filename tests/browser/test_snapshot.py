"""The memory snapshot (js/snapshot.mjs): made in the player's browser after the first visit, used
by the next ones, refused when damaged or made by another runtime, never used by another build.

Each test uses its own browser profile (the ``page`` fixture's context), so the snapshot it finds
is the one it made."""

from __future__ import annotations

from test_table import SETTLED, body, hand_cards, step

SNAPSHOTS = "async () => (await caches.keys()).filter(k => k.startsWith('piki-snapshot-')).sort()"
MADE = "body[data-snapshot='made']"
# Rewrite the kept snapshot's bytes: flip bits in its middle (damage) or in its header (the
# runtime's build id), keeping the stored sum as it was or summing the new bytes with the page's
# own checksum (a snapshot whose sum is right but whose content is not for this runtime).
REWRITE = """async ([where, resum]) => {
  const name = (await caches.keys()).find(k => k.startsWith('piki-snapshot-'));
  const cache = await caches.open(name);
  const [request] = await cache.keys();
  const response = await cache.match(request);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (where === "middle") bytes[bytes.length >> 1] ^= 1;
  else bytes[16] ^= 0xff;
  let sum = response.headers.get('x-piki-sum');
  if (resum) sum = (await import(new URL('js/snapshot.mjs', location.href).href)).sum(bytes);
  await cache.put(request, new Response(bytes, {headers: {'x-piki-sum': sum}}));
}"""


def first_visit(page, site_url, wait_ready) -> None:
    page.goto(f"{site_url}?fast=1")
    wait_ready(page)
    assert body(page, "snapshot") == "none"
    page.wait_for_selector(MADE, state="attached", timeout=90_000)


def visit(page, site_url, wait_ready, fresh: bool = False):
    """A later visit in a new tab of the same profile; ``fresh``: with no game saved."""
    if fresh:
        page.evaluate("localStorage.clear()")
    later = page.context.new_page()
    later.goto(f"{site_url}?fast=1")
    wait_ready(later)
    later.wait_for_selector(SETTLED, state="attached")
    return later


def game_number(page) -> str:
    return page.get_attribute(".game-number", "data-game") or ""


def test_later_visits_start_from_the_snapshot_and_play(page, site_url, wait_ready):
    first_visit(page, site_url, wait_ready)
    assert len(page.evaluate(SNAPSHOTS)) == 1

    second = visit(page, site_url, wait_ready, fresh=True)
    third = visit(second, site_url, wait_ready, fresh=True)
    for later in (second, third):
        assert body(later, "snapshot") == "used"
        assert later.evaluate("window.pikiProbe().then((p) => p.fromSource)") == ""
    # the snapshot's random state is not every visit's: each new game draws its own number
    assert game_number(second) != game_number(third)

    # and the game plays: a hand dealt and bid, and South's first card played, by clicks
    while body(third, "phase") != "play":
        step(third)
    step(third)
    assert len(hand_cards(third)) == 12


def test_a_damaged_snapshot_is_refused_deleted_and_made_again(page, site_url, wait_ready):
    page.allow_console_errors("snapshot")
    first_visit(page, site_url, wait_ready)
    page.evaluate(REWRITE, ["middle", False])

    later = visit(page, site_url, wait_ready)
    assert body(later, "snapshot") in ("refused", "made")  # started without it, then made anew
    later.wait_for_selector(MADE, state="attached", timeout=90_000)
    assert visit(later, site_url, wait_ready).get_attribute("body", "data-snapshot") == "used"


def test_a_snapshot_of_another_runtime_is_refused_by_pyodide(page, site_url, wait_ready):
    # The sum is right, but the runtime's build id in the header (bytes 16-47) is another's:
    # Pyodide refuses it, and the page starts as if there were none.
    page.allow_console_errors("snapshot|[Ss]napshot build id")
    first_visit(page, site_url, wait_ready)
    page.evaluate(REWRITE, ["header", True])

    later = visit(page, site_url, wait_ready)
    assert body(later, "snapshot") in ("refused", "made")
    assert later.evaluate("window.pikiProbe().then((p) => p.fromSource)") == ""
    later.wait_for_selector(MADE, state="attached", timeout=90_000)


def test_another_builds_snapshot_is_never_used_and_is_deleted(page, site_url, wait_ready):
    first_visit(page, site_url, wait_ready)
    (own,) = page.evaluate(SNAPSHOTS)
    stale = "piki-snapshot-0000000000000000"
    page.evaluate("""async ([own, stale]) => {
      const from = await caches.open(own);
      const [request] = await from.keys();
      await (await caches.open(stale)).put(request, await from.match(request));
      await caches.delete(own);
    }""", [own, stale])

    later = visit(page, site_url, wait_ready)
    assert body(later, "snapshot") in ("none", "made")  # the other build's was not taken
    later.wait_for_selector(MADE, state="attached", timeout=90_000)
    assert later.evaluate(SNAPSHOTS) == [own]  # made anew; the stale one deleted
