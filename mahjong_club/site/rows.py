"""The site's two long tables, written row by row: a player's games and a division's games.

A federation's site shows a million rows of games: each of 10,000 players' pages lists about
a hundred, and each of 1,000 division pages about 250 games of five rows. Written by a
template's loop, every cell of every row is a Jinja lookup and an escape, and those loops were
most of the site's rendering (about 15 µs a row). Here each row is one join of texts that are
each escaped or formatted once per distinct value (a name, a date, a number, a division), so
the same rows cost a fraction of that. The templates keep everything else and call
:meth:`GameRows.player_games` and :meth:`GameRows.division_games` where the loops were.

The rows are exactly what the templates' loops wrote: ``tests/test_site_rows.py`` renders
random views both ways (names with ``<``, ``&`` and quotes, undated games, substitutes,
fractions, MCR and riichi) and compares the HTML character for character.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from markupsafe import Markup, escape

from mahjong_club.site.locale import Locale
from mahjong_club.site.views import DivisionView, PlayerGameView, SeatView


class GameRows:
    """Writes the rows of the games tables for one language; each distinct text escaped once.

    >>> from mahjong_club.site.views import PlayerGameView
    >>> import datetime as dt
    >>> rows = GameRows(Locale("en"))
    >>> game = PlayerGameView("A & B", "G1", dt.date(2026, 3, 5), 32000, 45, 1, False, ["Bo", "Å"])
    >>> print(rows.player_games([game]), end="")
    <tr><td class="date">5 March 2026</td><th scope="row">G1</th><td class="num">+45</td><td \
class="num">1</td><td class="num">32,000</td><td>Bo, Å</td><td>A &amp; B</td></tr>
    """

    def __init__(self, locale: Locale) -> None:
        self._locale = locale
        self._numbers = _Escaped(locale.number)
        self._signed = _Escaped(lambda value: locale.number(value, True))
        self._texts = _Escaped(str)
        self._dates = _Escaped(locale.date)

    def player_games(self, games: Iterable[PlayerGameView]) -> Markup:
        """A player's games table's rows (``player.html``), in the order given: date, game,
        result (signed), place (and "substituted"), score or the minipoints that count,
        the other players, the division; each row ends with a newline."""
        num, signed, text = self._numbers, self._signed, self._texts
        substituted = f" ({text[self._locale.t('substituted')]})"
        out: list[str] = []
        for g in games:
            shown = g.score if g.minipoints is None else g.minipoints
            out.append(
                f'<tr><td class="date">{self._dates[g.date]}</td>'
                f'<th scope="row">{_label(g.id)}</th>'
                f'<td class="num">{signed[g.points]}</td>'
                f'<td class="num">{g.placement}'
                f"{substituted if g.substituted else ''}</td>"
                f'<td class="num">{num[shown]}</td>'
                f"<td>{', '.join(text[o] for o in g.opponents)}</td>"
                f"<td>{text[g.division]}</td></tr>\n"
            )
        return Markup("".join(out))

    def division_games(self, division: DivisionView) -> Markup:
        """A division's games list (``division.html``): newest first, a ``tbody`` per game
        with its number and date, then a row per seat: the player (linked; "substituted"),
        the result (signed), the place, and the minipoints (MCR) or the score."""
        t, text = self._locale.t, self._texts.__getitem__
        game_word = text(t("game"))
        substituted = f' <span class="note">({text(t("substituted"))})</span>'
        out: list[str] = []
        for game in division.games_newest_first:
            date = f" · {self._dates[game.date]}" if game.date else ""
            out.append(
                '<tbody class="game">\n'
                f'<tr><th scope="colgroup" colspan="4">{game_word} {_label(game.id)}{date}'
                "</th></tr>\n"
            )
            out += (self._seat(seat, division.mcr, substituted) for seat in game.seats)
            out.append("</tbody>\n")
        return Markup("".join(out))

    def _seat(self, seat: SeatView, mcr: bool, substituted: str) -> str:
        num, signed, text = self._numbers, self._signed, self._texts
        shown = num[seat.minipoints] if mcr else num[seat.score]
        return (
            f'<tr><th scope="row"><a href="{text[seat.slug]}.html">{text[seat.player]}</a>'
            f"{substituted if seat.substituted else ''}</th>\n"
            f'<td class="num">{signed[seat.points]}</td>'
            f'<td class="num">{seat.placement}</td><td class="num">{shown}</td></tr>\n'
        )


def _label(text: str) -> str:
    """A game's number or label escaped for HTML: as it is when it is letters and digits only
    (nothing to escape: a federation's million rows of games numbered ``1`` to ``250000``).

    >>> _label("G12"), _label("Bord 3 & 4"), _label("")
    ('G12', 'Bord 3 &amp; 4', '')
    """
    return text if text.isalnum() else str(escape(text))


class _Escaped(dict[Any, str]):
    """Each value's text escaped for HTML, made the first time it is asked for: a site's
    distinct names, slugs, divisions and dates, each once (they are held by the site anyway)."""

    def __init__(self, text: Callable[[Any], str]) -> None:
        super().__init__()
        self._text = text

    def __missing__(self, value: Any) -> str:
        escaped = self[value] = str(escape(self._text(value)))
        return escaped
