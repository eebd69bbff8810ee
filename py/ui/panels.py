"""The panels over the table, drawn from ``view.TableView``: the hand's summary (with its
analysis), the score sheet and its chart, the hand review, the statistics.

Like ``render`` (which draws the table and calls these), pure functions of the view's plain
values; every word comes from ``strings``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades import Card, Seat
from spades.cards import sort_for_display
from spades.daily import DECISIONS, WON
from spades.rules import LOSING_SCORE, Rules, in_turn, is_nil
from spades.seating import TABLES

from . import days, stats
from .fmt import attrs, bid_text, colour, escape, number, pips, points, score_rows, seat_name, sides, signed
from .review import held_after
from .strings import t

if TYPE_CHECKING:
    from spades import View
    from spades.analysis import Decision

    from .view import TableView


def stats_panel(tv: TableView) -> str:
    """The statistics panel: the figures (``data-stat``), export, import, reset."""
    figures = tv.stats
    assert figures is not None, "drawn only with the figures (render.regions)"

    def shown(value: object, pct: bool = False) -> str:
        return "—" if value is None else (f"{value}%" if pct else str(value))

    rows = []
    for name in stats.FIGURES:
        value = figures[name]
        rows.append(f'<tr><th scope="row">{escape(t("stats." + name))}</th>'
                    f'<td data-stat="{name}" data-value="{"" if value is None else value}">'
                    f'{escape(shown(value, name.endswith("_pct")))}</td></tr>')
    for key, b in sorted(figures["by"].items()):
        kind, value = key.split(":")
        label = (t("stats.by_level", level=t(f"settings.level.{value}")) if kind == "level"
                 else t("stats.by_house") if kind == "house"
                 else t("stats.by_table", table=t(f"settings.table.{value}")) if kind == "table"
                 else t("stats.by_target", target=value))
        rows.append(f'<tr><th scope="row">{escape(label)}</th><td data-by="{escape(key)}">'
                    f'{escape(t("stats.won_of", won=b["won"], games=b["games"]))}</td></tr>')
    for which in ("best", "worst"):
        score = figures[which]
        text = "—" if score is None else f"{number(score[0])} : {number(score[1])}"
        rows.append(f'<tr><th scope="row">{escape(t("stats." + which))}</th><td data-stat="{which}">'
                    f'{escape(text)}</td></tr>')
    day_figures = figures["days"]
    rows.append(f'<tr><th scope="rowgroup" colspan="2">{escape(t("stats.days.title"))}</th></tr>')
    for name in days.FIGURES:
        value = day_figures[name]
        text = "—" if value is None else (signed(value) if name == "best" else str(value))
        rows.append(f'<tr><th scope="row">{escape(t("stats.days." + name))}</th><td data-day-stat="{name}" '
                    f'data-value="{"" if value is None else value}">{escape(text)}</td></tr>')
    damaged = "; ".join(f"{key}: {why}" for key, why in figures["days_damaged"])
    named = f'<p class="days-damaged" role="note">{escape(t("days.damaged", days=damaged))}</p>' if damaged else ""
    reset = (f'<button type="button" class="secondary" data-action="stats-reset">{escape(t("stats.reset"))}</button>'
             if not tv.confirm_reset else
             f'<span role="alert">{escape(t("stats.reset_ask"))}</span> '
             f'<button type="button" data-action="stats-reset-confirm">{escape(t("stats.reset_yes"))}</button> '
             f'<button type="button" class="secondary" data-action="stats-keep">{escape(t("stats.reset_no"))}</button>')
    return (
        f'<table class="sheet stats-table"><tbody>{"".join(rows)}</tbody></table>{named}'
        f'<p class="stats-note">{escape(t("stats.note"))}</p>'
        f'<p class="stats-tools"><button type="button" class="secondary" data-action="stats-export">'
        f'{escape(t("stats.export"))}</button> '
        f'<label class="secondary file-tool stats-import">{escape(t("stats.import"))}'
        f'<input type="file" accept=".json,application/json" data-action="import-stats" '
        f'aria-label="{escape(t("stats.import"))}"></label> {reset}</p>'
    )


def review(tv: TableView) -> str:
    """The hand review: the bids, all four hands, the tricks one by one (from the record)."""
    if tv.review is None:
        return ""
    index, step = tv.review.hand, tv.review.step
    data = tv.review_hand
    assert data is not None, "there with the review"
    held = held_after(data, step)
    bids = " · ".join(f"{seat_name(Seat.parse(s))} {bid_text(b)}" for s, b in data["bids"].items())
    table = TABLES[data["table"]]
    hands = []
    for who in (seat for seat in (Seat.N, Seat.W, Seat.E, Seat.S) if seat in table.seats):
        cards = "".join(f'<span class="mini {colour(c)}">{escape(c.display)}</span>'
                        for c in sort_for_display(held[who.name]))
        hands.append(f'<div class="review-hand at-{who.name}" data-seat="{who.name}" '
                     f'data-count="{len(held[who.name])}"><strong>{escape(seat_name(who))}</strong> {cards}</div>')
    trick_html = ""
    if step:
        trick = data["tricks"][step - 1]
        leader = Seat.parse(trick["leader"])
        plays = []
        for who, code in zip(in_turn(leader, table), trick["cards"]):
            card = Card.parse(code)
            won = ' class="won"' if who.name == trick["winner"] else ""
            plays.append(f'<li{won} data-seat="{who.name}" data-card="{code}">{escape(seat_name(who))}: '
                         f'<span class="mini {colour(card)}">{escape(card.display)}</span></li>')
        won_by = escape(t("review.won", seat=seat_name(Seat.parse(trick["winner"]))))
        trick_html = (f'<ol class="review-trick" data-trick="{step}" data-winner="{trick["winner"]}">'
                      f'{"".join(plays)}</ol><p>{won_by}</p>')
    def step_button(value: int, key: str, disabled: bool) -> str:
        return (f'<button type="button" class="secondary" data-action="review-step" data-value="{value}"'
                f'{attrs(disabled=disabled)}>{escape(t(key))}</button>')
    return (
        f'<p class="review-where" data-hand="{index + 1}" data-step="{step}">'
        f'{escape(t("review.where", hand=index + 1, trick=step, tricks=len(data["tricks"])))}</p>'
        f'<p class="review-bids">{escape(t("review.bids", bids=bids))}</p>'
        f'{boston_line(data["table"], tv.bostons[index] if index < len(tv.bostons) else -1)}'
        f'<div class="review-table">{"".join(hands)}</div>{trick_html}'
        f'<p class="review-steps">{step_button(0, "review.first", step == 0)}'
        f'{step_button(-1, "review.back", step == 0)}{step_button(1, "review.forward", step >= len(data["tricks"]))}'
        f'{step_button(len(data["tricks"]), "review.last", step >= len(data["tricks"]))}</p>'
    )


def chart(view: View) -> str:
    """Every side's score after each hand as an SVG line chart, with the target and −200 lines,
    and a text alternative."""
    named = sides(view.rules)
    points = [(0,) * len(named)] + [tuple(row.total for row in rows) for rows in view.sheet]
    if len(points) < 2:
        return ""
    target, floor = view.rules.target, LOSING_SCORE
    top = max([target] + [max(p) for p in points]) + 20
    bottom = min([floor] + [min(p) for p in points]) - 20
    width, height, pad = 320, 180, 28
    def x(i: int) -> float:
        return pad + (width - 2 * pad) * i / (len(points) - 1)
    def y(v: float) -> float:
        return pad / 2 + (height - pad) * (top - v) / (top - bottom)
    lines = []
    for k, (team, _) in enumerate(named):
        path = " ".join(f"{x(i):.1f},{y(p[k]):.1f}" for i, p in enumerate(points))
        dots = "".join(f'<circle class="dot-{team.lower()}" cx="{x(i):.1f}" cy="{y(p[k]):.1f}" r="3" '
                       f'data-hand="{i}" data-score="{p[k]}"/>' for i, p in enumerate(points) if i)
        lines.append(f'<polyline class="line-{team.lower()}" data-team="{team}" points="{path}"/>{dots}')
    marks = "".join(
        f'<line class="mark" x1="{pad}" x2="{width - pad}" y1="{y(v):.1f}" y2="{y(v):.1f}"/>'
        f'<text x="{width - pad + 2}" y="{y(v) + 4:.1f}">{escape(number(v))}</text>' for v in (target, 0, floor))
    if view.rules.layout.solo:
        text = "; ".join(t("chart.point.sides", hand=i, scores=", ".join(
            t("side.score", side=name, score=number(v)) for (_, name), v in zip(named, p)))
            for i, p in enumerate(points) if i)
    else:
        text = "; ".join(t("chart.point", hand=i, ns=number(p[0]), ew=number(p[1])) for i, p in enumerate(points) if i)
    label = t("chart.aria", target=target, points=text)
    return (f'<figure class="chart"><svg id="chart" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="{escape(label)}" data-hands="{len(points) - 1}">{marks}{"".join(lines)}</svg>'
            f'<figcaption>{escape(t("chart.caption"))}</figcaption></figure>')


def decision_text(d: Decision) -> str:
    """«Взятка 2: A♥ вместо 4♥ — −14 очков в среднем — вы перебили взятку партнёра»."""
    cost = points(-round(d.cost), signed(-round(d.cost)))
    if d.kind == "bid":
        text = t("analysis.bid", played=bid_text(d.played), best=bid_text(d.best), cost=cost)
    else:
        text = t("analysis.item", trick=d.trick, played=d.played.display, best=d.best.display, cost=cost)  # type: ignore[union-attr]
    if d.why is None:
        return text
    code, params = d.why
    return t("analysis.because", item=text, why=t("analysis.why." + code, **params))


def analysis_panel(tv: TableView, view: View) -> str:
    """#analysis under the hand summary once «Разбор сдачи» was pressed: progress while the
    bid and plays are priced, then the costliest (``data-cost``: points, ``data-trick``: 1-based,
    the first for the bid; ``data-kind``: bid or play), each opening the hand review at that
    trick (a bid: at the bids)."""
    state = tv.analysis
    if state is None:
        return ""
    done, total, listed = state.done, state.total, state.listed
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
                     f'{pips(decision_text(d))}</button></li>')
    body = (f'<ol class="analysis-list">{"".join(items)}</ol>' if items
            else f'<p class="analysis-clean">{escape(t("analysis.clean", noise=round(tv.noise)))}</p>')
    return (f'<section id="analysis" class="analysis" aria-live="polite" data-done="1">{title}{body}'
            f'{bid_verdict(state.bid)}<p class="analysis-note">{escape(t("analysis.note"))}</p></section>')


def bid_verdict(d: Decision | None) -> str:
    """The bid's line of the analysis: the best bid by the hard level (the bid «Совет» hints) beside
    South's (``data-best``, ``data-played``); none for a Blind Nil, which is not priced."""
    if d is None:
        return ""
    played, best = bid_text(d.played), bid_text(d.best)
    text = (t("analysis.bid.best", played=played) if d.played == d.best
            else t("analysis.bid.other", played=played, best=best))
    return (f'<p class="analysis-bid" data-played="{escape(str(d.played))}" data-best="{escape(str(d.best))}">'
            f'{escape(text)}</p>')


