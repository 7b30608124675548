"""Messages of the computing step: standings (dice), attendance, schedule, next season,
tonight's proposal and the Duplicate tile checks.

Dates are shown as in the workbook (2025-09-04). Sheet names stay as the workbook spells them
(Attendance, Schedule, Players, Dice …). Danish uses the site's words: spilleaften (club night),
almindelig spilleaften (regular night), fremmøde, substituerbar, runde, bræt, plads, hånd.
A ``hint`` parameter is a did-you-mean message or empty.
"""

from mahjong_club.messages.core import entry

# --- Lists and small words --------------------------------------------------------------------
#: Two items of a list of translated words; nest it for longer lists.
LIST = entry("compute.list", en="{first}, {rest}", da="{first}, {rest}")

WEEKDAYS = (
    entry("compute.weekday.monday", en="Monday", da="mandag"),
    entry("compute.weekday.tuesday", en="Tuesday", da="tirsdag"),
    entry("compute.weekday.wednesday", en="Wednesday", da="onsdag"),
    entry("compute.weekday.thursday", en="Thursday", da="torsdag"),
    entry("compute.weekday.friday", en="Friday", da="fredag"),
    entry("compute.weekday.saturday", en="Saturday", da="lørdag"),
    entry("compute.weekday.sunday", en="Sunday", da="søndag"),
)

#: Next season's priority groups, by their name in :func:`rules.next_season.priority_order`.
GROUPS = {
    "winner": entry("compute.group.winner", en="winner", da="vinder"),
    "stays": entry("compute.group.stays", en="stays", da="bliver"),
    "runner-up": entry("compute.group.runner_up", en="runner-up", da="nr. 2"),
    "relegation candidate": entry(
        "compute.group.relegation_candidate",
        en="relegation candidate",
        da="nedrykningskandidat",
    ),
    "moved nowhere": entry("compute.group.moved_nowhere", en="moved nowhere", da="midt i feltet"),
    "new": entry("compute.group.new", en="new", da="ny"),
}

# --- Standings --------------------------------------------------------------------------------
DICE_NEEDED = entry(
    "compute.standings.dice_needed",
    en=(
        "{division}: {players} are still tied after every criterion; roll two dice"
        " (round {round}) for {missing} and record the rolls in the Dice sheet"
        " (or have the tool roll them: --roll-dice SEED, or the drop page's dice seed)"
    ),
    da=(
        "{division}: {players} står stadig lige efter alle kriterier; slå med to terninger"
        " (runde {round}) for {missing} og skriv slagene i arket Dice"
        " (eller lad værktøjet slå dem: --roll-dice FRØ, eller et terningfrø på slip-siden)"
    ),
)
DICE_AFTER_LAST_SESSION = entry(
    "compute.standings.dice_after_last_session",
    en=(
        "{division}: {players} are tied after every criterion; if they still are after the"
        " last session, roll two dice (round {round}) for {missing} and record the rolls in"
        " the Dice sheet (or have the tool roll them: --roll-dice SEED, or the drop page's dice"
        " seed)"
    ),
    da=(
        "{division}: {players} står lige efter alle kriterier; gør de det stadig efter sidste"
        " runde, så slå med to terninger (runde {round}) for {missing} og skriv slagene i"
        " arket Dice (eller lad værktøjet slå dem: --roll-dice FRØ, eller et terningfrø på"
        " slip-siden)"
    ),
)

