"""The HTML of each region of the table, from the player's view and the controller's state.

``regions(ctl)`` returns ``{element id: inner HTML}``; the page replaces a region only when its
HTML changed. Pure functions of what South may know (``game.view(Seat.S)``) — no browser here,
so the same code is tested under CPython. Every word comes from ``strings``.
"""

from __future__ import annotations

from spades import BLIND, SEATS, Card, Phase, Seat, Team
from spades.cards import sort_for_display
from spades.reasons import Reason
from spades.rules import BAGS_PER_PENALTY, is_nil, winning_index
from spades.scoring import SHEET_ROWS
from spades.table import OPPONENT_LEVELS, TARGETS

from spades.rules import LOSING_SCORE

from .controller import in_progress
from .fmt import bid_text, escape, number, points, seat_name, signed
from . import stats
from .help import page as help_page
from .review import held_after
from .strings import language, t


def _attrs(**attrs) -> str:
    out = []
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        out.append(name if value is True else f'{name}="{escape(str(value))}"')
    return (" " + " ".join(out)) if out else ""


def card_face(card: Card) -> str:
    rank = card.display[:-1]
    suit = card.suit.symbol
    return (
        f'<span class="corner" aria-hidden="true"><span class="rank">{rank}</span>'
        f'<span class="pip">{suit}</span></span>'
        f'<span class="big" aria-hidden="true">{suit}</span>'
    )


def colour(card: Card) -> str:
    return "red" if card.suit.is_red else "black"


# --- regions ----------------------------------------------------------------------------------


def regions(ctl) -> dict[str, str]:
    view = ctl.view()
    return {
        "info": info(ctl, view),
        "scores": scores(view),
        "seat-N": seat(ctl, view, Seat.N),
        "seat-W": seat(ctl, view, Seat.W),
        "seat-E": seat(ctl, view, Seat.E),
        "seat-S": seat(ctl, view, Seat.S),
        "trick": trick(ctl, view),
        "panel": panel(ctl, view),
        "hand": hand(ctl, view),
        "score": sheet(view),
        "settings": settings(ctl),
        "notice": notice(ctl),
        "confirm": confirm(ctl),
        "help": help_page(language()),
        "lang-switch": lang_switch(),
        "tools": tools(ctl, view),
        "review": review(ctl),
        "stats": stats_panel(ctl) if ctl.panel == "stats" else "",
    }


def stats_panel(ctl) -> str:
    """The statistics panel: the figures (``data-stat``), export, import, reset."""
    figures = stats.totals(stats.load(ctl.store))

    def shown(value, pct=False):
        return "—" if value is None else (f"{value}%" if pct else str(value))

    rows = []
    for name in stats.FIGURES:
        value = figures[name]
        rows.append(f'<tr><th scope="row">{escape(t("stats." + name))}</th>'
                    f'<td data-stat="{name}" data-value="{"" if value is None else value}">'
                    f'{escape(shown(value, name.endswith("_pct")))}</td></tr>')
    for key, b in sorted(figures["by"].items()):
        kind, value = key.split(":")
        label = t("stats.by_level", level=t(f"settings.level.{value}")) if kind == "level" else t(
            "stats.by_target", target=value)
        rows.append(f'<tr><th scope="row">{escape(label)}</th><td data-by="{escape(key)}">'
                    f'{escape(t("stats.won_of", won=b["won"], games=b["games"]))}</td></tr>')
    for which in ("best", "worst"):
        score = figures[which]
        text = "—" if score is None else f"{number(score[0])} : {number(score[1])}"
        rows.append(f'<tr><th scope="row">{escape(t("stats." + which))}</th><td data-stat="{which}">'
                    f'{escape(text)}</td></tr>')
    reset = (f'<button type="button" class="secondary" data-action="stats-reset">{escape(t("stats.reset"))}</button>'
             if not ctl.stats_confirm else
             f'<span role="alert">{escape(t("stats.reset_ask"))}</span> '
             f'<button type="button" data-action="stats-reset-confirm">{escape(t("stats.reset_yes"))}</button> '
             f'<button type="button" class="secondary" data-action="stats-keep">{escape(t("stats.reset_no"))}</button>')
    return (
        f'<table class="sheet stats-table"><tbody>{"".join(rows)}</tbody></table>'
        f'<p class="stats-note">{escape(t("stats.note"))}</p>'
        f'<p class="stats-tools"><button type="button" class="secondary" data-action="stats-export">'
        f'{escape(t("stats.export"))}</button> '
        f'<label class="secondary file-tool stats-import">{escape(t("stats.import"))}'
        f'<input type="file" accept=".json,application/json" data-action="import-stats" '
        f'aria-label="{escape(t("stats.import"))}"></label> {reset}</p>'
    )


