"""Messages about the league sheets: Settings, Players, Divisions, Games, Penalties, Dice, and
tournaments.

``{hint}`` is either empty or a :data:`DID_YOU_MEAN` message; ``{sheets}``, ``{members}`` and
the like are lists already joined (names are the same in every language). The Danish texts
show numbers without a thousands separator (``{total}``, not ``{total:,}``), since the format
spec's comma would be a decimal comma to a Danish reader.
"""

from mahjong_club.messages.core import entry

DID_YOU_MEAN = entry(
    "league.did_you_mean", en=" (did you mean {name!r}?)", da=" (mente du {name!r}?)"
)

# The workbook as a whole.
NO_LEAGUE_SHEET = entry(
    "league.no_league_sheet",
    en="the workbook has no {sheet!r} sheet, needed for division standings;"
    " its sheets are: {sheets}",
    da="projektmappen har intet ark {sheet!r}, som skal bruges til divisionernes stilling;"
    " dens ark er: {sheets}",
)
NOTHING_TO_DO = entry(
    "league.nothing_to_do",
    en="nothing to process: the workbook has no 'Divisions' and 'Games' sheets (a league),"
    " no 'Hands' sheet (classical scoring) and no 'Seating' and 'Boards' sheets"
    " (duplicate); its sheets are: {sheets}",
    da="intet at behandle: projektmappen har hverken arkene 'Divisions' og 'Games' (en liga),"
    " arket 'Hands' (klassisk pointberegning) eller arkene 'Seating' og 'Boards'"
    " (duplicate); dens ark er: {sheets}",
)
LEAGUE_SHEET_IGNORED = entry(
    "league.league_sheet_ignored",
    en="the {sheet!r} sheet is ignored: it belongs to a league, which needs the"
    " 'Divisions' and 'Games' sheets",
    da="arket {sheet!r} ignoreres: det hører til en liga, som kræver arkene 'Divisions' og 'Games'",
)

# Settings.
UNKNOWN_SETTING = entry(
    "league.unknown_setting",
    en="unknown setting {key!r} is ignored; known settings: {known}",
    da="den ukendte indstilling {key!r} ignoreres; kendte indstillinger: {known}",
)
SETTING_TWICE = entry(
    "league.setting_twice",
    en="setting {name!r} is given twice (also in row {row})",
    da="indstillingen {name!r} er angivet to gange (også i række {row})",
)
SETTING_BAD_VALUE = entry(
    "league.setting_bad_value",
    en="{name}: {problem}",
    da="{name}: {problem}",
)
START_POINTS_NOT_POSITIVE = entry(
    "league.start_points_not_positive",
    en="start_points: expected a positive whole number, found {value}",
    da="start_points: forventede et positivt helt tal, fandt {value}",
)
LIMIT_NOT_POSITIVE = entry(
    "league.limit_not_positive",
    en="expected the classical hands' limit: a whole number of points, at least 1 (the rules'"
    " 500), found {found}",
    da="forventede grænsen for klassiske hænder: et helt antal point, mindst 1 (reglernes"
    " 500), fandt {found}",
)
SCHEDULE_MEETINGS_NOT_POSITIVE = entry(
    "league.schedule_meetings_not_positive",
    en="expected how often each two members of a division meet in a planned season:"
    " a whole number, at least 1, found {found}",
    da="forventede hvor mange gange hver to medlemmer af en division mødes i en planlagt"
    " sæson: et helt tal, mindst 1, fandt {found}",
)
UMA_NOT_ZERO = entry(
    "league.uma_not_zero",
    en="uma {uma} does not add up to 0",
    da="uma {uma} giver ikke 0 tilsammen",
)
UMA_OTHER_RULESET = entry(
    "league.uma_other_ruleset",
    en="uma {uma} is the {other} ruleset's, but riichi_ruleset is {ruleset} (whose uma is"
    " {own}); the uma setting wins: leave it empty to play {ruleset}'s",
    da="uma {uma} er regelsættet {other}s, men riichi_ruleset er {ruleset} (hvis uma er"
    " {own}); uma-indstillingen gælder: lad den stå tom for at bruge {ruleset}s",
)
COMPLETE_IN_TOURNAMENT = entry(
    "league.complete_in_tournament",
    en="season_complete is a league's setting (promotion, relegation, next season) and is"
    " ignored in a tournament: a tournament is over when every session has its scores",
    da="season_complete hører til en liga (op- og nedrykning, næste sæson) og ignoreres i en"
    " turnering: en turnering er slut, når hver runde har sine scorer",
)
EXPECTED_FOUR_NUMBERS = entry(
    "league.expected_four_numbers",
    en="expected four numbers by placement, like 15000,5000,-5000,-15000; found {found!r}",
    da="forventede fire tal efter placering, fx 15000,5000,-5000,-15000; fandt {found!r}",
)
SETTING_TOO_LONG = entry(
    "league.setting_too_long",
    en="is {length:,} characters long; a name here may have at most {limit} (it heads every"
    " email's subject and every page)",
    da="er {length:,} tegn lang; et navn her må højst have {limit} (det står i hver e-mails"
    " emne og på hver side)",
)
EXPECTED_WEB_ADDRESS = entry(
    "league.expected_web_address",
    en="expected the site's web address, starting with https:// or http:// (at most"
    " {limit} characters); found {found!r}",
    da="forventede sidens webadresse, der begynder med https:// eller http:// (højst"
    " {limit} tegn); fandt {found!r}",
)
WHAT_SETTING_NAME = entry(
    "league.what.setting_name", en="the setting's name", da="indstillingens navn"
)
START_NOT_A_TIME = entry(
    "league.start_not_a_time",
    en="next_session_start is a time (14:30) or a date and time (2026-03-14 14:30), not {found!r}",
    da="next_session_start er et klokkeslæt (14:30) eller en dato og et klokkeslæt"
    " (2026-03-14 14:30), ikke {found!r}",
)
DAYS_OUT_OF_RANGE = entry(
    "league.days_out_of_range",
    en="days is a tournament's number of days, from 1 to {most}, not {found}",
    da="days er turneringens antal dage, fra 1 til {most}, ikke {found}",
)
WHAT_MODE = entry("league.what.mode", en="league or tournament", da="league eller tournament")
WHAT_LANGUAGE = entry("league.what.language", en="a language", da="et sprog")
WHAT_RULESET = entry("league.what.ruleset", en="a riichi ruleset", da="et riichi-regelsæt")