def hand_summary(tv: TableView, over: bool = False) -> str:
    """The panel over the table when a hand is over: each seat's bid and tricks, each side's six
    rows for this hand, the bag bank and the bags left before the next −100, what comes next."""
    view = tv.game
    finished = view.hand_score
    assert finished is not None, "the summary is of a finished hand"
    table = view.rules.layout
    named = sides(view.rules)
    seats = []
    for who in (seat for seat in (Seat.S, Seat.W, Seat.N, Seat.E) if seat in table.seats):
        bid, taken = view.bids[who], view.taken[who]
        line = t("summary.bid_taken", bid=bid_text(bid), taken=taken)
        mark = ""
        if is_nil(bid):
            made = taken == 0
            mark = (f' <span class="nil-{"made" if made else "failed"}">'
                    f'{escape(t("summary.nil_made" if made else "summary.nil_failed"))}</span>')
        seats.append(f'<li data-seat="{who.name}" data-bid="{bid}" data-taken="{taken}">'
                     f'<strong>{escape(seat_name(who))}</strong>: {escape(line)}{mark}</li>')
    rows = score_rows(((key, score._asdict()) for (key, _), score in zip(named, finished)),
                      lambda row: t("sheet.row." + row))
    banks = []
    for (team, name), score in zip(named, finished):
        left = (t("summary.to_penalty", left=view.rules.bag_limit - score.bank,
                  penalty=view.rules.penalty) if view.rules.bag_penalty
                else t("summary.no_penalty"))
        banks.append(f'<li data-team="{team}" data-bank="{score.bank}"><strong>{escape(name)}</strong>: '
                     f'{escape(t("summary.bank", bank=score.bank))} ({escape(left)})</li>')
    next_text = (t("day.summary.next") if tv.day is not None else t("summary.over") if over
                 else t("summary.goes_on", target=view.rules.target))
    review = (f'<button type="button" class="secondary" data-action="review" data-value="{view.hand_index + 1}">'
              f'{escape(t("button.review"))}</button>')
    head = (
        f'<section id="summary" class="summary" role="dialog" aria-labelledby="summary-title">'
        f'<h2 id="summary-title" class="panel-title">{escape(t("summary.title", number=view.hand_index + 1))}</h2>'
        f'<ul class="summary-seats">{"".join(seats)}</ul>'
        f'{boston_line(view.rules.table, tv.bostons[-1] if tv.bostons else -1)}'
        f'<table class="sheet summary-sheet">{sheet_head(view)}<tbody>{rows}</tbody></table>'
        f'<ul class="summary-banks">{"".join(banks)}</ul>'
        f'<p class="summary-next">{escape(next_text)}</p>'
    )
    if tv.day is not None:  # «Сдача дня»: one hand, compared with its par
        return f'{head}{day_panel(tv, review)}</section>'
    return (
        f'{head}<p>{review} <button type="button" class="secondary" data-action="analysis">'
        f'{escape(t("button.analysis"))}</button>'
        + ("" if over else f' <button type="button" class="secondary" data-action="replay-hand">'
           f'{escape(t("button.replay_hand"))}</button>')
        + f'</p>{analysis_panel(tv, view)}'
        + ("" if over else f'<button type="button" id="deal" class="big-button deal" data-action="deal">'
           f'{escape(t("button.deal"))}</button>')
        + '</section>'
    )