def review(ctl) -> str:
    """The hand review: the bids, all four hands, the tricks one by one (from the record)."""
    if ctl.review is None:
        return ""
    index, step = ctl.review
    data = ctl.review_hand()
    held = held_after(data, step)
    bids = " · ".join(f"{seat_name(Seat.parse(s))} {bid_text(b)}" for s, b in data["bids"].items())
    hands = []
    for who in (Seat.N, Seat.W, Seat.E, Seat.S):
        cards = "".join(f'<span class="mini {colour(c)}">{escape(c.display)}</span>'
                        for c in sort_for_display(held[who.name]))
        hands.append(f'<div class="review-hand at-{who.name}" data-seat="{who.name}" '
                     f'data-count="{len(held[who.name])}"><strong>{escape(seat_name(who))}</strong> {cards}</div>')
    trick_html = ""
    if step:
        trick = data["tricks"][step - 1]
        leader = Seat.parse(trick["leader"])
        plays = []
        for i, code in enumerate(trick["cards"]):
            who = SEATS[(leader + i) % len(SEATS)]
            card = Card.parse(code)
            won = ' class="won"' if who.name == trick["winner"] else ""
            plays.append(f'<li{won} data-seat="{who.name}" data-card="{code}">{escape(seat_name(who))}: '
                         f'<span class="mini {colour(card)}">{escape(card.display)}</span></li>')
        won_by = escape(t("review.won", seat=seat_name(Seat.parse(trick["winner"]))))
        trick_html = (f'<ol class="review-trick" data-trick="{step}" data-winner="{trick["winner"]}">'
                      f'{"".join(plays)}</ol><p>{won_by}</p>')
    def step_button(value, key, disabled):
        return (f'<button type="button" class="secondary" data-action="review-step" data-value="{value}"'
                f'{_attrs(disabled=disabled)}>{escape(t(key))}</button>')
    return (
        f'<p class="review-where" data-hand="{index + 1}" data-step="{step}">'
        f'{escape(t("review.where", hand=index + 1, trick=step, tricks=len(data["tricks"])))}</p>'
        f'<p class="review-bids">{escape(t("review.bids", bids=bids))}</p>'
        f'<div class="review-table">{"".join(hands)}</div>{trick_html}'
        f'<p class="review-steps">{step_button(0, "review.first", step == 0)}'
        f'{step_button(-1, "review.back", step == 0)}{step_button(1, "review.forward", step >= len(data["tricks"]))}'
        f'{step_button(13, "review.last", step >= len(data["tricks"]))}</p>'
    )


def chart(view) -> str:
    """Both teams' scores after each hand as an SVG line chart, with the target and −200 lines,
    and a text alternative."""
    points = [(0, 0)] + [(ns.total, ew.total) for ns, ew in view.sheet]
    if len(points) < 2:
        return ""
    target, floor = view.rules.target, LOSING_SCORE
    top = max([target] + [max(p) for p in points]) + 20
    bottom = min([floor] + [min(p) for p in points]) - 20
    width, height, pad = 320, 180, 28
    def x(i):
        return pad + (width - 2 * pad) * i / (len(points) - 1)
    def y(v):
        return pad / 2 + (height - pad) * (top - v) / (top - bottom)
    lines = []
    for team, k in (("NS", 0), ("EW", 1)):
        path = " ".join(f"{x(i):.1f},{y(p[k]):.1f}" for i, p in enumerate(points))
        dots = "".join(f'<circle class="dot-{team.lower()}" cx="{x(i):.1f}" cy="{y(p[k]):.1f}" r="3" '
                       f'data-hand="{i}" data-score="{p[k]}"/>' for i, p in enumerate(points) if i)
        lines.append(f'<polyline class="line-{team.lower()}" data-team="{team}" points="{path}"/>{dots}')
    marks = "".join(
        f'<line class="mark" x1="{pad}" x2="{width - pad}" y1="{y(v):.1f}" y2="{y(v):.1f}"/>'
        f'<text x="{width - pad + 2}" y="{y(v) + 4:.1f}">{escape(number(v))}</text>' for v in (target, 0, floor))
    text = "; ".join(t("chart.point", hand=i, ns=number(p[0]), ew=number(p[1])) for i, p in enumerate(points) if i)
    label = t("chart.aria", target=target, points=text)
    return (f'<figure class="chart"><svg id="chart" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="{escape(label)}" data-hands="{len(points) - 1}">{marks}{"".join(lines)}</svg>'
            f'<figcaption>{escape(t("chart.caption"))}</figcaption></figure>')