# Players.
PLAYER_TWICE = entry(
    "league.player_twice",
    en="{name!r} is listed twice (also in row {row}); names must be unique",
    da="{name!r} står der to gange (også i række {row}); navne skal være entydige",
)
PLAYER_TWICE_SPELLED = entry(
    "league.player_twice_spelled",
    en="{name!r} is the same name as {other!r} in row {row} ({how}); names must be unique,"
    " and they are compared ignoring letter case and spaces",
    da="{name!r} er det samme navn som {other!r} i række {row} ({how}); navne skal være"
    " entydige, og de sammenlignes uden hensyn til store og små bogstaver og mellemrum",
)
EMAIL_INVALID = entry(
    "league.email_invalid",
    en="{email!r} does not look like an email address; no email goes to {name!r}",
    da="{email!r} ligner ikke en e-mailadresse; {name!r} får ingen e-mail",
)
WHAT_PLAYER_NAME = entry("league.what.player_name", en="the player's name", da="spillerens navn")

# Divisions.
LEVEL_TOO_LOW = entry(
    "league.level_too_low",
    en="expected a level of 1 or more (1 = top division), found {level}",
    da="forventede et niveau på 1 eller mere (1 = øverste division), fandt {level}",
)
DIVISION_CHANGES = entry(
    "league.division_changes",
    en="division {division!r} is {game} level {level} in row {row},"
    " but {other_game} level {other_level} here",
    da="divisionen {division!r} er {game} niveau {level} i række {row},"
    " men {other_game} niveau {other_level} her",
)
MEMBER_TWICE = entry(
    "league.member_twice",
    en="{player!r} is listed twice in division {division!r} (also in row {row})",
    da="{player!r} står to gange i divisionen {division!r} (også i række {row})",
)
PLAYER_IN_TWO_DIVISIONS = entry(
    "league.player_in_two_divisions",
    en="{player!r} is also in {game} division {other!r} (row {row}); usually a player plays"
    " in one division per game",
    da="{player!r} er også i {game}-divisionen {other!r} (række {row}); normalt spiller en"
    " spiller i én division pr. spiltype",
)
NOT_IN_PLAYERS = entry(
    "league.not_in_players",
    en="{player!r} is not in the Players sheet{hint}",
    da="{player!r} står ikke i arket Players{hint}",
)
SAME_LEVEL = entry(
    "league.same_level",
    en="divisions {first!r} and {second!r} are both {game} level {level}; each level of a"
    " ladder has one division",
    da="divisionerne {first!r} og {second!r} er begge {game} niveau {level}; hvert niveau"
    " på stigen har én division",
)
DIVISION_TOO_SMALL = entry(
    "league.division_too_small",
    en="division {division!r} has {count} {count:member|members}; a game needs four",
    da="divisionen {division!r} har {count} {count:medlem|medlemmer}; et spil kræver fire",
)
WHAT_DIVISION_NAME = entry(
    "league.what.division_name", en="the division's name", da="divisionens navn"
)
WHAT_LEVEL = entry("league.what.level", en="the level (1 = top)", da="niveauet (1 = øverst)")
WHAT_MEMBER_NAME = entry("league.what.member_name", en="the member's name", da="medlemmets navn")

