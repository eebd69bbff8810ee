"""Accessibility, tested: axe-core (npm, for the tests only: tests.lock) finds no serious or
critical violation on the table's screens — bidding, play, the hand's summary with its analysis,
the review, the score sheet, the settings, the statistics and the help — in both looks of the
deck, on a desktop and a phone."""

from __future__ import annotations

import pytest

from test_table import act, click, open_table, step

SERIOUS = ("serious", "critical")


def violations(page, axe_script: str, screen: str) -> list[str]:
    """axe-core's serious and critical findings on the page as it is, one line each."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_script)  # the context bypasses the page's CSP for it
    found = page.evaluate("""async () => (await axe.run(document, {resultTypes: ["violations"]}))
        .violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                               where: v.nodes.slice(0, 3).map(n => n.target.join(" "))}))""")
    return [f"{screen}: {v['id']} ({v['impact']}) {v['help']} at {v['where']}" for v in found
            if v["impact"] in SERIOUS]


@pytest.mark.parametrize("width,height,deck", [(1280, 860, "two"), (360, 740, "four")])
def test_the_tables_screens_have_no_serious_accessibility_violation(browser, site_url, wait_ready, axe_script,
                                                                    width, height, deck):
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    page = context.new_page()
    found: list[str] = []
    try:
        page.goto(site_url)
        page.evaluate(f"localStorage.setItem('spades.settings', JSON.stringify({{deck: '{deck}'}}))")
        open_table(page, site_url, wait_ready, 61)
        found += violations(page, axe_script, "before the deal")
        click(page, '[data-action="deal"]')
        found += violations(page, axe_script, "bidding")
        step(page)
        found += violations(page, axe_script, "play")
        while page.get_attribute("body", "data-phase") != "hand_over":
            step(page)
        found += violations(page, axe_script, "the hand's summary")
        act(page, lambda: page.locator('[data-action="analysis"]').click())
        page.wait_for_selector('#analysis[data-done="1"]', timeout=120_000)
        found += violations(page, axe_script, "the analysis")
        click(page, '#summary [data-action="review"]')
        click(page, '[data-action="review-step"][data-value="1"]')
        found += violations(page, axe_script, "the review")
        click(page, '#review-panel [data-value="close"]')
        for panel in ("score", "settings", "help", "stats"):
            click(page, f'[data-action="panel"][data-value="{panel}"]')
            found += violations(page, axe_script, f"the {panel} panel")
            close = page.locator(f'#{panel}-panel [data-value="close"]').first
            act(page, close.click)
        assert not found, "\n".join(found)
    finally:
        context.close()