def tools(ctl, view) -> str:
    """The game's tools, reachable at any time: new game, undo, last trick, the record out and
    in, the link to share."""
    def button(action, key, disabled=False, extra=""):
        return (f'<button type="button" class="tool" data-action="{action}"{_attrs(disabled=disabled)}'
                f'{extra}>{escape(t(key))}</button>')

    busy = bool(ctl.confirm) or ctl.busy
    no_undo = busy or ctl.undo_point() is None
    no_last = view.phase is not Phase.PLAY or view.last_trick is None
    pressed = f' aria-pressed="{"true" if ctl.peek else "false"}"'
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


def info(ctl, view) -> str:
    game = ctl.game
    parts = [
        f'<span class="game-number" data-game="{game.game}">{escape(t("game.number", number=game.game))}</span>',
        f'<span class="target">{escape(t("game.target", target=view.rules.target))}</span>',
        f'<span class="hand-number">{escape(t("game.hand", number=view.hand_index + 1))}</span>',
    ]
    return " ".join(parts)


def scores(view) -> str:
    out = []
    for team in (Team.NS, Team.EW):
        name = t(f"team.{team.name}")
        score, bank = view.totals[team], view.banks[team]
        label = t("score.aria", team=name, score=points(score), bank=bank)
        out.append(
            f'<div class="team team-{team.name.lower()}" data-team="{team.name}" data-score="{score}" '
            f'data-bank="{bank}" aria-label="{escape(label)}">'
            f'<span class="team-name">{escape(name)}</span> '
            f'<span class="team-score">{escape(number(score))}</span> '
            f'<span class="team-bank">{escape(t("score.bank", bank=bank))}</span></div>'
        )
    return "".join(out)


def seat(ctl, view, who: Seat) -> str:
    name = seat_name(who)
    bid = view.bids[who]
    taken = view.taken[who]
    dealt = ctl.dealt
    turn = dealt and not ctl.busy and view.to_move == who and view.phase in (Phase.BID, Phase.PLAY)
    classes = ["seat-box"] + (["is-turn"] if turn else [])
    role = f' <span class="seat-role">· {escape(t("seat.N.role"))}</span>' if who is Seat.N else ""
    dealer = ""
    if view.dealer == who:
        dealer = (f' <span class="chip dealer" title="{escape(t("dealer"))}" '
                  f'aria-label="{escape(t("dealer"))}">{escape(t("dealer.short"))}</span>')
    label = t("seat.label", name=name, bid=bid_text(bid), taken=taken)
    # tricks against the bid, "2 / 3", once there is a number to reach
    progress = (t("seat.progress", taken=taken, bid=bid) if bid is not None and not is_nil(bid)
                else t("seat.taken", taken=taken))
    out = [
        f'<div class="{" ".join(classes)}" data-seat="{who.name}" data-bid="{"" if bid is None else bid}" '
        f'data-taken="{taken}" aria-label="{escape(label)}">',
        f'<div class="seat-head"><span class="seat-name">{escape(name)}</span>{role}{dealer}</div>',
        '<div class="seat-info">'
        f'<span class="chip bid">{escape(t("seat.bid", bid=bid_text(bid)))}</span>'
        f'<span class="chip taken">{escape(progress)}</span></div>',
    ]
    if who is not Seat.S:
        count = view.held_counts[who] if dealt else 0
        backs = "".join('<span class="back"></span>' for _ in range(count))
        out.append(f'<div class="backs" data-count="{count}" aria-label="{escape(t("seat.cards", count=count))}">'
                   f"{backs}</div>")
    out.append("</div>")
    return "".join(out)


