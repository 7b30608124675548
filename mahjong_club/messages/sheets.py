"""Messages about the other input sheets: Nights, Attendance, Signups, Schedule, Hands, Seating,
Boards, IMP scale.

A ``found`` parameter is the cell's value as quoted by :func:`~mahjong_club.reading.cells.
describe` (``'abc'``, ``2025-09-04``); ``other`` is the row number of an earlier, clashing row.
Danish uses the site's words: ark, række, kolonne, spiller, runde (session), bræt (board),
bord (table), plads (seat), hånd (hand), IMP.
"""

from mahjong_club.messages.core import entry

# --- What a column of these sheets holds ("this row is partly filled in: … is missing") -------
WHAT_GAME_TYPE = entry(
    "sheets.what.game_type", en="the game type (MCR or Riichi)", da="spiltypen (MCR eller Riichi)"
)
WHAT_PLANNED_GAME = entry(
    "sheets.what.planned_game", en="the planned game's number", da="det planlagte spils nummer"
)
WHAT_A_PLAYER = entry("sheets.what.a_player", en="a player", da="en spiller")
WHAT_HAND_NUMBER = entry("sheets.what.hand_number", en="the hand's number", da="håndens nummer")
WHAT_ROUND_WIND = entry("sheets.what.round_wind", en="the round wind", da="rundens vind")
WHAT_SEAT = entry("sheets.what.seat", en="the seat (E, S, W or N)", da="pladsen (E, S, W eller N)")
WHAT_BOARD = entry("sheets.what.board", en="the board", da="brættet")
WHAT_IMPS = entry("sheets.what.imps", en="the IMPs", da="antallet af IMP")
WHAT_THRESHOLD = entry("sheets.what.threshold", en="the threshold", da="grænsen")
# … and what a keyword cell should hold ("expected the game type (mcr, riichi), found …").
KEYWORD_GAME_TYPE = entry("sheets.keyword.game_type", en="the game type", da="spiltypen")
KEYWORD_WIND = entry("sheets.keyword.wind", en="a wind", da="en vind")

# --- Nights and Attendance --------------------------------------------------------------------
NIGHT_TWICE = entry(
    "sheets.nights.date_twice",
    en="{date} is listed twice (also in row {other})",
    da="{date} står to gange (også i række {other})",
)
MARK_EXPECTED = entry(
    "sheets.attendance.mark_expected",
    en=(
        "expected x, 1, yes or ja (on time), a time like 18:25, late or sen (late),"
        " or blank, 0, no, nej or - (absent); found {found}"
    ),
    da=(
        "forventede x, 1, yes eller ja (til tiden), et klokkeslæt som 18:25, late eller sen"
        " (for sent) eller tom, 0, no, nej eller - (fraværende); fandt {found}"
    ),
)
ATTENDANCE_NOT_A_NIGHT = entry(
    "sheets.attendance.not_a_night",
    en=(
        "not a night: its header is not a date ({found}), so the column is ignored; if it is"
        " a night, head it with the night's date, like 2025-09-04 (a real Excel date or ISO text)"
    ),
    da=(
        "ikke en aften: overskriften er ikke en dato ({found}), så kolonnen ignoreres; er det"
        " en aften, så skriv aftenens dato som overskrift, fx 2025-09-04 (en rigtig Excel-dato"
        " eller ISO-tekst)"
    ),
)
ATTENDANCE_NIGHT_TWO_COLUMNS = entry(
    "sheets.attendance.night_two_columns",
    en="the night {date} has two columns ({first} and {second})",
    da="aftenen {date} har to kolonner ({first} og {second})",
)
ATTENDANCE_NO_PLAYER_COLUMN = entry(
    "sheets.attendance.no_player_column",
    en="the sheet has no 'Player' column; the first column should be the player's name",
    da="arket har ingen kolonne 'Player' (Spiller); den første kolonne skal være spillerens navn",
)
ATTENDANCE_MARKS_WITHOUT_NAME = entry(
    "sheets.attendance.marks_without_name",
    en="this row has marks but no player's name",
    da="rækken har markeringer, men intet spillernavn",
)
ATTENDANCE_PLAYER_TWICE = entry(
    "sheets.attendance.player_twice",
    en="{name!r} has two rows (also row {other})",
    da="{name!r} har to rækker (også række {other})",
)

