"""Every label and sentence of the site and the emails, in English and Danish.

:class:`mahjong_club.site.locale.Locale` looks an entry up by its key: ``Locale("da").t("rank")``
reads ``SITE["rank"]``, the entry with code ``site.rank``. The words for values the rules
return (statuses, tie-breakers, next season's reasons, hand breakdowns) are in
:mod:`mahjong_club.messages.rules`.

    >>> from mahjong_club.messages.core import say
    >>> say(SITE["updated"], date="4. september 2025").render("da")
    'Resultater pr. 4. september 2025'
"""

from mahjong_club.messages.core import DANISH_MONTHS, Entry, entry

#: The month names, January first.
MONTHS: tuple[Entry, ...] = tuple(
    entry(f"site.month.{number}", en=english, da=DANISH_MONTHS[number - 1])
    for number, english in enumerate(
        (
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ),
        start=1,
    )
)


def _site(key: str, *, en: str, da: str) -> Entry:
    return entry(f"site.{key}", en=en, da=da)


#: Every site and email string by its key.
SITE: dict[str, Entry] = {
    "standings": _site("standings", en="Standings", da="Stilling"),
    "division": _site("division", en="Division", da="Division"),
    "divisions": _site("divisions", en="Divisions", da="Divisioner"),
    "rank": _site("rank", en="Rank", da="Placering"),
    "player": _site("player", en="Player", da="Spiller"),
    "players": _site("players", en="Players", da="Spillere"),
    "games": _site("games", en="Games", da="Spil"),
    "points": _site("points", en="Points", da="Point"),
    "table_points": _site("table_points", en="Table points", da="Bordpoint"),
    "minipoints": _site("minipoints", en="Minipoints", da="Minipoint"),
    "places": _site("places", en="1st / 2nd / 3rd / 4th", da="1. / 2. / 3. / 4."),
    "places_short": _site("places_short", en="1st–4th:", da="1.–4.:"),
    "decided_by": _site("decided_by", en="Decided by", da="Afgjort af"),
    "status": _site("status", en="Status", da="Status"),
    "movement": _site("movement", en="Movement since last week", da="Bevægelse siden sidste uge"),
    "new_entry": _site("new_entry", en="new", da="ny"),
    "movement_legend": _site(
        "movement_legend",
        en="▲ up and ▼ down that many places since last week; = the same place; · new.",
        da="▲ op og ▼ ned så mange pladser siden sidste uge; = samme plads; · ny.",
    ),
    "updated": _site("updated", en="Results as of {date}", da="Resultater pr. {date}"),
    "season": _site("season", en="Season {season}", da="Sæson {season}"),
    "pages": _site("pages", en="Pages", da="Sider"),
    "home": _site("home", en="Overview", da="Oversigt"),
    "attendance": _site("attendance", en="Attendance", da="Fremmøde"),
    "tonight": _site("tonight", en="Tonight", da="I aften"),
    "next_season": _site("next_season", en="Next season", da="Næste sæson"),
    "hands": _site("hands", en="Classical hands", da="Klassiske hænder"),
    "duplicate": _site("duplicate", en="Duplicate", da="Duplicate"),
    "cross_table": _site("cross_table", en="Results against each other", da="Indbyrdes resultater"),
    "cross_table_note": _site(
        "cross_table_note",
        en="Each cell: the row player's points in the games both played.",
        da="Hver celle: rækkens spillers point i de spil, hvor begge spillede.",
    ),
    "games_list": _site("games_list", en="Games", da="Spil"),
    "date": _site("date", en="Date", da="Dato"),
    "game": _site("game", en="Game", da="Spil"),
    "score": _site("score", en="Score", da="Pointtal"),
    "score_or_minipoints": _site(
        "score_or_minipoints", en="Score / minipoints", da="Pointtal / minipoint"
    ),
    "result": _site("result", en="Result", da="Resultat"),
    "place": _site("place", en="Place", da="Plads"),
    "substituted": _site("substituted", en="substituted", da="substitueret"),
    "chart": _site("chart", en="Points over the season", da="Point gennem sæsonen"),
    "chart_desc": _site(
        "chart_desc",
        en="Cumulative points of each player after every club night.",
        da="Hver spillers samlede point efter hver spilleaften.",
    ),
    "required": _site("required", en="Required", da="Krav"),
    "regular_nights": _site("regular_nights", en="Regular nights", da="Almindelige aftener"),
    "attended": _site("attended", en="Attended on time", da="Mødt til tiden"),
    "since": _site("since", en="Since", da="Siden"),
    "next_check": _site("next_check", en="Next check", da="Næste check"),
    "advice": _site("advice", en="To pass the next check", da="For at bestå næste check"),
    "your_games": _site("your_games", en="Games", da="Spil"),
    "no_games": _site("no_games", en="No games yet.", da="Ingen spil endnu."),
    "level": _site("level", en="Level", da="Niveau"),
    "reason": _site("reason", en="Reason", da="Begrundelse"),
    "substitute_for": _site("substitute_for", en="Substitute for", da="Substitut for"),
    "present_not_seated": _site(
        "present_not_seated",
        en="Present, not seated (possible substitutes)",
        da="Til stede, ikke placeret (mulige substitutter)",
    ),
    "no_tonight": _site(
        "no_tonight",
        en="No planned game can be played tonight.",
        da="Ingen planlagte spil kan spilles i aften.",
    ),
    "session": _site("session", en="Session", da="Runde"),
    "hand": _site("hand", en="Hand", da="Hånd"),
    "seat": _site("seat", en="Seat", da="Plads"),
    "round_wind": _site("round_wind", en="round wind", da="rundens vind"),
    "hand_winner": _site("hand_winner", en="went Mah-Jong", da="gik Mah-Jong"),
    "doubles": _site("doubles", en="Doubles", da="Doblinger"),
    "settlement": _site("settlement", en="Settlement", da="Afregning"),
    "running_total": _site("running_total", en="Running total", da="Løbende total"),
    "breakdown": _site("breakdown", en="Breakdown", da="Udregning"),
    "board": _site("board", en="Board", da="Bræt"),
    "table": _site("table", en="Table", da="Bord"),
    "game_points": _site("game_points", en="Game points", da="Spilpoint"),
    "average": _site("average", en="Average", da="Gennemsnit"),
    "difference": _site("difference", en="Difference", da="Forskel"),
    "imps": _site("imps", en="IMPs", da="IMP"),
    "boards": _site("boards", en="Boards", da="Brætter"),
    "ranking": _site("ranking", en="Ranking", da="Rangliste"),
    "false_mahjong": _site("false_mahjong", en="False Mahjong", da="Falsk mahjong"),
    "imp_scale": _site("imp_scale", en="IMPs by {scale}.", da="IMP efter {scale}."),
    "email_subject_player": _site(
        "email_subject_player",
        en="{club}: standings as of {date}",
        da="{club}: stilling pr. {date}",
    ),
    "email_subject_organiser": _site(
        "email_subject_organiser",
        en="{club}: results summary as of {date}",
        da="{club}: resultatoversigt pr. {date}",
    ),
    "email_subject_player_undated": _site(
        "email_subject_player_undated", en="{club}: standings", da="{club}: stilling"
    ),
    "email_subject_organiser_undated": _site(
        "email_subject_organiser_undated",
        en="{club}: results summary",
        da="{club}: resultatoversigt",
    ),
    "hello": _site("hello", en="Hello {name},", da="Hej {name}"),
    "your_division": _site(
        "your_division", en="Your division {division}", da="Din division {division}"
    ),
    "your_status": _site(
        "your_status", en="Your attendance status: {status}", da="Din fremmødestatus: {status}"
    ),
    "your_tonight": _site("your_tonight", en="Your game tonight", da="Dit spil i aften"),
    "report_link": _site(
        "report_link",
        en="The full standings are on the club's results page.",
        da="Hele stillingen står på klubbens resultatside.",
    ),
    "report_link_url": _site(
        "report_link_url", en="The full standings: {url}", da="Hele stillingen: {url}"
    ),
    "rank_short": _site("rank_short", en="Rank", da="Nr."),
    "email_organiser_name": _site("email_organiser_name", en="Organiser", da="Arrangør"),
    "organiser_summary": _site(
        "organiser_summary", en="Summary for the organiser", da="Oversigt til arrangøren"
    ),
    "warnings": _site("warnings", en="Warnings", da="Advarsler"),
    "emails": _site("emails", en="Emails", da="E-mails"),
    "no_email": _site("no_email", en="no email address", da="ingen e-mailadresse"),
    "email_unusable": _site(
        "email_unusable",
        en="{address} is not a usable email address, so nothing was sent (see the warnings)",
        da="{address} er ikke en brugbar e-mailadresse, så intet blev sendt (se advarslerne)",
    ),
    "penalties": _site("penalties", en="Penalties", da="Straffe"),
    "skip_to_content": _site("skip_to_content", en="Skip to content", da="Gå til indholdet"),
    "dice_needed": _site(
        "dice_needed",
        en="Still tied: roll the dice (round {round}) for {players}.",
        da="Stadig lige: slå med terningerne (runde {round}) for {players}.",
    ),
    "advice_attend": _site(
        "advice_attend",
        en="attend {must} of the next {coming} {nights} to pass the {date} check",
        da="mød op {must} af de næste {coming} {nights} for at bestå checket {date}",
    ),
    "advice_attend_all": _site(
        "advice_attend_all",
        en="attend each of the next {coming} {nights} to pass the {date} check",
        da="mød op alle de næste {coming} {nights} for at bestå checket {date}",
    ),
    "advice_attend_next": _site(
        "advice_attend_next",
        en="attend next Thursday to pass the {date} check",
        da="mød op næste torsdag for at bestå checket {date}",
    ),
    "advice_free": _site(
        "advice_free",
        en="passes the {date} check even without coming",
        da="består checket {date} også uden at komme",
    ),
    "advice_cannot": _site(
        "advice_cannot",
        en=(
            "cannot pass the {date} check any more (needs {must} more {must:night|nights} on"
            " time; {coming} {nights} left before it)"
        ),
        da=(
            "kan ikke længere bestå checket {date} (mangler {must} {must:aften|aftener} til"
            " tiden; {coming} {nights} tilbage før det)"
        ),
    ),
    "tournament": _site("tournament", en="Tournament", da="Turnering"),
    "ahead_on": _site(
        "ahead_on",
        en="Ahead of the next player on: {criterion}",
        da="Foran den næste spiller på: {criterion}",
    ),
    "behind_on": _site(
        "behind_on",
        en="Behind the player above on: {criterion}",
        da="Efter spilleren ovenover på: {criterion}",
    ),
    "session_results": _site("session_results", en="Session {session}", da="Runde {session}"),
    "penalty_list": _site("penalty_list", en="Penalties", da="Straffe"),
    "kind": _site("kind", en="Kind", da="Type"),
    "minutes": _site("minutes", en="Minutes", da="Minutter"),
    "deducted": _site("deducted", en="Deducted", da="Fratrukket"),
    "after_uma": _site("after_uma", en="after uma", da="efter uma"),
    "display": _site("display", en="Hall display", da="Storskærm"),
    "display_next": _site(
        "display_next", en="Next: session {session}", da="Næste: runde {session}"
    ),
    "display_starts_at": _site("display_starts_at", en="Starts at {time}", da="Starter kl. {time}"),
    "display_starts_in": _site("display_starts_in", en="Starts in {time}", da="Starter om {time}"),
    "display_started": _site("display_started", en="Playing now", da="Spilles nu"),
    "display_where": _site("display_where", en="Find your table", da="Find dit bord"),
    "display_tables": _site("display_tables", en="The tables", da="Bordene"),
    "display_page": _site("display_page", en="page {page} of {pages}", da="side {page} af {pages}"),
    "display_final": _site(
        "display_final",
        en="Every session is played: the final ranking",
        da="Alle runder er spillet: den endelige stilling",
    ),
    "teams": _site("teams", en="Teams", da="Hold"),
    "team": _site("team", en="Team", da="Hold"),
    "team_members": _site("team_members", en="Members (rank)", da="Spillere (placering)"),
    "teams_intro": _site(
        "teams_intro",
        en="A team's points are the sum of its members' points in the ranking; equal teams are"
        " separated by their best-placed member.",
        da="Et holds point er summen af spillernes point i stillingen; lige hold skilles ad af"
        " deres bedst placerede spiller.",
    ),
    "teams_link": _site(
        "teams_link", en="The team ranking ({count} teams)", da="Holdstillingen ({count} hold)"
    ),
    "best_member": _site("best_member", en="best member", da="bedste spiller"),
    "from_minipoints": _site("from_minipoints", en="from the minipoints", da="fra minipointene"),
    "immediately": _site(
        "immediately",
        en="immediately (changes placements)",
        da="med det samme (ændrer placeringer)",
    ),
    "note": _site("note", en="Note", da="Bemærkning"),
    "player_total": _site("player_total", en="Player's total", da="Spillerens total"),
    "no_penalties": _site("no_penalties", en="No penalties.", da="Ingen straffe."),
    "if_season_ended_today": _site(
        "if_season_ended_today", en="if the season ended today", da="hvis sæsonen sluttede i dag"
    ),
    "provisional_standings": _site(
        "provisional_standings",
        en=(
            "Promotion and relegation if the season ended today: the season is not over yet,"
            " so they can still change."
        ),
        da=(
            "Op- og nedrykning, hvis sæsonen sluttede i dag: sæsonen er ikke slut endnu, så det"
            " kan stadig ændre sig."
        ),
    ),
    "provisional_next_season": _site(
        "provisional_next_season",
        en=(
            "If the season ended today: the season is not over yet, so these places can still"
            " change with every result."
        ),
        da=(
            "Hvis sæsonen sluttede i dag: sæsonen er ikke slut endnu, så pladserne kan stadig"
            " ændre sig med hvert resultat."
        ),
    ),
    "generated": _site("generated", en="Page made on {moment}", da="Siden er lavet {moment}"),
    "scroll_hint": _site(
        "scroll_hint",
        en="Wide table: swipe sideways to see all of it →",
        da="Bred tabel: stryg til siden for at se det hele →",
    ),
    "find_player": _site("find_player", en="Find a player", da="Find en spiller"),
    "find_placeholder": _site(
        "find_placeholder", en="Type part of a name", da="Skriv en del af et navn"
    ),
    "no_player_found": _site(
        "no_player_found", en="No player by that name.", da="Ingen spiller med det navn."
    ),
    "taken_off": _site("taken_off", en="Taken off", da="Trukket fra"),
    "off_game_score": _site(
        "off_game_score",
        en="the game's score (before places and uma)",
        da="spillets score (før placeringer og uma)",
    ),
    "off_total": _site("off_total", en="the season total", da="sæsonens total"),
    "off_tournament_total": _site("off_tournament_total", en="the total", da="totalen"),
    "off_minipoints": _site("off_minipoints", en="the minipoint total", da="minipointtotalen"),
    "minutes_late": _site("minutes_late", en="{minutes} min", da="{minutes} min."),
    "penalty_sum": _site(
        "penalty_sum",
        en="Games {games} − penalties {penalties} = {total}",
        da="Spil {games} − straffe {penalties} = {total}",
    ),
    "penalty_sum_minipoints": _site(
        "penalty_sum_minipoints",
        en="Minipoints: games {games} − penalties {penalties} = {total}",
        da="Minipoint: spil {games} − straffe {penalties} = {total}",
    ),
    "thursday": _site("thursday", en="Thursday", da="torsdag"),
    "thursdays": _site("thursdays", en="Thursdays", da="torsdage"),
}

# The tournament and Duplicate pages' words live in their own area; they are looked up here.
from mahjong_club.messages.site_events import SITE_EVENTS  # noqa: E402

SITE.update(SITE_EVENTS)

# The emails' words too (mahjong_club/messages/email_words.py).
from mahjong_club.messages.email_words import EMAIL_WORDS  # noqa: E402

SITE.update(EMAIL_WORDS)

# A member's attendance status explained (mahjong_club/messages/status_words.py).
from mahjong_club.messages.status_words import STATUS_WORDS  # noqa: E402

SITE.update(STATUS_WORDS)