# Games (a league).
UNKNOWN_DIVISION_LISTED = entry(
    "league.unknown_division_listed",
    en="unknown division {division!r}{hint}; the Divisions sheet has: {known}",
    da="ukendt division {division!r}{hint}; arket Divisions har: {known}",
)
NOT_A_MEMBER_LISTED = entry(
    "league.not_a_member_listed",
    en="{player!r} is not a member of division {division!r}{hint}{elsewhere}; its members are:"
    " {members}",
    da="{player!r} er ikke medlem af divisionen {division!r}{hint}{elsewhere}; dens medlemmer er:"
    " {members}",
)
MEMBER_ELSEWHERE = entry(
    "league.member_elsewhere",
    en=" (a member of {divisions}: is the game's division right?)",
    da=" (medlem af {divisions}: er spillets division rigtig?)",
)
UNKNOWN_IN_DIVISION = entry(
    "league.unknown_in_division",
    en="{player!r} is unknown{hint}: no row of the Players sheet and no division has this"
    " name; correct it, or add the player to Divisions as a member of {division!r} (its"
    " members are: {members})",
    da="{player!r} er ukendt{hint}: ingen række i arket Players og ingen division har dette"
    " navn; ret det, eller tilføj spilleren i Divisions som medlem af {division!r} (dens"
    " medlemmer er: {members})",
)
UNKNOWN_PLAYER_NAMED_NOWHERE = entry(
    "league.unknown_player_named_nowhere",
    en="{player!r} is unknown{hint}: no row of the Players or the Divisions sheet has this"
    " name; correct it, or add the player to Divisions",
    da="{player!r} er ukendt{hint}: ingen række i arket Players eller Divisions har dette"
    " navn; ret det, eller tilføj spilleren i Divisions",
)
GAME_ROW_COUNT = entry(
    "league.game_row_count",
    en="game {game!r} has {count} {count:row|rows} ({count:row|rows} {rows}); a game has"
    " exactly four rows, one per seat",
    da="spillet {game!r} har {count} {count:række|rækker} ({count:række|rækkerne} {rows}); et"
    " spil har præcis fire"
    " rækker, én pr. plads",
)
GAME_REUSED = entry(
    "league.game_reused",
    en="game number {game!r} is used for {count} games, in rows {games}; give each game its"
    " own number",
    da="spilnummeret {game!r} bruges til {count} spil, i rækkerne {games}; giv hvert spil sit"
    " eget nummer",
)
GAME_DIVISION_DISAGREES = entry(
    "league.game_division_disagrees",
    en="game {game!r} has division {agreed!r} in row {row} but {value!r} here;"
    " the four rows of a game must agree",
    da="spillet {game!r} har divisionen {agreed!r} i række {row}, men {value!r} her;"
    " et spils fire rækker skal stemme overens",
)
GAME_DATE_DISAGREES = entry(
    "league.game_date_disagrees",
    en="game {game!r} has date {agreed} in row {row} but {value} here;"
    " the four rows of a game must agree",
    da="spillet {game!r} har datoen {agreed} i række {row}, men {value} her;"
    " et spils fire rækker skal stemme overens",
)
SITS_TWICE_IN_GAME = entry(
    "league.sits_twice_in_game",
    en="{player!r} sits twice in game {game!r} (rows {first} and {row})",
    da="{player!r} sidder to gange i spillet {game!r} (række {first} og {row})",
)
GAME_TOTAL_RIICHI = entry(
    "league.game_total_riichi",
    en="the four scores of game {game!r} (rows {rows}) add up to {total:,};"
    " they must add up to {expected:,} (4 × {start:,} start points)",
    da="de fire scorer i spillet {game!r} (række {rows}) giver {total} tilsammen;"
    " de skal give {expected} (4 × {start} startpoint)",
)
GAME_TOTAL_MCR = entry(
    "league.game_total_mcr",
    en="the four scores of game {game!r} (rows {rows}) add up to {total:,};"
    " they must add up to {expected:,} (MCR game points are zero-sum)",
    da="de fire scorer i spillet {game!r} (række {rows}) giver {total} tilsammen;"
    " de skal give {expected} (MCR-spilpoint giver altid 0 tilsammen)",
)
GAME_AFTER_AS_OF = entry(
    "league.game_after_as_of",
    en="1 game is dated after as_of {as_of} (the first: game {game!r} on {date}); they are counted",
    da="1 spil er dateret efter as_of {as_of} (det første: spillet {game!r} den {date});"
    " det tælles med",
)
GAMES_AFTER_AS_OF = entry(
    "league.games_after_as_of",
    en="{count} games are dated after as_of {as_of} (the first: game {game!r} on {date});"
    " they are counted",
    da="{count} spil er dateret efter as_of {as_of} (det første: spillet {game!r} den {date});"
    " de tælles med",
)
WHAT_GAME_NUMBER = entry("league.what.game_number", en="the game's number", da="spillets nummer")
WHAT_SUBSTITUTED = entry(
    "league.what.substituted",
    en="blank, yes/x, start or during",
    da="tom, yes/x, start eller during",
)

