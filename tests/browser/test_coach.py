"""The partner explains, in real Chromium: North's reason in the status line, beside its face and on its card
(hover: title; focus: the card is focusable and its accessible name carries the reason), kept
over a reload, and gone when the setting is off."""

from __future__ import annotations

from test_table import SETTLED, click, hint_worked_out, nil_worked_out, open_table, step


def north_card(page):
    return page.locator('#trick [data-seat="N"]')


def play_until_north_in_trick(page) -> None:
    for _ in range(40):
        if north_card(page).count() and page.get_attribute("body", "data-turn") == "S":
            return
        step(page)
    raise AssertionError("North never played into South's trick")


def test_north_says_why_it_played(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, 31)
    play_until_north_in_trick(page)
    card = north_card(page)
    reason = card.get_attribute("data-reason")
    assert reason and card.get_attribute("title") == reason
    assert card.get_attribute("tabindex") == "0" and reason in card.get_attribute("aria-label")
    assert f" — {reason}." in page.inner_text("#status")
    said = page.locator("#seat-N .seat-said")  # and beside the partner's face, in its bubble
    assert said.inner_text() == reason and said.get_attribute("data-said") == card.get_attribute("data-trick-card")
    card.focus()
    assert page.evaluate("document.activeElement.dataset.seat") == "N"

    page.reload()
    wait_ready(page)
    page.wait_for_selector(SETTLED, state="attached")
    assert north_card(page).get_attribute("data-reason") == reason

    # the setting turns it off: no reason on the card, none in the status line
    click(page, '[data-action="panel"][data-value="settings"]')
    click(page, 'input[name="explain"]')
    assert page.evaluate("JSON.parse(localStorage.getItem('spades.settings')).explain") is False
    click(page, "#settings-panel [data-action=\"panel\"][data-value=\"close\"]")
    assert north_card(page).get_attribute("data-reason") is None
    assert not page.locator("#seat-N .seat-said").count()
    for _ in range(8):
        step(page)
        assert not page.locator("#trick [data-reason]").count()


def test_the_bid_risk_preview_follows_the_pointer_and_focus(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, 40)
    click(page, '[data-action="deal"]')
    risk = page.locator("#bid-risk")
    assert risk.is_visible() and "Мешков у команды" in risk.inner_text()
    hint_worked_out(page)
    hinted = page.get_attribute("#panel [data-action='hint']", "data-hint")
    assert page.locator(f"#risk-{hinted}").is_visible()
    other = "7" if hinted != "7" else "6"
    # the Nil's chance is worked out after the panel is up and draws its line again: hover after
    # that, so the preview read is the one the pointer shows once the panel has settled
    nil_worked_out(page)
    page.hover(f'#panel .bid-button[data-bid="{other}"]')
    assert page.locator(f"#risk-{other}").is_visible() and not page.locator(f"#risk-{hinted}").is_visible()
    page.mouse.move(0, 0)
    page.focus('#panel .bid-button[data-bid="0"]')
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # keyboard focus: :focus-visible
    nil = page.locator("#risk-0")
    assert nil.is_visible() and "Nil" in nil.inner_text()
    nil_worked_out(page)
    assert "% розыгрышей" in page.inner_text("#risk-0")
    assert page.get_attribute('#panel .bid-button[data-bid="0"]', "aria-describedby") == "risk-0"


def test_the_nil_chance_redraws_its_line_and_leaves_the_bid_buttons_in_place(page, site_url, wait_ready):
    """The Nil's chance comes after the bid panel is up: its line is drawn again, the buttons stay
    the same elements (one under the pointer keeps its hover, one being clicked its click)."""
    open_table(page, site_url, wait_ready, 40)
    page.evaluate("""() => {
      window.inserted = {buttons: 0, nilLines: 0};
      new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) {
          if (node.nodeType !== Node.ELEMENT_NODE) continue;
          const all = [node, ...node.querySelectorAll("*")];
          window.inserted.buttons += all.filter((e) => e.matches(".bid-button")).length;
          window.inserted.nilLines += all.filter((e) => e.id === "risk-0").length;
        }
      }).observe(document.getElementById("panel"), {childList: true, subtree: true});
    }""")
    click(page, '[data-action="deal"]')
    nil_worked_out(page)
    buttons = page.locator("#panel .bid-button").count()
    assert buttons == 14
    # the panel once, then the Nil's line once more, with its chance; never the buttons again
    assert page.evaluate("window.inserted") == {"buttons": buttons, "nilLines": 2}
    assert "% розыгрышей" in page.inner_text("#risk-0")


def test_the_hand_analysis_lists_costly_plays_and_opens_the_review_there(page, site_url, wait_ready):
    from test_table import body
    from test_table_tools import until

    open_table(page, site_url, wait_ready, 304)
    until(page, lambda: body(page, "phase") == "hand_over")
    click(page, '#summary [data-action="analysis"]')
    page.wait_for_selector('#analysis[data-done="1"]', state="attached", timeout=120_000)
    assert page.get_attribute("#analysis", "aria-live") == "polite"
    listed = page.eval_on_selector_all(
        "#analysis [data-cost]",
        "els => els.map(e => [Number(e.dataset.cost), Number(e.dataset.trick), e.dataset.kind])")
    assert len(listed) <= 3 and all(cost >= 3 and 1 <= trick <= 13 and kind in ("bid", "play")
                                    for cost, trick, kind in listed)
    assert [cost for cost, _, _ in listed] == sorted((cost for cost, _, _ in listed), reverse=True)
    if not listed:
        assert "Дорогих ошибок нет" in page.inner_text("#analysis")
        return
    click(page, "#analysis [data-cost] button >> nth=0")
    assert page.locator("#review-panel").is_visible()
    _, trick, kind = listed[0]  # a bid opens the review at the bids
    assert page.get_attribute("#review .review-where", "data-step") == ("0" if kind == "bid" else str(trick))


def test_following_the_bid_hint_is_never_charged_by_the_analysis(page, site_url, wait_ready):
    """«Совет» for a bid is the hard level's bid, playouts included; «Разбор сдачи» prices bids
    by the same search, so on every deal South bids by the hint, the analysis names that bid as
    the best and lists no cost for it."""
    from test_table import body
    from test_table_tools import until

    for game in (211, 212, 213):
        if game != 211:  # a new table: the last game, in progress, is not carried over
            page.evaluate("localStorage.clear()")
        open_table(page, site_url, wait_ready, game)
        until(page, lambda: body(page, "phase") == "bid" and body(page, "turn") == "S")
        hint_worked_out(page)
        hinted = page.get_attribute("#panel .hint", "data-hint")
        assert page.inner_text("#panel .hint").endswith(hinted if hinted != "0" else "Nil")
        step(page)  # the hint's bid
        assert page.get_attribute('#seat-S .seat-box', "data-bid") == hinted
        until(page, lambda: body(page, "phase") == "hand_over")
        click(page, '#summary [data-action="analysis"]')
        page.wait_for_selector('#analysis[data-done="1"]', state="attached", timeout=180_000)
        verdict = page.locator("#analysis .analysis-bid")
        assert verdict.get_attribute("data-played") == verdict.get_attribute("data-best") == hinted, game
        assert "лучший" in verdict.inner_text()
        kinds = page.eval_on_selector_all("#analysis [data-kind]", "els => els.map(e => e.dataset.kind)")
        assert "bid" not in kinds