# --- Signups and Schedule ---------------------------------------------------------------------
SIGNUP_TWICE = entry(
    "sheets.signups.twice",
    en="{player!r} signed up for {game} twice (also row {other})",
    da="{player!r} er tilmeldt {game} to gange (også række {other})",
)
SIGNUP_NEW_CLOSE = entry(
    "sheets.signups.new_close",
    en="{player!r} signs up as a new player{hint}",
    da="{player!r} tilmelder sig som ny spiller{hint}",
)
SCHEDULE_UNKNOWN_DIVISION = entry(
    "sheets.schedule.unknown_division",
    en="unknown division {division!r}; the Divisions sheet has: {known}",
    da="ukendt division {division!r}; arket Divisions har: {known}",
)
SCHEDULE_NOT_A_MEMBER = entry(
    "sheets.schedule.not_a_member",
    en="{player!r} is not a member of division {division!r}{hint}",
    da="{player!r} er ikke med i division {division!r}{hint}",
)
SCHEDULE_FOUR_PLAYERS = entry(
    "sheets.schedule.four_players",
    en="a planned game needs four different players",
    da="et planlagt spil skal have fire forskellige spillere",
)

# --- Hands (classical scoring) ----------------------------------------------------------------
NUMBERS_EXPECTED = entry(
    "sheets.hands.numbers_expected",
    en="expected numbers 1 to 4 separated by spaces or commas (like 1 3), found {found}",
    da="forventede tal fra 1 til 4 adskilt af mellemrum eller kommaer (fx 1 3), fandt {found}",
)
NUMBERS_AS_DECIMAL = entry(
    "sheets.hands.numbers_as_decimal",
    en="found the number {found}: Excel took the numbers for a decimal number (1,3 typed"
    " where the comma is the decimal sign); write them with a space (1 3), or format the"
    " column as text",
    da="fandt tallet {found}: Excel læste tallene som et decimaltal (1,3 skrevet, hvor komma"
    " er decimaltegn); skriv dem med mellemrum (1 3), eller formatér kolonnen som tekst",
)
NUMBER_TWICE = entry(
    "sheets.hands.number_twice",
    en="a number is listed twice in {found}",
    da="et tal står to gange i {found}",
)
FLAG_NOT_WINNER = entry(
    "sheets.hands.flag_not_winner",
    en=(
        "{column} is marked for {player!r}, who did not go Mah-Jong;"
        " it only counts for the winner and is ignored here"
    ),
    da=(
        "{column} er markeret for {player!r}, som ikke gik Mah-Jong;"
        " det tæller kun for vinderen og ignoreres her"
    ),
)
SET_NOT_WINNER = entry(
    "sheets.hands.set_not_winner",
    en=(
        "{tile_set} scores nothing in a hand that did not go Mah-Jong"
        " (a non-winner lists pungs, kongs and exposed chows)"
    ),
    da=(
        "{tile_set} giver ingen point i en hånd, der ikke gik Mah-Jong"
        " (en ikke-vinder skriver pungs, kongs og åbne chows)"
    ),
)
HAND_WHERE = entry(
    "sheets.hands.where",
    en="hand {number} of session {session!r}",
    da="hånd {number} i runde {session!r}",
)
HAND_ROW_COUNT = entry(
    "sheets.hands.row_count",
    en="{where} has {count} {count:row|rows} ({count:row|rows} {rows}); a hand has four, one"
    " per seat",
    da="{where} har {count} {count:række|rækker} ({count:række|rækkerne} {rows}); en hånd har"
    " fire, én pr. plads",
)
HAND_ROUND_WINDS = entry(
    "sheets.hands.round_winds",
    en="{where} has different round winds ({winds}) in its rows",
    da="{where} har forskellige rundevinde ({winds}) i sine rækker",
)
LOOSE_WITHOUT_KONG = entry(
    "sheets.hands.loose_without_kong",
    en="Loose tile is marked, but {player}'s sets have no kong (a loose tile is the"
    " replacement drawn after a kong): counted as written; check the sets or the mark",
    da="Loose tile er markeret, men {player}s sæt har ingen kong (en løs brik er den, der"
    " trækkes efter en kong): talt med som skrevet; tjek sættene eller markeringen",
)
COMPLETE_NO_WINNER = entry(
    "sheets.hands.complete_no_winner",
    en="{player}'s sets make a complete hand, but nobody in {where} is marked in Mahjong:"
    " settled as a hand without a winner; if {player} went Mah-Jong, mark the row with x",
    da="{player}s sæt udgør en hel hånd, men ingen i {where} er markeret i Mahjong:"
    " afregnet som en hånd uden vinder; gik {player} Mah-Jong, så markér rækken med x",
)
HAND_PLAYER_TWICE = entry(
    "sheets.hands.player_twice",
    en="{player!r} sits twice in {where}",
    da="{player!r} sidder to gange i {where}",
)
HAND_TABLE_PROBLEM = entry(
    "sheets.hands.table_problem",
    en="{where}: {problem}",
    da="{where}: {problem}",
)