def trick(ctl, view) -> str:
    if ctl.shown_trick is not None:
        shown, winner = ctl.shown_trick, ctl.shown_trick.winner
    elif ctl.peek and view.last_trick is not None:
        shown, winner = view.last_trick, view.last_trick.winner
    else:
        shown = view.trick
        winner = None
        if shown.cards:  # the card winning the trick so far
            winner = shown.seats[winning_index(shown.cards)]
    out = []
    said = ctl.partner_said if ctl.settings.explain else None
    for who, card in zip(shown.seats, shown.cards):
        won = (" won" if shown.winner is not None else " winning") if winner == who else ""
        label = f"{seat_name(who)}: {card.display}"
        why = ""
        if who is Seat.N and said is not None and said[0] == card:
            # the partner's reason: on hover (title) and on focus, read with the card's name
            text = Reason(*said[1]).text(language(), voice="partner")
            label += f" — {text}"
            why = f' data-reason="{escape(text)}" title="{escape(text)}" tabindex="0"'
        out.append(
            f'<div class="card face {colour(card)} at-{who.name}{won}" data-trick-card="{card}" '
            f'data-seat="{who.name}" role="img" aria-label="{escape(label)}"{why}>{card_face(card)}</div>'
        )
    return "".join(out)


def bid_buttons(ctl, view) -> str:
    buttons = []
    for n in view.legal:
        if n == BLIND:  # offered on its own, before the cards are looked at
            continue
        text = bid_text(n)
        buttons.append(
            f'<button type="button" class="bid-button" data-bid="{n}" aria-describedby="risk-{n}"'
            f' aria-label="{escape(t("bid.button.aria", bid=text))}">{escape(text)}</button>'
        )
    hint_bid, reason = ctl.bid_hint()
    return (
        '<div class="bid-panel" role="group" aria-labelledby="bid-title">'
        f'<p id="bid-title" class="panel-title">{escape(t("bid.title"))}</p>'
        f'<div class="bids">{"".join(buttons)}</div>'
        f'<button type="button" class="hint" data-action="hint" data-hint="{escape(str(hint_bid))}" '
        f'aria-describedby="hint-reason">{escape(t("button.hint", bid=bid_text(hint_bid)))}</button>'
        f'<p id="hint-reason" class="hint-reason">{escape(reason)}</p>{bid_risk_panel(ctl, hint_bid)}</div>'
    )


def bid_risk_panel(ctl, hinted) -> str:
    """#bid-risk: the team's bags, and for every bid what it scores made exactly, made with the
    likely bags, or set (``advice.bid_risk``: the scoring function's own figures); the hinted
    bid's line is shown, the line of the bid under the pointer or focus instead (css)."""
    risks = ctl.bid_risks()
    if not risks:
        return ""
    first = next(iter(risks.values()))
    if first.to_penalty is None:
        bank = t("risk.bank.off", bank=first.bank)
    else:
        bank = t("risk.bank", bank=first.bank, left=first.to_penalty)
    lines = [f'<p class="risk-bank">{escape(bank)}</p>']
    if not first.partner_known:
        lines.append(f'<p class="risk-partner">{escape(t("risk.partner", bid=bid_text(first.partner)))}</p>')
    chance = ctl.nil_chance()
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


