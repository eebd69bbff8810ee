"""Every word the table shows, in one catalogue per language.

The page speaks Russian (``RU``). A second language is one more dict with the same keys;
``t(key, **params)`` picks the active catalogue and fills ``{placeholders}``. No other module of
the interface holds a user-visible string.
"""

from __future__ import annotations

RU = {
    # seats and teams
    "seat.S": "Вы",
    "seat.W": "Запад",
    "seat.N": "Север",
    "seat.E": "Восток",
    "seat.N.role": "партнёр",
    "team.NS": "Мы",
    "team.EW": "Они",
    "dealer": "Сдаёт",
    "dealer.short": "С",
    "bid.none": "—",
    "bid.nil": "Nil",
    "bid.blind": "Слепой Nil",
    "seat.bid": "заказ {bid}",
    "seat.taken": "взяток {taken}",
    "seat.cards": "карт: {count}",
    "seat.label": "{name}: заказ {bid}, взяток {taken}",
    "seat.to_move": "ходит",
    # top bar
    "title": "Пики",
    "game.number": "Партия № {number}",
    "game.target": "до {target}",
    "game.hand": "Сдача {number}",
    "score.line": "{score}",
    "score.bank": "мешки: {bank}",
    "score.aria": "{team}: {score} очков, мешков {bank}",
    "button.score": "Счёт",
    "button.settings": "Настройки",
    "button.close": "Закрыть",
    # actions
    "button.deal": "Раздать",
    "button.play": "Сыграть",
    "button.new_game": "Новая партия",
    "button.hint": "Совет: {bid}",
    "button.hint.play": "Совет",
    "button.blind": "Слепой Nil",
    "button.look": "Открыть карты",
    "bid.title": "Ваш заказ",
    "bid.button.aria": "Заказать {bid}",
    "blind.offer": "Вы можете заказать слепой Nil (±200), не глядя в карты.",
    "blind.advice": "Совет: {reason}.",
    "blind.look_advice": "Совет: откройте карты и закажите обычно.",
    "card.aria": "{card}",
    "card.aria.disabled": "{card}, нельзя сыграть",
    "card.back": "карта рубашкой вверх",
    # status line
    "status.loading": "Загрузка…",
    "status.press_deal": "Нажмите «Раздать», чтобы начать сдачу.",
    "status.dealing": "Раздача…",
    "status.your_bid": "Ваш заказ: сколько взяток вы возьмёте?",
    "status.your_blind": "Заказать слепой Nil или открыть карты?",
    "status.your_lead": "Ваш ход: выберите карту.",
    "status.your_follow": "Ваш ход: выберите карту.",
    "status.selected": "{card}: нажмите ещё раз или «Сыграть».",
    "status.waiting": "Ходит {seat}…",
    "status.waiting_bid": "Заказывает {seat}…",
    "status.bot_bid": "{seat}: заказ {bid}.",
    "status.bot_play": "{seat}: {card}.",
    "status.you_bid": "Вы: заказ {bid}.",
    "status.you_play": "Вы: {card}.",
    "status.trick_won": "Взятку берёт {seat}.",
    "status.trick_won.you": "Взятку берёте вы.",
    "status.hand_over": "Сдача окончена. Мы {ns:+d}, они {ew:+d}. Нажмите «Раздать».",
    "status.not_your_turn": "Подождите: сейчас ход {seat}.",
    "status.game_over": "Партия окончена.",
    "result.win": "Победа! Мы {ns} : {ew} Они.",
    "result.loss": "Поражение. Мы {ns} : {ew} Они.",
    "result.draw": "Ничья: {ns} : {ew}.",
    "result.title": "Партия окончена",
    # score sheet
    "sheet.title": "Счёт партии",
    "sheet.empty": "Сыгранных сдач пока нет.",
    "sheet.hand": "Сдача {number}",
    "sheet.row.contract": "Контракт",
    "sheet.row.bags": "Мешки",
    "sheet.row.nil": "Nil",
    "sheet.row.bag_penalty": "Штраф за мешки",
    "sheet.row.hand": "Итог сдачи",
    "sheet.row.total": "Счёт",
    "sheet.bank": "Мешков в банке: {ns} / {ew}",
    # settings
    "settings.title": "Настройки",
    "settings.target": "Партия до",
    "settings.target.250": "250 (быстрая)",
    "settings.target.500": "500 (обычная)",
    "settings.level": "Сложность соперников",
    "settings.level.easy": "лёгкий",
    "settings.level.medium": "средний",
    "settings.level.hard": "сложный",
    "settings.bag_penalty": "Штраф за мешки (−100 за каждые 10)",
    "settings.blind_nil": "Слепой Nil (при отставании на 100 очков)",
    "settings.next_game": "Игра уже идёт: изменения вступят в силу со следующей партии.",
    "settings.now": "Настройки применяются к этой партии.",
    "settings.current": "Эта партия: до {target}, {level}, штраф за мешки {bags}, слепой Nil {blind}.",
    "on": "вкл.",
    "off": "выкл.",
    # saves and game numbers
    "save.damaged": "Сохранённую партию не удалось прочитать ({reason}). Её текст сохранён под ключом «{key}». Начата новая партия.",
    "save.restored": "Партия продолжается с того места, где вы остановились.",
    "confirm.title": "Начать партию № {number}?",
    "confirm.text": "Незаконченная партия № {saved} будет потеряна.",
    "confirm.yes": "Начать № {number}",
    "confirm.no": "Продолжить № {saved}",
    "storage.unavailable": "Браузер не даёт сохранять партию: после закрытия страницы она не продолжится.",
}

CATALOGUES = {"ru": RU}
_lang = "ru"


def set_language(lang: str) -> None:
    global _lang
    _lang = lang if lang in CATALOGUES else "ru"


def t(key: str, **params) -> str:
    """The text for ``key`` in the active language, with ``params`` filled in."""
    template = CATALOGUES[_lang].get(key) or RU.get(key, key)
    return template.format(**params) if params else template