# Penalties.
NO_SUCH_GAME = entry(
    "league.no_such_game",
    en="no game {game!r} in the Games sheet",
    da="intet spil {game!r} i arket Games",
)
NO_SUCH_GAME_TOURNAMENT = entry(
    "league.no_such_game_tournament",
    en="no game {game!r} in the Games sheet (a tournament's penalty names its session and"
    " table: give the Penalties sheet the columns Session and Table)",
    da="intet spil {game!r} i arket Games (en turnerings straf angiver runde og bord: giv"
    " arket Penalties kolonnerne Session og Table)",
)
NO_GAME_IN_SESSION = entry(
    "league.no_game_in_session",
    en="{player!r} has no game in session {session}",
    da="{player!r} har intet spil i runde {session}",
)
LATENESS_DISAGREES = entry(
    "league.lateness_disagrees",
    en="Points {points:,} and Minutes {minutes} ({by_minutes:,} points) disagree: the Points"
    " are taken; leave Points empty to count the minutes",
    da="Points {points:,} og Minutes {minutes} ({by_minutes:,} point) stemmer ikke: Points"
    " bruges; lad Points stå tom for at tælle minutterne",
)
SESSION_NOT_SCORED = entry(
    "league.session_not_scored",
    en="session {session} has no scores yet, so the penalty of {player!r} is not counted:"
    " it counts once the session's scores are typed in",
    da="runde {session} har ingen resultater endnu, så straffen for {player!r} tælles ikke"
    " med: den tæller, når rundens resultater er skrevet ind",
)
DID_NOT_PLAY = entry(
    "league.did_not_play",
    en="{player!r} did not play in game {game!r} (its players: {players})",
    da="{player!r} spillede ikke i spillet {game!r} (dets spillere: {players})",
)
NOT_AT_TABLE = entry(
    "league.not_at_table",
    en="{player!r} was not at table {table} in session {session} (they sat at table {actual})",
    da="{player!r} sad ikke ved bord {table} i runde {session} (men ved bord {actual})",
)
PENALTY_DIVISIONS = entry(
    "league.penalty_divisions",
    en="{player!r} is in {count} divisions ({divisions}); give the game the penalty was given in",
    da="{player!r} er i {count} divisioner ({divisions}); angiv det spil, straffen blev givet i",
)
PENALTY_NO_DIVISION = entry(
    "league.penalty_no_division",
    en="{player!r} is not in any division; give the game the penalty was given in",
    da="{player!r} er ikke i nogen division; angiv det spil, straffen blev givet i",
)
WHAT_PENALTY_KIND = entry("league.what.penalty_kind", en="the kind of penalty", da="straftypen")
WHAT_A_PENALTY_KIND = entry("league.what.a_penalty_kind", en="a penalty kind", da="en straftype")

# Dice.
ROUND_TOO_LOW = entry(
    "league.round_too_low",
    en="expected a round of 1 or more, found {round}",
    da="forventede en runde på 1 eller mere, fandt {round}",
)
ROLL_OUT_OF_RANGE = entry(
    "league.roll_out_of_range",
    en="expected the sum of two dice, 2 to 12, found {roll}",
    da="forventede summen af to terninger, 2 til 12, fandt {roll}",
)
ROLL_TWICE = entry(
    "league.roll_twice",
    en="{player!r} already has a round {round} roll in division {division!r} (row {row})",
    da="{player!r} har allerede et slag i runde {round} i divisionen {division!r} (række {row})",
)
UNKNOWN_DIVISION = entry(
    "league.unknown_division",
    en="unknown division {division!r}{hint}",
    da="ukendt division {division!r}{hint}",
)
NOT_A_MEMBER = entry(
    "league.not_a_member",
    en="{player!r} is not a member of division {division!r}{hint}",
    da="{player!r} er ikke medlem af divisionen {division!r}{hint}",
)
WHAT_DICE_ROUND = entry(
    "league.what.dice_round", en="the round (1, 2, ...)", da="runden (1, 2, ...)"
)
WHAT_ROLL = entry("league.what.roll", en="the roll (2-12)", da="slaget (2-12)")