# --- Attendance -------------------------------------------------------------------------------
NOT_THURSDAY = entry(
    "compute.attendance.not_thursday",
    en="{date} is a {weekday}, not a Thursday: it never counts as a regular club night",
    da=("{date} er en {weekday}, ikke en torsdag: den tæller aldrig som en almindelig spilleaften"),
)
IN_NO_DIVISION = entry(
    "compute.attendance.in_no_division",
    en="{name!r} has attendance recorded but is in no division{hint}",
    da="{name!r} har registreret fremmøde, men er ikke med i nogen division{hint}",
)
HINT_WITHOUT_ROW = entry(
    "compute.attendance.hint_without_row",
    en="; did you mean {close!r} (who has no attendance row)?",
    da="; mente du {close!r} (som ikke har nogen række i fremmødearket)?",
)
NIGHT_WITHOUT_COLUMN = entry(
    "compute.attendance.night_without_column",
    en=("no Attendance column for the club night {date}; everyone counts as absent that night"),
    da=(
        "ingen kolonne i arket Attendance for spilleaftenen {date}; alle tæller som"
        " fraværende den aften"
    ),
)
NIGHT_BEFORE_START = entry(
    "compute.attendance.night_before_start",
    en="the night {date} is before the season start {start}, so its column never counts; is"
    " a year wrong?",
    da="aftenen {date} ligger før sæsonstarten {start}, så dens kolonne tæller aldrig; er et"
    " årstal forkert?",
)
GAMES_BEFORE_START = entry(
    "compute.attendance.games_before_start",
    en=(
        "{count} {count:game|games} dated before the season start {start}"
        " ({count:game|the first: game}"
        " {game!r} on {date}); is a year wrong?"
    ),
    da=(
        "{count} spil er dateret før sæsonstarten {start} ({count:spil|det første: spil} {game!r}"
        " den {date}); er et årstal forkert?"
    ),
)
MANY_DIVISIONS = entry(
    "compute.attendance.many_divisions",
    en="{player!r} plays in {count} divisions ({divisions})",
    da="{player!r} spiller i {count} divisioner ({divisions})",
)
NO_ATTENDANCE_ROW = entry(
    "compute.attendance.no_row",
    en=("{player!r} has no row in the Attendance sheet; counted as absent every night{hint}"),
    da=("{player!r} har ingen række i arket Attendance og tæller som fraværende hver aften{hint}"),
)
HINT_IN_NO_DIVISION = entry(
    "compute.attendance.hint_in_no_division",
    en="; did you mean {close!r} (a row for someone in no division)?",
    da="; mente du {close!r} (en række for en, der ikke er med i nogen division)?",
)
NOT_SUBSTITUTABLE = entry(
    "compute.attendance.not_substitutable",
    en=(
        "{player!r} is marked substituted in game {game!r} on {date} but was not"
        " substitutable that night (status: {status})"
    ),
    da=(
        "{player!r} er markeret som substitueret i spil {game!r} den {date}, men var ikke"
        " substituerbar den aften (status: {status})"
    ),
)

# --- Schedule ---------------------------------------------------------------------------------
SCHEDULE_EXISTS = entry(
    "compute.schedule.exists",
    en=(
        "the workbook already has a Schedule sheet; --make-schedule only proposes a"
        " plan for a workbook without one"
    ),
    da=(
        "projektmappen har allerede et Schedule-ark; --make-schedule foreslår kun en plan"
        " for en projektmappe uden et"
    ),
)
TOO_FEW_FOR_SCHEDULE = entry(
    "compute.schedule.too_few_members",
    en="no schedule for {division!r}: it has fewer than four members",
    da="ingen spilleplan for {division!r}: den har færre end fire medlemmer",
)
GAME_NOT_PLANNED = entry(
    "compute.schedule.game_not_planned",
    en=(
        "game {game!r} ({division}: {players}) matches no planned game"
        " still open in the Schedule sheet"
    ),
    da=(
        "spil {game!r} ({division}: {players}) svarer ikke til noget planlagt spil,"
        " der stadig er åbent i arket Schedule"
    ),
)

# --- Next season ------------------------------------------------------------------------------
NEW_PLAYER_UNKNOWN = entry(
    "compute.next_season.new_player_unknown",
    en="new {game} player {name!r} is not in the Players sheet (placed last, no rating)",
    da="den nye {game}-spiller {name!r} står ikke i arket Players (placeres sidst, uden rating)",
)
#: ``problem`` is what the rules say (:class:`rules.next_season.TooFewPlayers`).
TOO_FEW_SIGNED_UP = entry(
    "compute.next_season.too_few_signed_up", en="{game}: {problem}", da="{game}: {problem}"
)
TIE_ACROSS_GROUPS = entry(
    "compute.next_season.tie_across_groups",
    en=(
        "{division}: {players} are tied at rank {rank} but fall in different groups for"
        " next season ({groups}); roll the dice to decide"
    ),
    da=(
        "{division}: {players} står lige på placering {rank}, men havner i forskellige"
        " grupper til næste sæson ({groups}); slå med terninger for at afgøre det"
    ),
)

