"""The words of the emails, in English and Danish.

They are site entries like those of :mod:`mahjong_club.messages.site` (codes ``site.email_…``)
and are added to its ``SITE`` table, so the email templates (and :mod:`mahjong_club.mail.report`)
use them with ``t("key")`` as any other. Every email is friendly and short, in the club's
language; none of them says when it was made (an email's text must be the same for the same
workbook, or the sent-ledger would send it again).

    >>> from mahjong_club.messages.core import say
    >>> say(EMAIL_WORDS["email_moved_up"], count=2).render("da")
    '▲2 siden sidste uge'
"""

from mahjong_club.messages.core import Entry, entry


def _email(key: str, *, en: str, da: str) -> Entry:
    return entry(f"site.{key}", en=en, da=da)


#: Every email string by its key.
EMAIL_WORDS: dict[str, Entry] = {
    # --- Subjects ------------------------------------------------------------------------------
    "email_subject_result": _email(
        "email_subject_result", en="{club}: your result", da="{club}: dit resultat"
    ),
    "email_subject_next_season": _email(
        "email_subject_next_season",
        en="{club}: your place next season",
        da="{club}: din plads i næste sæson",
    ),
    # --- A player's week -----------------------------------------------------------------------
    "email_place": _email(
        "email_place",
        en="{division}: you are number {rank} of {count} with {points} {unit}.",
        da="{division}: du er nr. {rank} af {count} med {points} {unit}.",
    ),
    "email_unit_points": _email("email_unit_points", en="points", da="point"),
    "email_unit_table_points": _email("email_unit_table_points", en="table points", da="bordpoint"),
    "email_unit_table_points_mcr": _email(
        "email_unit_table_points_mcr",
        en="table points and {minipoints} minipoints",
        da="bordpoint og {minipoints} minipoint",
    ),
    "email_unit_point": _email("email_unit_point", en="point", da="point"),
    "email_unit_table_point": _email("email_unit_table_point", en="table point", da="bordpoint"),
    "email_moved_up": _email(
        "email_moved_up", en="▲{count} since last week", da="▲{count} siden sidste uge"
    ),
    "email_moved_down": _email(
        "email_moved_down", en="▼{count} since last week", da="▼{count} siden sidste uge"
    ),
    "email_moved_none": _email(
        "email_moved_none",
        en="= the same place as last week",
        da="= samme plads som sidste uge",
    ),
    "email_moved_new": _email(
        "email_moved_new", en="new in the standings this week", da="ny i stillingen i denne uge"
    ),
    "email_status": _email("email_status", en="Status: {status}", da="Status: {status}"),
    "email_outlook": _email(
        "email_outlook",
        en="If the season ended today: {status} (it can still change)",
        da="Hvis sæsonen sluttede i dag: {status} (det kan stadig ændre sig)",
    ),
    "email_tied": _email(
        "email_tied",
        en="You share your place: equal on every tie-breaker so far",
        da="Du deler pladsen: lige på alle tiebreakers indtil videre",
    ),
    "email_week_games": _email(
        "email_week_games",
        en="Your games this week (since {date})",
        da="Dine spil i denne uge (siden {date})",
    ),
    "email_no_week_games": _email(
        "email_no_week_games",
        en="You played no games this week (since {date}).",
        da="Du har ikke spillet i denne uge (siden {date}).",
    ),
    "email_game": _email(
        "email_game",
        en="{date}, game {game} ({division}): {points}, place {place}, with {others}",
        da="{date}, spil {game} ({division}): {points}, {place}. plads, med {others}",
    ),
    "email_game_substituted": _email(
        "email_game_substituted",
        en="{date}, game {game} ({division}): {points}, place {place}, played by a substitute",
        da="{date}, spil {game} ({division}): {points}, {place}. plads, spillet af en substitut",
    ),
    "email_your_penalties": _email("email_your_penalties", en="Your penalties", da="Dine straffe"),
    "email_penalty": _email(
        "email_penalty",
        en="{where}: {kind}, {points} off {off}",
        da="{where}: {kind}, {points} trukket fra {off}",
    ),
    "email_penalty_session": _email(
        "email_penalty_session",
        en="session {session}, table {table}",
        da="runde {session}, bord {table}",
    ),
    "email_penalty_no_game": _email(
        "email_penalty_no_game", en="Without a game", da="Uden for et spil"
    ),
    "email_next_games": _email(
        "email_next_games",
        en="Still to play on the schedule",
        da="Mangler at blive spillet efter programmet",
    ),
    "email_next_game": _email(
        "email_next_game",
        en="{division}, game {label}: with {others}",
        da="{division}, spil {label}: med {others}",
    ),
    "email_more_games": _email("email_more_games", en="… and {count} more", da="… og {count} mere"),
    "email_goodbye": _email("email_goodbye", en="See you at the table!", da="Vi ses ved bordet!"),
    # --- Next season ---------------------------------------------------------------------------
    "email_next_season": _email(
        "email_next_season", en="Your place next season", da="Din plads i næste sæson"
    ),
    "email_next_season_provisional": _email(
        "email_next_season_provisional",
        en="Your place next season, if the season ended today",
        da="Din plads i næste sæson, hvis sæsonen sluttede i dag",
    ),
    "email_next_place": _email(
        "email_next_place", en="{division}: {reason}", da="{division}: {reason}"
    ),
    "email_next_season_thanks": _email(
        "email_next_season_thanks",
        en="Thank you for signing up!",
        da="Tak for din tilmelding!",
    ),
    "email_next_season_change": _email(
        "email_next_season_change",
        en="This season is not over yet, so the place can still change with its results.",
        da="Sæsonen er ikke slut endnu, så pladsen kan stadig ændre sig med resultaterne.",
    ),
    # --- Tournament and Duplicate --------------------------------------------------------------
    "email_event_rank": _email(
        "email_event_rank",
        en="{event}: you are number {rank} of {count} with {points} {unit}.",
        da="{event}: du er nr. {rank} af {count} med {points} {unit}.",
    ),
    "email_not_started": _email(
        "email_not_started",
        en="{event}: no session has been played yet.",
        da="{event}: der er ikke spillet nogen runde endnu.",
    ),
    "email_next_seat": _email(
        "email_next_seat",
        en="Your next game: session {session}, table {table}.",
        da="Dit næste spil: runde {session}, bord {table}.",
    ),
    "email_next_seat_wind": _email(
        "email_next_seat_wind",
        en="Your next game: session {session}, table {table}, seat {wind}.",
        da="Dit næste spil: runde {session}, bord {table}, plads {wind}.",
    ),
    "email_unit_imps": _email("email_unit_imps", en="IMPs", da="IMP"),
    "email_session_line": _email(
        "email_session_line",
        en="Session {session}, table {table}: {points}, place {place} (total {total})",
        da="Runde {session}, bord {table}: {points}, {place}. plads (total {total})",
    ),
    "email_sessions": _email("email_sessions", en="Your sessions", da="Dine runder"),
    "email_boards_line": _email(
        "email_boards_line",
        en="{boards} boards, {positive} with positive IMPs",
        da="{boards} brætter, {positive} med positive IMP",
    ),
    "email_board_line": _email(
        "email_board_line",
        en="Board {board} (session {session}, table {table}, {seat}): {imps} IMPs",
        da="Bræt {board} (runde {session}, bord {table}, {seat}): {imps} IMP",
    ),
    "email_false_mahjong": _email(
        "email_false_mahjong",
        en="False Mahjong penalties: {points}",
        da="Straffe for falsk mahjong: {points}",
    ),
    # --- The organiser's summary ---------------------------------------------------------------
    "email_action": _email("email_action", en="Needs your action", da="Kræver din handling"),
    "email_no_action": _email(
        "email_no_action", en="Nothing needs your action.", da="Intet kræver din handling."
    ),
    "email_warnings_one": _email(
        "email_warnings_one",
        en="1 warning: see the Problems sheet",
        da="1 advarsel: se arket Problems",
    ),
    "email_warnings_count": _email(
        "email_warnings_count",
        en="{count} warnings: see the Problems sheet",
        da="{count} advarsler: se arket Problems",
    ),
    "email_warnings_more": _email(
        "email_warnings_more",
        en="… and {count} more in the Problems sheet",
        da="… og {count} mere i arket Problems",
    ),
    "email_substitutable": _email(
        "email_substitutable",
        en="Substitutable members (a substitute may play in their place)",
        da="Substituerbare medlemmer (en substitut kan spille i deres sted)",
    ),
    "email_dice": _email(
        "email_dice",
        en="Ties that only dice can settle: roll and write the rolls in the Dice sheet",
        da="Stillinger som kun terningerne kan afgøre: slå og skriv slagene i arket Dice",
    ),
    "email_dice_line": _email(
        "email_dice_line",
        en="{division}: {players} (round {round}; still to roll: {missing})",
        da="{division}: {players} (runde {round}; mangler at slå: {missing})",
    ),
    "email_dice_decides": _email(
        "email_dice_decides",
        en="decides promotion or relegation",
        da="afgør op- eller nedrykning",
    ),
    "email_the_rest": _email("email_the_rest", en="The results", da="Resultaterne"),
    "email_who_gets": _email("email_who_gets", en="Who gets an email", da="Hvem får en e-mail"),
    "email_kind_report": _email("email_kind_report", en="weekly report", da="ugerapport"),
    "email_kind_result": _email("email_kind_result", en="their result", da="sit resultat"),
    "email_kind_next_season": _email(
        "email_kind_next_season", en="place next season", da="plads i næste sæson"
    ),
    "email_duplicate_ranking": _email("email_duplicate_ranking", en="Ranking", da="Rangliste"),
}