def panel(ctl, view) -> str:
    game = ctl.game
    if ctl.confirm:
        return ""
    if game.phase is Phase.GAME_OVER:
        return (
            '<div class="result" role="alert">'
            f'<h2 class="panel-title">{escape(t("result.title"))}</h2>'
            f'<p class="result-text">{escape(ctl.result_text())}</p>{chart(view)}'
            f'{hand_summary(view, over=True, ctl=ctl)}'
            f'<button type="button" class="big-button" data-action="new-game">{escape(t("button.new_game"))}</button>'
            "</div>"
        )
    if game.phase is Phase.HAND_OVER:
        return hand_summary(view, ctl=ctl)
    if not ctl.dealt and not ctl.busy:
        return (f'<button type="button" id="deal" class="big-button deal" data-action="deal">'
                f'{escape(t("button.deal"))}</button>')
    if not ctl.south_turn:
        return ""
    if game.phase is Phase.BID:
        if ctl.blind_pending:
            action, reason = ctl.bid_hint()
            advice = t("blind.advice", reason=reason) if action == BLIND else t("blind.look_advice")
            return (
                '<div class="blind-offer">'
                f'<p>{escape(t("blind.offer"))}</p>'
                f'<p class="hint-reason">{escape(advice)}</p>'
                f'<button type="button" data-action="blind-nil">{escape(t("button.blind"))}</button> '
                f'<button type="button" class="secondary" data-action="look">{escape(t("button.look"))}</button>'
                "</div>"
            )
        return bid_buttons(ctl, view)
    disabled = ctl.selected is None
    return (
        '<div class="play-panel">'
        f'<button type="button" class="big-button" data-action="play"{_attrs(disabled=disabled)}>'
        f'{escape(t("button.play"))}</button> '
        f'<button type="button" class="secondary" data-action="hint">{escape(t("button.hint.play"))}</button>'
        "</div>"
    )


def decision_text(d) -> str:
    """«Взятка 2: A♥ вместо 4♥ — −14 очков в среднем — вы перебили взятку партнёра»."""
    cost = points(-round(d.cost), signed(-round(d.cost)))
    if d.kind == "bid":
        text = t("analysis.bid", played=bid_text(d.played), best=bid_text(d.best), cost=cost)
    else:
        text = t("analysis.item", trick=d.trick, played=d.played.display, best=d.best.display, cost=cost)
    if d.why is None:
        return text
    code, params = d.why
    return t("analysis.because", item=text, why=t("analysis.why." + code, **params))


def analysis_panel(ctl, view) -> str:
    """#analysis under the hand summary once «Разбор сдачи» was pressed: progress while the
    bid and plays are priced, then the costliest (``data-cost``: points, ``data-trick``: 1-based,
    the first for the bid; ``data-kind``: bid or play), each opening the hand review at that
    trick (a bid: at the bids)."""
    state = None if ctl is None else ctl.analysis
    if state is None or state[0] != (ctl.game.game, view.hand_index):
        return ""
    from spades.analysis import NOISE  # the analysis is under way: imported (ui.controller.LATER)

    _, done, total, listed = state
    title = f'<h3 class="panel-title">{escape(t("analysis.title"))}</h3>'
    if listed is None:
        return (f'<section id="analysis" class="analysis" aria-busy="true" aria-live="polite">{title}'
                f'<progress max="{total}" value="{done}"></progress>'
                f'<p>{escape(t("analysis.progress", done=done, total=total))}</p></section>')
    items = []
    for d in listed:
        items.append(f'<li data-cost="{d.cost}" data-trick="{d.trick}" data-kind="{d.kind}"><button type="button" '
                     f'class="link" data-action="review-at" '
                     f'data-value="{view.hand_index + 1}:{0 if d.kind == "bid" else d.trick}">'
                     f'{escape(decision_text(d))}</button></li>')
    body = (f'<ol class="analysis-list">{"".join(items)}</ol>' if items
            else f'<p class="analysis-clean">{escape(t("analysis.clean", noise=round(NOISE)))}</p>')
    return (f'<section id="analysis" class="analysis" aria-live="polite" data-done="1">{title}{body}'
            f'<p class="analysis-note">{escape(t("analysis.note"))}</p></section>')