def day_panel(tv: TableView, review: str) -> str:
    """#day under the summary of «Сдача дня»: the score, the par (its progress while worked out),
    the difference, who took each trick (``data-tricks``), and where South's bid and cards
    departed from the hard level's, each priced as «Разбор сдачи» prices it (its progress while
    priced); then «Поделиться», «Сыграть ещё раз», «Вернуться к партии»."""
    day = tv.day
    assert day is not None and day.score is not None, "drawn for a finished day's hand"
    lines = [f'<p class="day-score" data-score="{day.score}">{escape(t("day.score", score=signed(day.score)))}</p>']
    if day.par is None:
        lines.append(f'<p class="day-par-wait" aria-busy="true"><progress max="{DECISIONS}" value="{day.par_done}">'
                     f'</progress> {escape(t("day.par.wait", done=day.par_done, total=DECISIONS))}</p>')
    else:
        lines.append(f'<p class="day-par" data-par="{day.par}" data-diff="{day.score - day.par}">'
                     f'{escape(t("day.par", par=signed(day.par)))} · '
                     f'<strong>{escape(t("day.diff", diff=signed(day.score - day.par)))}</strong></p>')
    won = day.tricks.count(WON)
    lines.append(f'<p class="day-tricks" data-tricks="{day.tricks}" role="img" aria-label="'
                 f'{escape(t("day.tricks.aria", won=won, total=len(day.tricks)))}">{day.tricks}</p>')
    title = f'<h3 class="panel-title">{escape(t("day.departures.title"))}</h3>'
    if day.departures is None:
        body = (f'<p aria-busy="true"><progress max="{day.to_price}" value="{day.priced}"></progress> '
                f'{escape(t("day.departures.wait", done=day.priced, total=day.to_price))}</p>')
    elif not day.departures:
        body = f'<p class="day-clean">{escape(t("day.departures.none"))}</p>'
    else:
        items = [f'<li data-cost="{d.cost}" data-kind="{d.kind}">{pips(decision_text(d))}'
                 + (f' <span class="day-noise">({escape(t("day.departures.noise"))})</span>'
                    if abs(d.cost) < day.noise else "") + '</li>' for d in day.departures]
        body = f'<ol class="day-departures">{"".join(items)}</ol>'
    note = t("day.practice.note" if day.play.practice else "day.recorded.note")
    return (f'<section id="day" class="day-result" aria-live="polite" data-done="{int(day.departures is not None)}">'
            f'{"".join(lines)}{title}{body}<p class="analysis-note">{escape(note)}</p>'
            f'<p>{review} <button type="button" class="secondary" data-action="daily-again">'
            f'{escape(t("button.day_again"))}</button></p>'
            f'<p><button type="button" class="big-button" data-action="day-share">{escape(t("button.day_share"))}'
            f'</button> <button type="button" class="secondary" data-action="daily-leave">'
            f'{escape(t("button.day_leave"))}</button></p></section>')


