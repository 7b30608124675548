"""Every string, number and date format of the site and the emails, in English and Danish.

The ``language`` setting picks the catalogue. Numbers: English 27,300 and 2.33; Danish 27.300
and 2,33. Dates: English "4 September 2025"; Danish "4. september 2025".

    >>> Locale("da").number(27300), Locale("en").number(-9800)
    ('27.300', '−9,800')
    >>> Locale("da").date(dt.date(2025, 9, 4))
    '4. september 2025'
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from fractions import Fraction

from rules.attendance import Advice

MONTHS = {
    "en": [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ],
    "da": [
        "januar", "februar", "marts", "april", "maj", "juni",
        "juli", "august", "september", "oktober", "november", "december",
    ],
}  # fmt: skip

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "standings": "Standings",
        "division": "Division",
        "divisions": "Divisions",
        "rank": "Rank",
        "player": "Player",
        "players": "Players",
        "games": "Games",
        "points": "Points",
        "table_points": "Table points",
        "minipoints": "Minipoints",
        "places": "1st / 2nd / 3rd / 4th",
        "decided_by": "Decided by",
        "status": "Status",
        "movement": "Movement since last week",
        "new_entry": "new",
        "updated": "Results as of {date}",
        "season": "Season {season}",
        "pages": "Pages",
        "home": "Overview",
        "attendance": "Attendance",
        "tonight": "Tonight",
        "next_season": "Next season",
        "hands": "Classical hands",
        "duplicate": "Duplicate",
        "cross_table": "Results against each other",
        "cross_table_note": "Each cell: the row player's points in the games both played.",
        "games_list": "Games",
        "date": "Date",
        "game": "Game",
        "score": "Score",
        "result": "Result",
        "place": "Place",
        "substituted": "substituted",
        "chart": "Points over the season",
        "chart_desc": "Cumulative points of each player after every club night.",
        "required": "Required",
        "regular_nights": "Regular nights",
        "attended": "Attended on time",
        "since": "Since",
        "next_check": "Next check",
        "advice": "To pass the next check",
        "ok": "ok",
        "warning": "warning",
        "substitutable": "substitutable",
        "winner": "winner",
        "promoted": "promoted",
        "promotion candidate": "promotion candidate",
        "relegation candidate": "relegation candidate",
        "tied": "tied",
        "your_games": "Games",
        "no_games": "No games yet.",
        "level": "Level",
        "reason": "Reason",
        "substitute_for": "Substitute for",
        "present_not_seated": "Present, not seated (possible substitutes)",
        "no_tonight": "No planned game can be played tonight.",
        "session": "Session",
        "hand": "Hand",
        "seat": "Seat",
        "doubles": "Doubles",
        "settlement": "Settlement",
        "running_total": "Running total",
        "breakdown": "Breakdown",
        "board": "Board",
        "table": "Table",
        "game_points": "Game points",
        "average": "Average",
        "difference": "Difference",
        "imps": "IMPs",
        "boards": "Boards",
        "ranking": "Ranking",
        "false_mahjong": "False Mahjong",
        "imp_scale": "IMPs by {scale}.",
        "status_explain_warning": (
            "You have attended {attended} of {regular} regular club nights on time; the"
            " requirement is {required}. Your attendance was below it at the check on {since}."
            " If it is still below at the next check, you become substitutable."
        ),
        "status_explain_substitutable": (
            "You have attended {attended} of {regular} regular club nights on time; the"
            " requirement is {required}. Since {since} you are substitutable: when no game of"
            " your division can be played otherwise, a substitute may play in your place. You"
            " stop being substitutable as soon as you reach the requirement."
        ),
        "email_subject_player": "{club}: standings as of {date}",
        "email_subject_organiser": "{club}: results summary as of {date}",
        "email_subject_player_undated": "{club}: standings",
        "email_subject_organiser_undated": "{club}: results summary",
        "hello": "Hello {name},",
        "your_division": "Your division {division}",
        "your_status": "Your attendance status: {status}",
        "your_tonight": "Your game tonight",
        "report_link": "The full standings are on the club's results page.",
        "report_link_url": "The full standings: {url}",
        "rank_short": "Rank",
        "organiser_summary": "Summary for the organiser",
        "warnings": "Warnings",
        "emails": "Emails",
        "no_email": "no email address",
        "penalties": "Penalties",
        "skip_to_content": "Skip to content",
        "dice_needed": "Still tied: roll the dice (round {round}) for {players}.",
        "advice_attend": "attend {must} of the next {coming} {nights} to pass the {date} check",
        "advice_free": "passes the {date} check even without coming",
        "advice_cannot": (
            "cannot pass the {date} check any more (needs {must} more nights on time;"
            " {coming} {nights} left before it)"
        ),
        "tournament": "Tournament",
        "disqualified": "disqualified",
        "ahead_on": "Ahead of the next player on: {criterion}",
        "behind_on": "Behind the player above on: {criterion}",
        "session_results": "Session {session}",
        "penalty_list": "Penalties",
        "kind": "Kind",
        "minutes": "Minutes",
        "deducted": "Deducted",
        "after_uma": "after uma",
        "immediately": "immediately (changes placements)",
        "note": "Note",
        "player_total": "Player's total",
        "no_penalties": "No penalties.",
        "thursday": "Thursday",
        "thursdays": "Thursdays",
    },
    "da": {
        "standings": "Stilling",
        "division": "Division",
        "divisions": "Divisioner",
        "rank": "Placering",
        "player": "Spiller",
        "players": "Spillere",
        "games": "Spil",
        "points": "Point",
        "table_points": "Bordpoint",
        "minipoints": "Minipoint",
        "places": "1. / 2. / 3. / 4.",
        "decided_by": "Afgjort af",
        "status": "Status",
        "movement": "Bevægelse siden sidste uge",
        "new_entry": "ny",
        "updated": "Resultater pr. {date}",
        "season": "Sæson {season}",
        "pages": "Sider",
        "home": "Oversigt",
        "attendance": "Fremmøde",
        "tonight": "I aften",
        "next_season": "Næste sæson",
        "hands": "Klassiske hænder",
        "duplicate": "Duplicate",
        "cross_table": "Indbyrdes resultater",
        "cross_table_note": "Hver celle: rækkens spillers point i de spil, hvor begge spillede.",
        "games_list": "Spil",
        "date": "Dato",
        "game": "Spil",
        "score": "Score",
        "result": "Resultat",
        "place": "Plads",
        "substituted": "substitueret",
        "chart": "Point gennem sæsonen",
        "chart_desc": "Hver spillers samlede point efter hver spilleaften.",
        "required": "Krav",
        "regular_nights": "Almindelige aftener",
        "attended": "Mødt til tiden",
        "since": "Siden",
        "next_check": "Næste check",
        "advice": "For at bestå næste check",
        "ok": "ok",
        "warning": "advarsel",
        "substitutable": "substituerbar",
        "winner": "vinder",
        "promoted": "oprykker",
        "promotion candidate": "oprykningskandidat",
        "relegation candidate": "nedrykningskandidat",
        "tied": "lige",
        "your_games": "Spil",
        "no_games": "Ingen spil endnu.",
        "level": "Niveau",
        "reason": "Begrundelse",
        "substitute_for": "Substitut for",
        "present_not_seated": "Til stede, ikke placeret (mulige substitutter)",
        "no_tonight": "Ingen planlagte spil kan spilles i aften.",
        "session": "Runde",
        "hand": "Hånd",
        "seat": "Plads",
        "doubles": "Doblinger",
        "settlement": "Afregning",
        "running_total": "Løbende total",
        "breakdown": "Udregning",
        "board": "Bræt",
        "table": "Bord",
        "game_points": "Spilpoint",
        "average": "Gennemsnit",
        "difference": "Forskel",
        "imps": "IMP",
        "boards": "Brætter",
        "ranking": "Rangliste",
        "false_mahjong": "Falsk mahjong",
        "imp_scale": "IMP efter {scale}.",
        "status_explain_warning": (
            "Du er mødt til tiden {attended} af {regular} almindelige spilleaftener; kravet er"
            " {required}. Dit fremmøde var under kravet ved checket {since}. Er det stadig under"
            " ved næste check, bliver du substituerbar."
        ),
        "status_explain_substitutable": (
            "Du er mødt til tiden {attended} af {regular} almindelige spilleaftener; kravet er"
            " {required}. Siden {since} er du substituerbar: hvis der ikke kan spilles noget"
            " spil i din division ellers, kan en substitut spille i dit sted. Du holder op med"
            " at være substituerbar, så snart du når kravet."
        ),
        "email_subject_player": "{club}: stilling pr. {date}",
        "email_subject_organiser": "{club}: resultatoversigt pr. {date}",
        "email_subject_player_undated": "{club}: stilling",
        "email_subject_organiser_undated": "{club}: resultatoversigt",
        "hello": "Hej {name}",
        "your_division": "Din division {division}",
        "your_status": "Din fremmødestatus: {status}",
        "your_tonight": "Dit spil i aften",
        "report_link": "Hele stillingen står på klubbens resultatside.",
        "report_link_url": "Hele stillingen: {url}",
        "rank_short": "Nr.",
        "organiser_summary": "Oversigt til arrangøren",
        "warnings": "Advarsler",
        "emails": "E-mails",
        "no_email": "ingen e-mailadresse",
        "penalties": "Straffe",
        "skip_to_content": "Gå til indholdet",
        "dice_needed": "Stadig lige: slå med terningerne (runde {round}) for {players}.",
        "advice_attend": "mød op {must} af de næste {coming} {nights} for at bestå checket {date}",
        "advice_free": "består checket {date} også uden at komme",
        "advice_cannot": (
            "kan ikke længere bestå checket {date} (mangler {must} aftener til tiden;"
            " {coming} {nights} tilbage før det)"
        ),
        "tournament": "Turnering",
        "disqualified": "diskvalificeret",
        "ahead_on": "Foran den næste spiller på: {criterion}",
        "behind_on": "Efter spilleren ovenover på: {criterion}",
        "session_results": "Runde {session}",
        "penalty_list": "Straffe",
        "kind": "Type",
        "minutes": "Minutter",
        "deducted": "Fratrukket",
        "after_uma": "efter uma",
        "immediately": "med det samme (ændrer placeringer)",
        "note": "Note",
        "player_total": "Spillerens total",
        "no_penalties": "Ingen straffe.",
        "thursday": "torsdag",
        "thursdays": "torsdage",
    },
}

#: Tie-breaker names as shown (the workbook keeps the English names).
CRITERIA_DA = {
    "disqualification": "diskvalifikation",
    "points": "point",
    "table points": "bordpoint",
    "minipoints": "minipoint",
    "1st places": "1. pladser",
    "2nd places": "2. pladser",
    "3rd places": "3. pladser",
    "head-to-head points": "indbyrdes point",
    "head-to-head": "indbyrdes",
    "highest single game": "højeste enkeltspil",
    "dice": "terninger",
    "tied": "lige",
}


@dataclass(frozen=True)
class Locale:
    """Formatting for one language (``en`` or ``da``)."""

    language: str = "en"

    @property
    def thousands(self) -> str:
        """The thousands separator."""
        return "." if self.language == "da" else ","

    @property
    def decimal(self) -> str:
        """The decimal separator."""
        return "," if self.language == "da" else "."

    def t(self, key: str, **values: object) -> str:
        """The string ``key`` in this language, with ``values`` filled in."""
        text = STRINGS.get(self.language, STRINGS["en"]).get(key) or STRINGS["en"][key]
        return text.format(**values) if values else text

    def number(self, value: int | Fraction | float | None, signed: bool = False) -> str:
        """A whole number with thousands separators, or a fraction to 2 decimals; a real minus."""
        if value is None:
            return ""
        if isinstance(value, (Fraction, float)) and value != int(value):
            text = f"{abs(float(value)):,.2f}"
        else:
            text = f"{abs(int(value)):,}"
        text = text.replace(",", "\x00").replace(".", self.decimal).replace("\x00", self.thousands)
        sign = "−" if value < 0 else ("+" if signed and value > 0 else "")
        return sign + text

    def date(self, value: dt.date | None) -> str:
        """A date in words."""
        if value is None:
            return ""
        month = MONTHS.get(self.language, MONTHS["en"])[value.month - 1]
        if self.language == "da":
            return f"{value.day}. {month} {value.year}"
        return f"{value.day} {month} {value.year}"

    def advice(self, advice: Advice) -> str:
        """What a member must do to pass the next check, in this language."""
        nights = self.t("thursday" if advice.coming == 1 else "thursdays")
        values = {
            "must": advice.must_attend,
            "coming": advice.coming,
            "nights": nights,
            "date": self.date(advice.check),
        }
        if advice.must_attend > advice.coming:
            return self.t("advice_cannot", **values)
        if advice.must_attend == 0:
            return self.t("advice_free", **values)
        return self.t("advice_attend", **values)

    def phrase(self, text: str) -> str:
        """A phrase the rules generated (a hand breakdown, a reason) in this language."""
        return _translate(text, self.language)

    def criterion(self, name: str) -> str:
        """A tie-breaker's name in this language."""
        return CRITERIA_DA.get(name, name) if self.language == "da" else name

    def status(self, name: str) -> str:
        """An attendance or season status in this language."""
        return self.t(name) if name else ""