TIE_ACROSS_DIVISIONS = entry(
    "compute.next_season.tie_across_divisions",
    en=(
        "{division}: {players} are tied at rank {rank} and next season's divisions split them"
        " (divisions {levels}: the order by name decides for now); roll the dice to decide"
    ),
    da=(
        "{division}: {players} står lige på placering {rank}, og næste sæsons divisioner"
        " deler dem (division {levels}: navnenes rækkefølge afgør det indtil videre); slå med"
        " terninger for at afgøre det"
    ),
)

# --- Tonight ----------------------------------------------------------------------------------
TONIGHT_NEEDS_ATTENDANCE = entry(
    "compute.tonight.needs_attendance",
    en="--tonight needs an Attendance sheet",
    da="--tonight kræver et Attendance-ark",
)
TONIGHT_NEEDS_SCHEDULE = entry(
    "compute.tonight.needs_schedule",
    en="--tonight needs a Schedule sheet with the planned games (or --make-schedule)",
    da="--tonight kræver et Schedule-ark med de planlagte spil (eller --make-schedule)",
)
TONIGHT_NO_NIGHTS = entry(
    "compute.tonight.no_nights",
    en="the Attendance sheet has no nights",
    da="arket Attendance har ingen aftener",
)
TONIGHT_NO_COLUMN = entry(
    "compute.tonight.no_column",
    en="no Attendance column for {date}; add that night's column first",
    da="ingen kolonne i arket Attendance for {date}; tilføj først kolonnen for den aften",
)
TONIGHT_ONE_SUBSTITUTE = entry(
    "compute.tonight.one_substitute",
    en="1 substitute needed",
    da="1 substitut mangler",
)
TONIGHT_SUBSTITUTES = entry(
    "compute.tonight.substitutes",
    en="{count} substitutes needed",
    da="{count} substitutter mangler",
)
TONIGHT_FREE = entry(
    "compute.tonight.free",
    en="present, not seated: {names}",
    da="til stede, ikke placeret: {names}",
)
TONIGHT_FREE_SUBSTITUTES = entry(
    "compute.tonight.free_substitutes",
    en="present, not seated (the substitutes for {seats} {seats:seat|seats} come from them):"
    " {names}",
    da="til stede, ikke placeret (substitutterne til {seats} {seats:plads|pladser} kommer"
    " herfra): {names}",
)

# --- Duplicate tile checks --------------------------------------------------------------------
HANDS_NOT_WINNERS = entry(
    "compute.duplicate.hands_not_winners",
    en=(
        "{hands} {hands:hand|hands} in Tiles but {winners} {winners:winner|winners}; give one"
        " hand per winner, separated by ;"
    ),
    da=(
        "{hands} {hands:hånd|hænder} i Tiles, men {winners} {winners:vinder|vindere}; skriv én"
        " hånd pr. vinder,"
        " adskilt af ;"
    ),
)
HAND_NOT_READ = entry(
    "compute.duplicate.hand_not_read",
    en="{seat}'s hand {hand!r}: {error}",
    da="hånden {hand!r} på plads {seat}: {error}",
)
FALSE_MAHJONG = entry(
    "compute.duplicate.false_mahjong",
    en="{seat}'s hand makes only {total} fan ({fans}): a false Mahjong candidate",
    da="hånden på plads {seat} giver kun {total} fan ({fans}): mulig falsk mahjong",
)
HAND_VALUE_DIFFERS = entry(
    "compute.duplicate.hand_value_differs",
    en="{seat}'s hand value is recorded as {value}, but the tiles make {total} fan: {fans}",
    da="hånden på plads {seat} er noteret til {value}, men brikkerne giver {total} fan: {fans}",
)
HAND_VALUE_DIFFERS_LAST_TILE = entry(
    "compute.duplicate.hand_value_differs_last_tile",
    en=(
        "{seat}'s hand value is recorded as {value} (+ 8 for the last tile = {recorded}),"
        " but the tiles make {total} fan on the last tile: {fans}"
    ),
    da=(
        "hånden på plads {seat} er noteret til {value} (+ 8 for sidste brik = {recorded}),"
        " men brikkerne giver {total} fan på sidste brik: {fans}"
    ),
)