def hand_summary(view, over: bool = False, ctl=None) -> str:
    """The panel over the table when a hand is over: each seat's bid and tricks, each team's six
    rows for this hand, the bag bank and the bags left before the next −100, what comes next."""
    ns, ew = view.hand_score
    seats = []
    for who in (Seat.S, Seat.W, Seat.N, Seat.E):
        bid, taken = view.bids[who], view.taken[who]
        line = t("summary.bid_taken", bid=bid_text(bid), taken=taken)
        mark = ""
        if is_nil(bid):
            made = taken == 0
            mark = (f' <span class="nil-{"made" if made else "failed"}">'
                    f'{escape(t("summary.nil_made" if made else "summary.nil_failed"))}</span>')
        seats.append(f'<li data-seat="{who.name}" data-bid="{bid}" data-taken="{taken}">'
                     f'<strong>{escape(seat_name(who))}</strong>: {escape(line)}{mark}</li>')
    rows = []
    for row in SHEET_ROWS:
        cells = "".join(f'<td data-team="{team}" data-value="{getattr(score, row)}">'
                        f'{escape(number(getattr(score, row)) if row == "total" else signed(getattr(score, row)))}</td>'
                        for team, score in (("NS", ns), ("EW", ew)))
        rows.append(f'<tr data-row="{row}"><th scope="row">{escape(t("sheet.row." + row))}</th>{cells}</tr>')
    banks = []
    for team, score in (("NS", ns), ("EW", ew)):
        left = (t("summary.to_penalty", left=BAGS_PER_PENALTY - score.bank) if view.rules.bag_penalty
                else t("summary.no_penalty"))
        banks.append(f'<li data-team="{team}" data-bank="{score.bank}"><strong>{escape(t("team." + team))}</strong>: '
                     f'{escape(t("summary.bank", bank=score.bank))} ({escape(left)})</li>')
    head = (f'<thead><tr><th scope="col"></th><th scope="col">{escape(t("team.NS"))}</th>'
            f'<th scope="col">{escape(t("team.EW"))}</th></tr></thead>')
    next_text = t("summary.over") if over else t("summary.goes_on", target=view.rules.target)
    return (
        f'<section id="summary" class="summary" role="dialog" aria-labelledby="summary-title">'
        f'<h2 id="summary-title" class="panel-title">{escape(t("summary.title", number=view.hand_index + 1))}</h2>'
        f'<ul class="summary-seats">{"".join(seats)}</ul>'
        f'<table class="sheet summary-sheet">{head}<tbody>{"".join(rows)}</tbody></table>'
        f'<ul class="summary-banks">{"".join(banks)}</ul>'
        f'<p class="summary-next">{escape(next_text)}</p>'
        f'<p><button type="button" class="secondary" data-action="review" data-value="{view.hand_index + 1}">'
        f'{escape(t("button.review"))}</button> <button type="button" class="secondary" data-action="analysis">'
        f'{escape(t("button.analysis"))}</button></p>{analysis_panel(ctl, view)}'
        + ("" if over else f'<button type="button" id="deal" class="big-button deal" data-action="deal">'
           f'{escape(t("button.deal"))}</button>')
        + '</section>'
    )


def hand(ctl, view) -> str:
    if not ctl.dealt:
        return ""
    cards = sort_for_display(view.hand)
    if ctl.blind_pending:
        return "".join(
            f'<span class="card back-card" role="img" aria-label="{escape(t("card.back"))}"></span>'
            for _ in cards
        )
    playing = ctl.south_turn and view.phase is Phase.PLAY
    legal = set(view.legal) if playing else set()
    out = []
    for card in cards:
        ok = card in legal
        raised = ctl.selected == card
        label = t("card.aria" if ok else "card.aria.disabled", card=card.display)
        classes = ["card", "face", colour(card), f"suit-{card.suit.letter}"]
        if raised:
            classes.append("raised")
        if not ok:
            classes.append("dim" if playing else "idle")
        out.append(
            f'<button type="button" class="{" ".join(classes)}" data-card="{card}"'
            f'{_attrs(aria_disabled="true" if not ok else None, aria_pressed="true" if raised else None)}'
            f' aria-label="{escape(label)}">{card_face(card)}</button>'
        )
    return "".join(out)


