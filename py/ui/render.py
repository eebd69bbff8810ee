"""The HTML of each region of the table, from what the table shows (``view.TableView``).

``regions(tv)`` returns ``{element id: inner HTML}``; the page replaces a region only when its
HTML changed. Pure functions of the view's plain values, computed before (``view.table_view``):
nothing of the game is worked out while drawing, and no browser here, so the same code is
tested under CPython. Every word comes from ``strings``. The panels over the table (the hand's
summary, the score sheet, the review, the analysis, the statistics) are drawn by ``panels``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades import BLIND, Card, Phase, Seat
from spades.cards import HAND_SIZE, sort_for_display
from spades.rules import DISCARD, KEEP, blind_number, is_blind, is_nil, winning_index
from spades.seating import TEAM_OPTIONS
from spades.table import GAME_CHOICES, HOUSE_CHOICES, HOUSE_SWITCHES, PENALTY_ONLY, TABLE_CHOICES

from .art import AVATARS, avatar, face
from .fmt import (
    attrs,
    bid_text,
    card_name,
    colour,
    escape,
    house_text,
    number,
    pips,
    points,
    seat_name,
    sides,
    signed,
    table_text,
)
from .help import page as help_page
from .panels import chart, hand_summary, review, sheet, stats_panel
from .strings import language, t

if TYPE_CHECKING:
    from spades import View

    from .view import TableView


def card_face(card: Card) -> str:
    return face(str(card))  # the corner index and the drawing (ui.art)


# --- regions ----------------------------------------------------------------------------------


def regions(tv: TableView) -> dict[str, str]:
    view = tv.game
    return {
        "info": info(tv, view),
        "scores": scores(view),
        **{f"seat-{who.name}": seat(tv, view, who) if who in view.rules.layout.seats else ""
           for who in (Seat.N, Seat.W, Seat.E, Seat.S)},
        "trick": trick(tv, view),
        "panel": panel(tv, view),
        "hand": hand(tv, view),
        "score": sheet(view, tv.bostons),
        "settings": settings(tv),
        "notice": notice(tv),
        "confirm": confirm(tv),
        "help": help_page(language()),
        "lang-switch": lang_switch(),
        "sound-switch": sound_switch(tv.settings.sound),
        "tools": tools(tv, view),
        "review": review(tv),
        "stats": stats_panel(tv) if tv.stats is not None else "",
    }


def tools(tv: TableView, view: View) -> str:
    """The game's tools, reachable at any time: new game, undo, last trick, the record out and
    in, the link to share."""
    def button(action: str, key: str, disabled: bool = False, extra: str = "") -> str:
        return (f'<button type="button" class="tool" data-action="{action}"{attrs(disabled=disabled)}'
                f'{extra}>{escape(t(key))}</button>')

    busy = bool(tv.confirm) or tv.busy
    no_undo = busy or not tv.can_undo
    no_last = view.phase is not Phase.PLAY or view.last_trick is None
    pressed = f' aria-pressed="{"true" if tv.peek else "false"}"'
    return (
        button("new-game", "button.new_game")
        + button("undo", "button.undo", no_undo)
        + button("last-trick", "button.last_trick", no_last, pressed)
        + button("export", "button.export")
        + '<label class="tool file-tool">' + escape(t("button.import"))
        + '<input type="file" accept=".json,application/json" data-action="import"'
        + f' aria-label="{escape(t("button.import"))}"></label>'
        + button("share", "button.share")
        + button("panel", "button.stats", extra=' data-value="stats"')
    )


def info(tv: TableView, view: View) -> str:
    if tv.day is not None:  # «Сдача дня»: its date (and practice), in place of the game's number
        day = tv.day.play.day.isoformat()
        practice = (f' <span class="day-practice">{escape(t("game.day.practice"))}</span>'
                    if tv.day.play.practice else "")
        return (f'<span class="game-number day-number" data-day="{day}">{escape(t("game.day", date=day))}</span>'
                f'{practice}')
    parts = [
        f'<span class="game-number" data-game="{tv.number}">{escape(t("game.number", number=tv.number))}</span>',
        f'<span class="target">{escape(t("game.target", target=view.rules.target))}</span>',
        f'<span class="hand-number">{escape(t("game.hand", number=view.hand_index + 1))}</span>',
    ]
    if view.rules.table != TABLE_CHOICES["table"][0]:  # another table than two against two
        parts.append(f'<span class="table-name" data-table="{view.rules.table}">'
                     f'{escape(table_text(view.rules))}</span>')
    house = house_text(view.rules)
    if house:
        parts.append(f'<span class="house-rules">{escape(house)}</span>')
    return " ".join(parts)


def scores(view: View) -> str:
    out = []
    for side, (key, name) in enumerate(sides(view.rules)):
        score, bank = view.totals[side], view.banks[side]
        label = t("score.aria", team=name, score=points(score), bank=bank)
        out.append(
            f'<div class="team team-{key.lower()}" data-team="{key}" data-score="{score}" '
            f'data-bank="{bank}" aria-label="{escape(label)}">'
            f'<span class="team-name">{escape(name)}</span> '
            f'<span class="team-score">{escape(number(score))}</span> '
            f'<span class="team-bank">{escape(t("score.bank", bank=bank))}</span></div>'
        )
    return "".join(out)


def seat(tv: TableView, view: View, who: Seat) -> str:
    name = seat_name(who)
    bid = view.bids[who]
    taken = view.taken[who]
    dealt = tv.dealt
    turn = dealt and not tv.busy and view.to_move == who and view.phase in (Phase.BID, Phase.PLAY, Phase.DRAW)
    classes = ["seat-box"] + (["is-turn"] if turn else [])
    partner = view.rules.layout.partner_of[Seat.S]
    role = ""
    if who is Seat.N:  # across the table: the partner, or an opponent at a table without partners
        role_key = "seat.N.role" if partner == who else "seat.opponent.role"
        role = f' <span class="seat-role">· {escape(t(role_key))}</span>'
    dealer = ""
    if view.dealer == who:
        dealer = (f' <span class="chip dealer" title="{escape(t("dealer"))}" '
                  f'aria-label="{escape(t("dealer"))}">{escape(t("dealer.short"))}</span>')
    label = t("seat.label", name=name, bid=bid_text(bid), taken=taken)
    # tricks against the bid, "2 / 3", once there is a number to reach
    progress = (t("seat.progress", taken=taken, bid=bid) if bid is not None and not is_nil(bid)
                else t("seat.taken", taken=taken))
    out = [
        f'<div class="{" ".join(classes)}" role="group" data-seat="{who.name}" data-bid="{"" if bid is None else bid}" '
        f'data-taken="{taken}" aria-label="{escape(label)}">{avatar(who.name, t(AVATARS[who.name], name=name))}',
        f'<div class="seat-head"><span class="seat-name">{escape(name)}</span>{role}{dealer}</div>',
        '<div class="seat-info">'
        f'<span class="chip bid">{escape(t("seat.bid", bid=bid_text(bid)))}</span>'
        f'<span class="chip taken">{escape(progress)}</span></div>',
    ]
    if who is not Seat.S:
        count = view.held_counts[who] if dealt else 0
        backs = "".join('<span class="back"></span>' for _ in range(count))
        label = escape(t("seat.cards", count=count))
        out.append(f'<div class="backs" role="img" data-count="{count}" aria-label="{label}">'
                   f"{backs}</div>")
    if who is Seat.N and tv.partner_said is not None:  # the partner's last reason, beside its face
        action, said = tv.partner_said
        out.append(f'<p class="seat-said" data-said="{escape(str(action))}">{escape(said)}</p>')
    out.append("</div>")
    return "".join(out)


def trick(tv: TableView, view: View) -> str:
    if tv.shown_trick is not None:
        shown, winner = tv.shown_trick, tv.shown_trick.winner
    elif tv.peek and view.last_trick is not None:
        shown, winner = view.last_trick, view.last_trick.winner
    else:
        shown = view.trick
        winner = None
        if shown.cards:  # the card winning the trick so far
            winner = shown.seats[winning_index(shown.cards)]
    out = []
    said = tv.partner_said
    for who, card in zip(shown.seats, shown.cards):
        won = (" won" if shown.winner is not None else " winning") if winner == who else ""
        label = f"{seat_name(who)}: {card_name(card)}"
        why = ""
        if who is Seat.N and said is not None and said[0] == card:
            # the partner's reason: on hover (title) and on focus, read with the card's name
            text = said[1]
            label += f" — {text}"
            why = f' data-reason="{escape(text)}" title="{escape(text)}" tabindex="0"'
        out.append(
            f'<div class="card face {colour(card)} at-{who.name}{won}" data-trick-card="{card}" '
            f'data-seat="{who.name}" role="img" aria-label="{escape(label)}"{why}>{card_face(card)}</div>'
        )
    return "".join(out)


def bid_buttons(tv: TableView, view: View) -> str:
    buttons = []
    for n in view.legal:
        if is_blind(n):  # offered on its own, before the cards are looked at
            continue
        text = bid_text(n)
        buttons.append(
            f'<button type="button" class="bid-button" data-bid="{n}" aria-describedby="risk-{n}"'
            f' aria-label="{escape(t("bid.button.aria", bid=text))}">{escape(text)}</button>'
        )
    if tv.bid_hint is None:  # the hard level's playouts are under way in the worker
        hint_bid, data, label, reason = None, "", t("button.hint.wait"), escape(t("hint.wait"))
    else:
        hint_bid, said = tv.bid_hint
        data, label = f' data-hint="{escape(str(hint_bid))}"', t("button.hint", bid=bid_text(hint_bid))
        reason = pips(said)
    hint = (f'<button type="button" class="hint" data-action="hint"{data} '
            f'aria-describedby="hint-reason">{escape(label)}</button>'
            f'<p id="hint-reason" class="hint-reason" aria-live="polite">{reason}</p>') if tv.coached else ""
    return (
        '<div class="bid-panel" role="group" aria-labelledby="bid-title">'
        f'<p id="bid-title" class="panel-title">{escape(t("bid.title"))}</p>'
        f'<div class="bids">{"".join(buttons)}</div>{hint}{bid_risk_panel(tv, hint_bid)}</div>'
    )


def bid_risk_panel(tv: TableView, hinted: object) -> str:
    """#bid-risk: the team's bags, and for every bid what it scores made exactly, made with the
    likely bags, or set (``advice.bid_risk``: the scoring function's own figures); the hinted
    bid's line is shown, the line of the bid under the pointer or focus instead (css)."""
    risks = tv.bid_risks
    if not risks:
        return ""
    first = next(iter(risks.values()))
    if first.to_penalty is None:
        bank = t("risk.bank.off", bank=first.bank)
    else:
        bank = t("risk.bank", bank=first.bank, left=first.to_penalty, penalty=tv.game.rules.penalty)
    lines = [f'<p class="risk-bank">{escape(bank)}</p>']
    if not first.partner_known:
        lines.append(f'<p class="risk-partner">{escape(t("risk.partner", bid=bid_text(first.partner)))}</p>')
    chance = tv.nil_chance
    for n, risk in risks.items():
        figures = {"made": signed(risk.made), "set": signed(risk.set)}
        if is_nil(n):
            key = "risk.nil.wait" if chance is None else "risk.nil"
            text = t(key, chance=round(100 * chance) if chance is not None else 0, **figures)
            attrs = "" if chance is None else f' data-chance="{round(100 * chance)}"'
        else:
            text = t("risk.line", bid=bid_text(n), tricks=risk.likely_tricks, likely=signed(risk.likely),
                     **figures)
            attrs = f' data-likely="{risk.likely}"'
        hint_class = " hinted" if n == hinted else ""
        lines.append(f'<p id="risk-{n}" class="risk-line{hint_class}" data-risk-of="{n}" '
                     f'data-made="{risk.made}" data-set="{risk.set}"{attrs}>{escape(text)}</p>')
    return (f'<div id="bid-risk" class="bid-risk" role="note" '
            f'aria-label="{escape(t("risk.aria"))}">{"".join(lines)}</div>')


def panel(tv: TableView, view: View) -> str:
    if tv.confirm:
        return ""
    if view.phase is Phase.GAME_OVER and tv.day is None:
        return (
            '<div class="result" role="alert">'
            f'<h2 class="panel-title">{escape(t("result.title"))}</h2>'
            f'<p class="result-text">{escape(tv.result)}</p>{chart(view)}'  # type: ignore[arg-type]  # game over
            f'{hand_summary(tv, over=True)}'
            f'<button type="button" class="big-button" data-action="new-game">{escape(t("button.new_game"))}</button>'
            "</div>"
        )
    if view.phase is Phase.HAND_OVER or view.phase is Phase.GAME_OVER:  # a day's hand may end the game
        return hand_summary(tv)
    if not tv.dealt and not tv.busy:
        return (f'<button type="button" id="deal" class="big-button deal" data-action="deal">'
                f'{escape(t("button.deal"))}</button>')
    if not tv.south_turn:
        return ""
    if view.phase is Phase.DRAW:
        return draw_panel(view)
    if view.phase is Phase.BID:
        if tv.blind_pending:
            if tv.bid_hint is None:
                advice = t("hint.wait")
            else:
                action, reason = tv.bid_hint
                advice = t("blind.advice", reason=reason) if action == BLIND else t("blind.look_advice")
            nil = (f'<button type="button" data-action="blind-nil">{escape(t("button.blind"))}</button> '
                   if BLIND in view.legal else "")
            numbers = "".join(
                f'<button type="button" class="bid-button" data-action="blind-bid" data-value="{b}" aria-label="'
                f'{escape(t("blind.number.aria", tricks=blind_number(b)))}">{blind_number(b)}</button>'
                for b in view.legal if blind_number(b))
            return (
                '<div class="blind-offer">'
                f'<p>{escape(t("blind.offer" if nil else "blind.offer_numbers"))}</p>'
                f'<p class="hint-reason">{pips(advice)}</p>'
                + (f'<div class="bids" role="group" aria-label="{escape(t("blind.numbers"))}">{numbers}</div>'
                   if numbers else "")
                + f'{nil}<button type="button" class="secondary" data-action="look">{escape(t("button.look"))}</button>'
                "</div>"
            )
        return bid_buttons(tv, view)
    disabled = tv.selected is None
    claim = (f' <button type="button" class="secondary claim" data-action="claim" aria-describedby="claim-why">'
             f'{escape(t("button.claim"))}</button><span id="claim-why" class="sr-only">{escape(t("claim.why"))}'
             '</span>') if tv.claim else ""
    return (
        '<div class="play-panel">'
        f'<button type="button" class="big-button" data-action="play"{attrs(disabled=disabled)}>'
        f'{escape(t("button.play"))}</button> '
        + (f'<button type="button" class="secondary" data-action="hint">{escape(t("button.hint.play"))}</button>'
           if tv.coached else "")
        + f'{claim}</div>'
    )


def draw_panel(view: View) -> str:
    """South's turn of the draw (two players): the stock's top card, «Оставить» and «Сбросить»
    with what each does."""
    card = view.offered
    assert card is not None, "South looks at the stock's top card on its turn"
    count, size = view.held.bit_count() + 1, view.rules.layout.hand_size
    def button(action: str, key: str, kind: str) -> str:
        return (f'<button type="button" class="{kind}" data-action="draw" data-value="{action}" '
                f'aria-describedby="draw-explain">{escape(t(key))}</button>')
    return (
        '<div class="draw-panel" role="group" aria-labelledby="draw-title">'
        f'<p id="draw-title" class="panel-title">{escape(t("draw.title", count=count, size=size))}</p>'
        f'<div class="card face {colour(card)} draw-card" role="img" data-offered="{card}" '
        f'aria-label="{escape(t("draw.card", card=card_name(card)))}">{card_face(card)}</div>'
        f'<p id="draw-explain" class="draw-explain">{escape(t("draw.explain"))}</p>'
        f'<p class="draw-buttons">{button(KEEP, "button.keep", "big-button")} '
        f'{button(DISCARD, "button.discard", "big-button secondary")}</p>'
        f'<button type="button" class="secondary" data-action="hint">{escape(t("button.hint.play"))}</button></div>'
    )


def hand(tv: TableView, view: View) -> str:
    if not tv.dealt:
        return ""
    cards = sort_for_display(view.hand)
    if tv.blind_pending:
        return "".join(
            f'<span class="card back-card" role="img" aria-label="{escape(t("card.back"))}"></span>'
            for _ in cards
        )
    playing = tv.south_turn and view.phase is Phase.PLAY
    legal = set(view.legal) if playing else set()
    out = []
    for card in cards:
        ok = card in legal
        raised = tv.selected == card
        label = t("card.aria" if ok else "card.aria.disabled", card=card_name(card))
        classes = ["card", "face", colour(card)]
        if raised:
            classes.append("raised")
        if not ok:
            classes.append("dim" if playing else "idle")
        out.append(
            f'<button type="button" class="{" ".join(classes)}" data-card="{card}"'
            f'{attrs(aria_disabled="true" if not ok else None, aria_pressed="true" if raised else None)}'
            f' aria-label="{escape(label)}">{card_face(card)}</button>'
        )
    if len(out) <= HAND_SIZE:
        return "".join(out)
    # a hand of 17 (three players): two fans, one row on a wide screen, two on a phone (css)
    half = (len(out) + 1) // 2
    return f'<div class="fan">{"".join(out[:half])}</div><div class="fan">{"".join(out[half:])}</div>'


def settings(tv: TableView) -> str:
    s = tv.settings

    def radio(name: str, value: object, label: str, checked: bool) -> str:
        return (f'<label class="option"><input type="radio" name="{name}" value="{value}"'
                f'{attrs(checked=checked)}> {escape(label)}</label>')

    def check(name: str, label: str, checked: bool, off: bool = False) -> str:
        return (f'<label class="option"><input type="checkbox" name="{name}"'
                f'{attrs(checked=checked, disabled=off)}> {escape(label)}</label>')

    def radios(name: str, extra: str = "", off: bool = False) -> str:  # one setting's values (``TABLE_CHOICES``)
        chosen = s.value(name)
        return (f'<fieldset{attrs(disabled=off)}><legend>{escape(t("settings." + name))}</legend>'
                + "".join(radio(name, v, t(f"settings.{name}.{v}"), chosen == v) for v in TABLE_CHOICES[name])
                + extra + "</fieldset>")

    refused = s.rules.refused  # a team's rule, at a table without partners; its minimum, where bids are fixed

    def hinted(control: str, name: str) -> str:  # a house rule's control and its one-line explanation
        why = "" if name not in refused else " " + t(
            "settings.fixed_only" if name not in s.rules.layout.refuses
            else "settings.team_only" if name in TEAM_OPTIONS else "settings.not_drawn")
        hint = t(f"settings.{name}.hint") + why
        return f'{control}<p class="option-hint" id="hint-{name}">{escape(hint)}</p>'

    house = (f'<fieldset class="house"><legend>{escape(t("settings.house"))}</legend>'
             + "".join(hinted(radios(name, off=name in PENALTY_ONLY and not s.rules.bag_penalty or name in refused),
                              name) for name in HOUSE_CHOICES)
             + "".join(hinted(check(name, t(f"settings.{name}"), bool(s.value(name)), name in refused), name)
                       for name in HOUSE_SWITCHES)
             + "</fieldset>")
    rules = tv.game.rules
    note = t("settings.next_game") if tv.under_way else t("settings.now")
    in_force = house_text(rules, False)
    waiting = ""
    if tv.under_way and (s.rules != rules or s.level != tv.level):
        waiting = (f'<p><button type="button" data-action="new-game">'
                   f'{escape(t("settings.start_new"))}</button></p>')
    current = t(
        "settings.current",
        target=rules.target,
        level=t(f"settings.level.{tv.level}"),
        bags=t("on") if rules.bag_penalty else t("off"),
        blind=t("on") if rules.blind_nil else t("off"),
    )
    return (
        "".join(hinted(radios(name), name) for name in GAME_CHOICES) + radios("target") + radios("level")
        + f'<fieldset><legend class="sr-only">{escape(t("settings.title"))}</legend>'
        f'{check("bag_penalty", t("settings.bag_penalty"), s.rules.bag_penalty)}'
        f'{check("blind_nil", t("settings.blind_nil"), s.rules.blind_nil)}'
        f'{check("explain", t("settings.explain"), s.explain)}</fieldset>'
        + house
        + radios("pace", check("autoplay", t("settings.autoplay"), s.autoplay))
        + radios("deck") + radios("cards") + radios("felt")
        + f'<p class="settings-at-once">{escape(t("settings.table_now"))}</p>'
        f'<p class="settings-note" data-applies="{"next" if tv.under_way else "now"}">'
        f'{escape(note)}</p><p class="settings-current">{escape(current)}</p>'
        + (f'<p class="settings-current">{escape(in_force)}</p>' if in_force else "")
        + waiting
    )


def notice(tv: TableView) -> str:
    if not tv.notice:
        return ""
    return (f'<p class="notice-text">{escape(tv.notice)}</p>'
            f'<button type="button" class="secondary" data-action="dismiss">{escape(t("button.close"))}</button>')


def confirm(tv: TableView) -> str:
    if not tv.confirm:
        return ""
    number, saved = tv.confirm
    return (
        '<div class="confirm-box" role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-text">'
        f'<h2 id="confirm-title" class="panel-title">{escape(t("confirm.title", number=number))}</h2>'
        f'<p id="confirm-text">{escape(t("confirm.text", saved=saved))}</p>'
        f'<button type="button" data-action="confirm-new">{escape(t("confirm.yes", number=number))}</button> '
        '<button type="button" class="secondary" data-action="confirm-keep">'
        f'{escape(t("confirm.no", saved=saved))}</button>'
        "</div>"
    )


def sound_switch(on: bool) -> str:
    """The top bar's sound switch: pressed while the table's sounds are on."""
    return (f'<button type="button" class="sound-switch secondary" data-action="sound"'
            f' aria-pressed="{"true" if on else "false"}" aria-label="{escape(t("sound.label"))}"'
            f' title="{escape(t("sound.title"))}"><span aria-hidden="true">♪</span></button>')


def lang_switch() -> str:
    """The button that turns the page to the other language (it names that language)."""
    other = t("lang.switch.to")
    return (f'<button type="button" class="lang-switch secondary" data-action="lang" data-value="{other}"'
            f' lang="{other}" aria-label="{escape(t("lang.switch.aria"))}">{escape(t("lang.switch"))}</button>')


__all__ = ["regions", "signed", "number"]
