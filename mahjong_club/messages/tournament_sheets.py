"""Messages about a tournament workbook's sheets (``mode: tournament``): its ``Games`` sheet of
sessions and tables. The entries keep their ``league.`` codes (they were league.py's)."""

from mahjong_club.messages.core import entry

TOURNAMENT_NO_GAMES = entry(
    "league.tournament_no_games",
    en="a tournament workbook needs a 'Games' sheet (Session, Table, Player, Score,"
    " Substituted); its sheets are: {sheets}",
    da="en turneringsprojektmappe skal have arket 'Games' (Session, Table, Player, Score,"
    " Substituted); dens ark er: {sheets}",
)
SITS_TWICE_IN_SESSION = entry(
    "league.sits_twice_in_session",
    en="{player!r} sits twice in session {session} (table {table}, row {row}, and table"
    " {other_table} here); every player has one seat per session",
    da="{player!r} sidder to gange i runde {session} (bord {table}, række {row}, og bord"
    " {other_table} her); hver spiller har én plads pr. runde",
)
TOURNAMENT_NOT_LISTED = entry(
    "league.tournament_not_listed",
    en="{player!r} is not in the Players sheet{hint}: counted as a player of their own",
    da="{player!r} står ikke i arket Players{hint}: regnet som en spiller for sig",
)
SESSION_MISSING_PLAYERS = entry(
    "league.session_missing_players",
    en="session {session} has no row for {players}; every player has one row per session"
    " (a substitute's row stays under the replaced player's name)",
    da="runde {session} har ingen række for {players}; hver spiller har én række pr. runde"
    " (en substituts række står under navnet på den spiller, der blev erstattet)",
)
SESSION_UNSCORED_BEFORE = entry(
    "league.session_unscored_before",
    en="session {session} has no scores, but session {later} has: session {session} is taken"
    " for a session still to come and the ranking counts only the sessions with scores; type"
    " its scores (or delete its rows if it was never played)",
    da="runde {session} har ingen scorer, men runde {later} har: runde {session} regnes for en"
    " runde, der ikke er spillet endnu, og ranglisten tæller kun runderne med scorer; skriv"
    " dens scorer (eller slet dens rækker, hvis den aldrig blev spillet)",
)
PLAYER_MISSING_SESSIONS = entry(
    "league.player_missing_sessions",
    en="{player!r} has no row in sessions {sessions}; every player has one row per session"
    " (a substitute's row stays under the replaced player's name)",
    da="{player!r} har ingen række i runderne {sessions}; hver spiller har én række pr. runde"
    " (en substituts række står under navnet på den spiller, der blev erstattet)",
)
TABLE_SEAT_COUNT = entry(
    "league.table_seat_count",
    en="table {table} of session {session} has {count} {count:seat|seats} ({count:row|rows}"
    " {rows}); a table has four",
    da="bord {table} i runde {session} har {count} {count:plads|pladser}"
    " ({count:række|rækkerne} {rows}); et bord har fire",
)
TABLE_TOTAL_MCR = entry(
    "league.table_total_mcr",
    en="the four scores at table {table} of session {session} (rows {rows}) add up to"
    " {total:,}; they must add up to 0 (MCR game points are zero-sum)",
    da="de fire scorer ved bord {table} i runde {session} (række {rows}) giver {total}"
    " tilsammen; de skal give 0 (MCR-spilpoint giver altid 0 tilsammen)",
)
TABLE_GAME_DISAGREES = entry(
    "league.table_game_disagrees",
    en="table {table} of session {session} is game {agreed!r} in row {row} but {value!r} here;"
    " the four rows of a table must agree",
    da="bord {table} i runde {session} er spillet {agreed!r} i række {row}, men {value!r} her;"
    " et bords fire rækker skal stemme overens",
)
TABLE_DATE_DISAGREES = entry(
    "league.table_date_disagrees",
    en="table {table} of session {session} has date {agreed!r} in row {row} but {value!r}"
    " here; the four rows of a table must agree",
    da="bord {table} i runde {session} har datoen {agreed!r} i række {row}, men {value!r}"
    " her; et bords fire rækker skal stemme overens",
)
TABLE_GAME_TWICE = entry(
    "league.table_game_twice",
    en="table {table} of session {session} is game {game!r}, as table {other_table} of session"
    " {other_session} is (row {row}); every table's game needs a name of its own (or leave"
    " Game blank)",
    da="bord {table} i runde {session} er spillet {game!r}, ligesom bord {other_table} i runde"
    " {other_session} (række {row}); hvert bords spil skal have sit eget navn (eller lad Spil"
    " være tomt)",
)
TABLE_TOTAL = entry(
    "league.table_total",
    en="the four scores at table {table} of session {session} (rows {rows}) add up to"
    " {total:,}; they must add up to {expected:,} (4 × {start:,} start points){hint}",
    da="de fire scorer ved bord {table} i runde {session} (række {rows}) giver {total}"
    " tilsammen; de skal give {expected} (4 × {start} startpoint){hint}",
)
HINT_MCR_SCORES = entry(
    "league.hint_mcr_scores",
    en="; scores adding up to 0 are MCR game points: is 'game' MCR missing from Settings?",
    da="; scorer, der giver 0 tilsammen, er MCR-spilpoint: mangler 'game' MCR i Settings?",
)
TWO_DURING = entry(
    "league.two_during",
    en="{count} substitutes came in during play at table {table} of session {session}: the"
    " other players are placed among themselves; rules.md describes one substitute a table",
    da="{count} substitutter kom ind under spillet ved bord {table} i runde {session}: de"
    " andre spillere placeres indbyrdes; rules.md beskriver én substitut pr. bord",
)
WHAT_SUBSTITUTED_TOURNAMENT = entry(
    "league.what.substituted_tournament",
    en="blank, start (yes/x) or during",
    da="tom, start (yes/x) eller during",
)