def sheet(view) -> str:
    if not view.sheet:
        return f'<p class="sheet-empty">{escape(t("sheet.empty"))}</p>'
    head = (f'<thead><tr><th scope="col"></th><th scope="col">{escape(t("team.NS"))}</th>'
            f'<th scope="col">{escape(t("team.EW"))}</th></tr></thead>')
    bodies = []
    for i, (ns, ew) in enumerate(view.sheet, 1):
        title = escape(t("sheet.hand", number=i))
        look = (f' <button type="button" class="secondary review-open" data-action="review" data-value="{i}">'
                f'{escape(t("button.review"))}</button>')
        rows = [f'<tr class="sheet-hand"><th colspan="3" scope="rowgroup">{title}{look}</th></tr>']
        for row in SHEET_ROWS:
            cells = []
            for team, score in (("NS", ns), ("EW", ew)):
                value = getattr(score, row)
                text = number(value) if row == "total" else signed(value)
                cells.append(f'<td data-team="{team}" data-value="{value}">{escape(text)}</td>')
            rows.append(f'<tr data-row="{row}" class="row-{row}"><th scope="row">'
                        f'{escape(t("sheet.row." + row))}</th>{"".join(cells)}</tr>')
        bank = t("sheet.bank", ns=ns.bank, ew=ew.bank)
        rows.append(f'<tr class="sheet-bank"><td colspan="3">{escape(bank)}</td></tr>')
        bodies.append(f'<tbody data-hand="{i}">{"".join(rows)}</tbody>')
    return f'{chart(view)}<table class="sheet">{head}{"".join(bodies)}</table>'


def settings(ctl) -> str:
    s = ctl.settings

    def radio(name, value, label, checked):
        return (f'<label class="option"><input type="radio" name="{name}" value="{value}"'
                f'{_attrs(checked=checked)}> {escape(label)}</label>')

    def check(name, label, checked):
        return (f'<label class="option"><input type="checkbox" name="{name}"'
                f'{_attrs(checked=checked)}> {escape(label)}</label>')

    targets = "".join(radio("target", v, t(f"settings.target.{v}"), s.target == v) for v in TARGETS)
    levels = "".join(radio("level", v, t(f"settings.level.{v}"), s.level == v) for v in OPPONENT_LEVELS)
    game = ctl.game
    rules = game.rules
    note = t("settings.next_game") if (in_progress(game) or game.over) else t("settings.now")
    waiting = ""
    if (in_progress(game) or game.over) and (s.rules() != rules or s.level != ctl.level):
        waiting = (f'<p><button type="button" data-action="new-game">'
                   f'{escape(t("settings.start_new"))}</button></p>')
    current = t(
        "settings.current",
        target=rules.target,
        level=t(f"settings.level.{ctl.level}"),
        bags=t("on") if rules.bag_penalty else t("off"),
        blind=t("on") if rules.blind_nil else t("off"),
    )
    return (
        f'<fieldset><legend>{escape(t("settings.target"))}</legend>{targets}</fieldset>'
        f'<fieldset><legend>{escape(t("settings.level"))}</legend>{levels}</fieldset>'
        f'<fieldset><legend class="sr-only">{escape(t("settings.title"))}</legend>'
        f'{check("bag_penalty", t("settings.bag_penalty"), s.bag_penalty)}'
        f'{check("blind_nil", t("settings.blind_nil"), s.blind_nil)}'
        f'{check("explain", t("settings.explain"), s.explain)}</fieldset>'
        f'<p class="settings-note" data-applies="{"next" if in_progress(game) or game.over else "now"}">'
        f'{escape(note)}</p><p class="settings-current">{escape(current)}</p>'
        + waiting
    )


def notice(ctl) -> str:
    if not ctl.notice:
        return ""
    return (f'<p class="notice-text">{escape(ctl.notice)}</p>'
            f'<button type="button" class="secondary" data-action="dismiss">{escape(t("button.close"))}</button>')


def confirm(ctl) -> str:
    if not ctl.confirm:
        return ""
    number, saved = ctl.confirm
    return (
        '<div class="confirm-box" role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-text">'
        f'<h2 id="confirm-title" class="panel-title">{escape(t("confirm.title", number=number))}</h2>'
        f'<p id="confirm-text">{escape(t("confirm.text", saved=saved))}</p>'
        f'<button type="button" data-action="confirm-new">{escape(t("confirm.yes", number=number))}</button> '
        '<button type="button" class="secondary" data-action="confirm-keep">'
        f'{escape(t("confirm.no", saved=saved))}</button>'
        "</div>"
    )


def lang_switch() -> str:
    """The button that turns the page to the other language (it names that language)."""
    other = t("lang.switch.to")
    return (f'<button type="button" class="lang-switch secondary" data-action="lang" data-value="{other}"'
            f' lang="{other}" aria-label="{escape(t("lang.switch.aria"))}">{escape(t("lang.switch"))}</button>')


__all__ = ["regions", "signed", "number"]