#: Danish for the generated phrases of the rules (hand breakdowns, next season's reasons,
#: limit hands, the IMP scale's name), applied in order; each is (English pattern, Danish).
PHRASES_DA: tuple[tuple[str, str], ...] = (
    (r"\bexposed\b", "åben"),
    (r"\bconcealed\b", "skjult"),
    (r"(\d) characters\b", r"\1 tegn"),
    (r"(\d) circles\b", r"\1 cirkler"),
    (r"(\d) bamboo\b", r"\1 bambus"),
    (r"\beast wind\b", "østenvind"),
    (r"\bsouth wind\b", "søndenvind"),
    (r"\bwest wind\b", "vestenvind"),
    (r"\bnorth wind\b", "nordenvind"),
    (r"\bred dragons\b", "røde drager"),
    (r"\bgreen dragons\b", "grønne drager"),
    (r"\bwhite dragons\b", "hvide drager"),
    (r"\(own and round wind\)", "(egen og rundens vind)"),
    (r"\(own wind\)", "(egen vind)"),
    (r"\(round wind\)", "(rundens vind)"),
    (r"\bof own wind\b", "af egen vind"),
    (r"\bof round wind\b", "af rundens vind"),
    (r"\ball four flowers\b", "alle fire blomster"),
    (r"\ball four seasons\b", "alle fire årstider"),
    (r"\b1 flower\b", "1 blomst"),
    (r"(\d) flowers\b", r"\1 blomster"),
    (r"\b1 season\b", "1 årstid"),
    (r"(\d) seasons\b", r"\1 årstider"),
    (r"\bMah-Jong on the last tile\b", "Mah-Jong på sidste brik"),
    (r"\bself-drawn\b", "selvtrukket"),
    (r"\bloose tile\b", "løs brik"),
    (r"\bworthless hand\b", "værdiløs hånd"),
    (r"\bno chows\b", "ingen chows"),
    (r"\bonly terminals and honours\b", "kun terminaler og honnører"),
    (r"\bone suit with honours\b", "én farve med honnører"),
    (r"\bone suit only\b", "kun én farve"),
    (r"\ball four winds\b", "alle fire vinde"),
    (r"\ball three dragons\b", "alle tre drager"),
    (r"\bpair of\b", "par af"),
    (r"\b(pung|kong) of\b", r"\1 af"),
    (r"\bheavenly hand\b", "himmelsk velsignelse"),
    (r"\bearthly hand\b", "jordisk velsignelse"),
    (r"\bfour concealed pungs\b", "fire skjulte punge"),
    (r"\bfour winds\b", "fire vinde"),
    (r"\ball honours\b", "kun honnører"),
    (r"\bheads and tails\b", "hoved og hale"),
    (r"\bthirteen orphans\b", "de tretten vidundere"),
    (r"\blimit hand\b", "limithånd"),
    (r"\bcapped at the limit\b", "begrænset til grænsen"),
    (r"\bno doubles\b", "ingen doblinger"),
    (r"\b1 double\b", "1 dobling"),
    (r"(\d) doubles\b", r"\1 doblinger"),
    (r"\bno points\b", "ingen point"),
    (r"\bwinner of division\b", "vinder af division"),
    (r"\brunner-up of division\b", "nr. 2 i division"),
    (r"\brank (\d+) of division\b", r"nr. \1 i division"),
    (r"\brelegation candidate of division\b", "nedrykningskandidat i division"),
    (r", stays at the top\b", ", bliver i toppen"),
    (r", stays: no room higher up\b", ", bliver: ingen plads højere oppe"),
    (r", kept: division (\d+) grew\b", r", bliver: division \1 blev større"),
    (r", kept: a place was free\b", ", bliver: der var en ledig plads"),
    (
        r", moved down: division (\d+) is smaller next season\b",
        r", rykker ned: division \1 er mindre næste sæson",
    ),
    (r", promoted\b", ", rykker op"),
    (r", relegated\b", ", rykker ned"),
    (r", stays\b", ", bliver"),
    (r"\bnew player \(rating ([^)]*)\)", r"ny spiller (rating \1)"),
    (r"\bnew player \(no rating\)", "ny spiller (ingen rating)"),
    (r"\bthe provisional default scale\b", "den foreløbige standardskala"),
    (r"^chombo$", "chombo"),
    (r"^lateness$", "forsinkelse"),
    (r"^obstruction$", "obstruktion"),
    (r"^disqualification$", "diskvalifikation"),
    (r"^other$", "andet"),
    (r"\bthe workbook's own IMP scale sheet\b", "arbejdsbogens egen IMP-skala"),
)


def _translate(text: str, language: str) -> str:
    if language != "da" or not text:
        return text
    for pattern, replacement in PHRASES_DA:
        text = re.sub(pattern, replacement, text)
    return text