def sheet_head(view: View) -> str:
    """The score table's head: an empty corner, then each side's name."""
    return ('<thead><tr><th scope="col"></th>'
            + "".join(f'<th scope="col">{escape(name)}</th>' for _, name in sides(view.rules)) + "</tr></thead>")


def boston_line(table: str, side: int) -> str:
    """«Бостон»: the side took every trick of the hand; nothing for −1."""
    if side < 0:
        return ""
    at = TABLES[table]
    key, name = at.side_names[side], dict(sides(Rules(table=table)))[at.side_names[side]]
    return (f'<p class="boston" data-team="{key}">'
            f'{escape(t("summary.boston", team=name, tricks=at.hand_size))}</p>')


def sheet(view: View, bostons: tuple[int, ...] = ()) -> str:
    if not view.sheet:
        return f'<p class="sheet-empty">{escape(t("sheet.empty"))}</p>'
    named = sides(view.rules)
    span = len(named) + 1
    bodies = []
    for i, scored in enumerate(view.sheet, 1):
        title = escape(t("sheet.hand", number=i))
        look = (f' <button type="button" class="secondary review-open" data-action="review" data-value="{i}">'
                f'{escape(t("button.review"))}</button>')
        rows = [f'<tr class="sheet-hand"><th colspan="{span}" scope="rowgroup">{title}{look}</th></tr>',
                score_rows(((key, score._asdict()) for (key, _), score in zip(named, scored)),
                           lambda row: t("sheet.row." + row), True)]
        if view.rules.layout.solo:
            bank = t("sheet.banks", banks=", ".join(t("sheet.bank.side", side=name, bank=score.bank)
                                                     for (_, name), score in zip(named, scored)))
        else:
            bank = t("sheet.bank", ns=scored[0].bank, ew=scored[1].bank)
        rows.append(f'<tr class="sheet-bank"><td colspan="{span}">{escape(bank)}</td></tr>')
        if i <= len(bostons) and bostons[i - 1] >= 0:
            rows.append(f'<tr class="sheet-boston"><td colspan="{span}">'
                        f'{boston_line(view.rules.table, bostons[i - 1])}</td></tr>')
        bodies.append(f'<tbody data-hand="{i}">{"".join(rows)}</tbody>')
    return f'{chart(view)}<table class="sheet">{sheet_head(view)}{"".join(bodies)}</table>'


__all__ = ["analysis_panel", "bid_verdict", "boston_line", "chart", "hand_summary", "review", "sheet", "sheet_head",
           "stats_panel"]