# --- Seating, Boards and IMP scale (MCR Duplicate) --------------------------------------------
SEAT_TWICE_IN_CELL = entry(
    "sheets.duplicate.seat_twice_in_cell",
    en="a seat is listed twice in {found}",
    da="en plads står to gange i {found}",
)
HAND_VALUES_EXPECTED = entry(
    "sheets.duplicate.hand_values_expected",
    en="expected hand values in fan, one per winner (like 18 or 18,9); found {found}",
    da="forventede håndværdier i fan, én pr. vinder (fx 18 eller 18,9); fandt {found}",
)
SEAT_TAKEN_TWICE = entry(
    "sheets.seating.seat_taken_twice",
    en="seat {seat} at table {table} of session {session} is taken twice (also row {other})",
    da="plads {seat} ved bord {table} i runde {session} er optaget to gange (også række {other})",
)
SEATED_TWICE = entry(
    "sheets.seating.seated_twice",
    en="{player!r} is seated twice in session {session} (also row {other})",
    da="{player!r} er placeret to gange i runde {session} (også række {other})",
)
SEAT_EMPTY = entry(
    "sheets.seating.seat_empty",
    en="table {table} of session {session} has no player at {missing}",
    da="bord {table} i runde {session} har ingen spiller på plads {missing}",
)
IMP_SCALE_UNUSABLE = entry(
    "sheets.imp_scale.unusable",
    en="the IMP scale: {reason}",
    da="IMP-skalaen: {reason}",
)
IMP_SCALE_EMPTY = entry(
    "sheets.imp_scale.empty",
    en="the sheet has no rows",
    da="arket har ingen rækker",
)
IMP_SCALE_IMPS = entry(
    "sheets.imp_scale.imps",
    en="the IMPs must be 1, 2, 3, ... once each",
    da="IMP-værdierne skal være 1, 2, 3, ... én gang hver",
)
IMP_SCALE_THRESHOLDS = entry(
    "sheets.imp_scale.thresholds",
    en="each threshold must be larger than the one for one IMP less (and not negative)",
    da="hver grænse skal være større end grænsen for én IMP mindre (og ikke negativ)",
)
DUPLICATE_SHEET_MISSING = entry(
    "sheets.duplicate.sheet_missing",
    en="a duplicate workbook needs a {name!r} sheet",
    da="en duplicate-projektmappe skal have et ark {name!r}",
)
BOARD_TWICE = entry(
    "sheets.boards.twice",
    en="board {board} at table {table} of session {session} is entered twice (also row {other})",
    da=(
        "bræt {board} ved bord {table} i runde {session} er skrevet ind to gange"
        " (også række {other})"
    ),
)
BOARD_NO_SEATING = entry(
    "sheets.boards.no_seating",
    en="no seating for table {table} in session {session}: add it to the Seating sheet",
    da="ingen bordplan for bord {table} i runde {session}: tilføj den i arket Seating",
)
BOARD_VALUE_COUNT = entry(
    "sheets.boards.value_count",
    en=(
        "{winners} {winners:winner|winners} but {values} {values:hand value|hand values};"
        " give one hand value per winner (18 or 18,9)"
    ),
    da=(
        "{winners} {winners:vinder|vindere}, men {values} {values:håndværdi|håndværdier};"
        " angiv én håndværdi pr. vinder (18 eller 18,9)"
    ),
)
BOARD_VALUE_TOO_LOW = entry(
    "sheets.boards.value_too_low",
    en=(
        "a hand value of {value}: a win needs at least {minimum} fan"
        " (record a false Mahjong instead)"
    ),
    da=(
        "en håndværdi på {value}: en sejr kræver mindst {minimum} fan"
        " (skriv i stedet en falsk mahjong)"
    ),
)
BOARD_VALUE_UNUSUAL = entry(
    "sheets.boards.value_unusual",
    en="a hand value of {value} fan is unusual (over 88 × 2); please check it",
    da="en håndværdi på {value} fan er usædvanlig (over 88 × 2); kontrollér den",
)
BOARD_DISCARDER_WINS = entry(
    "sheets.boards.discarder_wins",
    en="{seat} is both the discarder and a winner",
    da="{seat} står både som Discarder og som vinder",
)
BOARD_DISCARDER_NEEDED = entry(
    "sheets.boards.discarder_needed",
    en="several winners can only win on one discard: give the discarder",
    da="flere vindere kan kun vinde på den samme kasserede brik: angiv Discarder",
)
BOARD_DISCARDER_IGNORED = entry(
    "sheets.boards.discarder_ignored",
    en="a discarder without a winner is ignored",
    da="en Discarder uden vinder ignoreres",
)
BOARD_PENALTY_MISSING = entry(
    "sheets.boards.penalty_missing",
    en="a false Mahjong costs 4 or 8 IMPs; the False penalty is empty",
    da="en falsk mahjong koster 4 eller 8 IMP; False penalty er tom",
)
BOARD_LAST_TILE_IGNORED = entry(
    "sheets.boards.last_tile_ignored",
    en="Last tile is marked but the board has no winner, so it is ignored (is the row right?)",
    da="Last tile er markeret, men brættet har ingen vinder, så det ses bort fra (er rækken"
    " rigtig?)",
)
BOARD_PENALTY_SIZE = entry(
    "sheets.boards.penalty_size",
    en="a false Mahjong costs 4 or 8 IMPs; found {found}",
    da="en falsk mahjong koster 4 eller 8 IMP; fandt {found}",
)
BOARD_PENALTY_WITHOUT_SEAT = entry(
    "sheets.boards.penalty_without_seat",
    en="a false penalty without the seat that made the false Mahjong",
    da="en straf for falsk mahjong, men ikke hvilken plads der meldte falsk mahjong",
)
BOARD_NOT_PLAYED = entry(
    "sheets.boards.not_played",
    en=(
        "board {board} of session {session} was not played at every table (the tables without"
        " it: {tables});"
        " its average uses the tables that played it"
    ),
    da=(
        "bræt {board} i runde {session} blev ikke spillet ved alle borde (bordene uden det:"
        " {tables});"
        " gennemsnittet bruger de borde, der spillede det"
    ),
)
