"""Messages about single cells and a sheet's columns: what a value should have been.

The ``WHAT_*`` entries name what a column holds ("the player", "the date"); a reader's
:class:`~mahjong_club.reading.schema.Column` carries one, and the "partly filled in" message
says it. They are shared by every sheet, so a reader of any area can use them.
"""

from mahjong_club.messages.core import entry

# The workbook file as a whole.
WORKBOOK_UNREADABLE = entry(
    "cell.workbook_unreadable",
    en="{file} cannot be read as an Excel workbook (.xlsx): {error}",
    da="{file} kan ikke læses som en Excel-projektmappe (.xlsx): {error}",
)

# The workbook's sheets.
SHEET_NAME_TWICE = entry(
    "cell.sheet_name_twice",
    en="the workbook has two sheets named {first!r} and {second!r}; sheet names are compared"
    " ignoring letter case and spaces, so it is not clear which one to read: rename or"
    " delete one of them",
    da="projektmappen har to ark, der hedder {first!r} og {second!r}; arknavne sammenlignes"
    " uden hensyn til store og små bogstaver og mellemrum, så det er uklart, hvilket der skal"
    " læses: omdøb eller slet det ene",
)
ERROR_CELLS_UNCHECKED = entry(
    "cell.error_cells_unchecked",
    en="could not check the sheet for cells showing an Excel error (#N/A, #REF! …): {error}",
    da="kunne ikke tjekke arket for celler, der viser en Excel-fejl (#N/A, #REF! …): {error}",
)

# A sheet's header row.
NO_COLUMN = entry(
    "cell.no_column",
    en="the sheet has no {column!r} column; its header row has: {headers}",
    da="arket har ingen kolonne {column!r}; dets overskriftsrække har: {headers}",
)
NO_COLUMN_EMPTY_SHEET = entry(
    "cell.no_column_empty_sheet",
    en="the sheet has no {column!r} column; its header row has: none (the sheet is empty)",
    da="arket har ingen kolonne {column!r}; det har ingen overskriftsrække (arket er tomt)",
)
HEADER_BELOW = entry(
    "cell.header_below",
    en="this row is the sheet's header row (its first row with anything in it) but has only"
    " {headers}; the table's headers are in row {found}: delete the rows above them (a title,"
    " a note) or move those beside the table",
    da="denne række er arkets overskriftsrække (dets første række med indhold), men har kun"
    " {headers}; tabellens overskrifter står i række {found}: slet rækkerne over dem (en titel,"
    " en note) eller flyt dem ved siden af tabellen",
)
UNHEADED_COLUMN = entry(
    "cell.unheaded_column",
    en="column {letter} has a value in {count} {count:row|rows} of the table (the first in"
    " row {first}) but no header, so the tool does not read it{hint}",
    da="kolonne {letter} har en værdi i {count} {count:række|rækker} i tabellen (den første"
    " i række {first}), men ingen overskrift, så værktøjet læser den ikke{hint}",
)
MISNAMED_COLUMN = entry(
    "cell.misnamed_column",
    en="column {letter}'s header {header!r} is not the name of any of the sheet's columns, so"
    " the tool does not read its {count} {count:value|values} (the first in row {first}); if"
    " it is the column {column!r}, write {column!r} in {cell}",
    da="kolonne {letter}s overskrift {header!r} er ikke navnet på nogen af arkets kolonner, så"
    " værktøjet læser ikke dens {count} {count:værdi|værdier} (den første i række {first});"
    " hvis det er kolonnen {column!r}, så skriv {column!r} i {cell}",
)
UNHEADED_HINT = entry(
    "cell.unheaded_hint",
    en="; if it is one of the sheet's columns ({columns}), write its name in {cell}",
    da="; hvis det er en af arkets kolonner ({columns}), så skriv dens navn i {cell}",
)
SHEET_RENAMED = entry(
    "cell.sheet_renamed",
    en="this sheet is not read: the tool reads it only by the name {wanted!r}; rename it to"
    " {wanted!r}",
    da="dette ark læses ikke: værktøjet læser det kun under navnet {wanted!r}; omdøb det til"
    " {wanted!r}",
)
SECOND_COLUMN = entry(
    "cell.second_column",
    en="a second {column!r} column (column {letter}) is ignored; the one in column {used} is used",
    da="kolonne {column!r} findes to gange; den anden (kolonne {letter}) ignoreres,"
    " og den i kolonne {used} bruges",
)

# A row.
PARTLY_FILLED = entry(
    "cell.partly_filled",
    en="this row is partly filled in: {what} is missing",
    da="rækken er kun delvist udfyldt: {what} mangler",
)
PARTLY_FILLED_MERGED = entry(
    "cell.partly_filled_merged",
    en="this row is partly filled in: {what} is missing; the cell is part of the merged cells"
    " {cells}, whose value is only in their first cell, {first}: unmerge them and write the"
    " value in every row",
    da="rækken er kun delvist udfyldt: {what} mangler; cellen er en del af de flettede celler"
    " {cells}, hvis værdi kun står i den første celle, {first}: ophæv fletningen og skriv"
    " værdien i hver række",
)

# One cell's value.
NOT_FINITE = entry(
    "cell.not_finite",
    en="holds {found}, which no spreadsheet program stores as a number (the file is"
    " damaged); type the value again",
    da="indeholder {found}, som intet regnearksprogram gemmer som et tal (filen er"
    " beskadiget); skriv værdien igen",
)
EXCEL_ERROR = entry(
    "cell.excel_error",
    en="the cell shows the error {error}; fix the formula",
    da="cellen viser fejlen {error}; ret formlen",
)
EXCEL_ERROR_FORMULA = entry(
    "cell.excel_error_formula",
    en="the cell shows the error {error} (its formula is ={formula}); fix the formula",
    da="cellen viser fejlen {error} (dens formel er ={formula}); ret formlen",
)
EXCEL_ERROR_TYPED = entry(
    "cell.excel_error_typed",
    en="the cell shows the error {error}, typed in as the cell's value; write the value instead",
    da="cellen viser fejlen {error}, indtastet som cellens værdi; skriv værdien i stedet",
)
EXPECTED_WHOLE_NUMBER = entry(
    "cell.expected_whole_number",
    en="expected a whole number, like 32100 or 32,100, found {found}",
    da="forventede et helt tal, fx 32100 eller 32.100, fandt {found}",
)
EXPECTED_WHOLE_NUMBER_NOT_WHOLE = entry(
    "cell.expected_whole_number_not_whole",
    en="expected a whole number, like 32100 or 32,100, found {found} (not a whole number)",
    da="forventede et helt tal, fx 32100 eller 32.100, fandt {found} (ikke et helt tal)",
)
EXPECTED_NUMBER = entry(
    "cell.expected_number",
    en="expected a number, found {found}",
    da="forventede et tal, fandt {found}",
)
EXPECTED_DATE = entry(
    "cell.expected_date",
    en="expected a date, like 2025-09-04 or 04-09-2025 (day first), or a real Excel date,"
    " found {found}",
    da="forventede en dato, fx 2025-09-04 eller 04-09-2025 (dagen først), eller en rigtig"
    " Excel-dato, fandt {found}",
)
EXPECTED_DATE_NUMBER = entry(
    "cell.expected_date_number",
    en="expected a date, like 2025-09-04 (or a real Excel date), found the number {found}",
    da="forventede en dato, fx 2025-09-04 (eller en rigtig Excel-dato), fandt tallet {found}",
)
EXPECTED_DATE_NO_SUCH_DAY = entry(
    "cell.expected_date_no_such_day",
    en="expected a date, like 2025-09-04 (or a real Excel date), found {found}: read"
    " year-month-day, there is no such day; did you mean {example}?",
    da="forventede en dato, fx 2025-09-04 (eller en rigtig Excel-dato), fandt {found}: læst"
    " som år-måned-dag findes den dag ikke; mente du {example}?",
)
EXPECTED_DATE_NO_SUCH_DAY_MONTH_FIRST = entry(
    "cell.expected_date_no_such_day_day_first",
    en="expected a date, like 2025-09-04 (or a real Excel date), found {found}: read day first,"
    " that is day {day} of month {month} of {year}, and there is no such day; write the date"
    " as year-month-day, like {example}",
    da="forventede en dato, fx 2025-09-04 (eller en rigtig Excel-dato), fandt {found}: læst med"
    " dagen først er det dag {day} i måned {month} i {year}, og den dag findes ikke; skriv"
    " datoen som år-måned-dag, fx {example}",
)
EXPECTED_DATE_SHORT_YEAR = entry(
    "cell.expected_date_short_year",
    en="expected a date, like 2025-09-04 (or a real Excel date), found {found}: a year of two"
    " digits ({year}) is not read, the century would be a guess; write the year in full, like"
    " 04{separator}09{separator}2025, or the date as year-month-day, like 2025-09-04",
    da="forventede en dato, fx 2025-09-04 (eller en rigtig Excel-dato), fandt {found}: et"
    " årstal med to cifre ({year}) læses ikke, for århundredet ville være gættet; skriv hele"
    " årstallet, fx 04{separator}09{separator}2025, eller datoen som år-måned-dag,"
    " fx 2025-09-04",
)
EXPECTED_KEYWORD = entry(
    "cell.expected_keyword",
    en="expected {what} ({choices}), found {found}",
    da="forventede {what} ({choices}), fandt {found}",
)

# What a column holds (said in "this row is partly filled in: … is missing").
WHAT_VALUE = entry("cell.what.value", en="a value", da="en værdi")
WHAT_PLAYER = entry("cell.what.player", en="the player", da="spilleren")
WHAT_DATE = entry("cell.what.date", en="the date", da="datoen")
WHAT_DIVISION = entry("cell.what.division", en="the division", da="divisionen")
WHAT_SCORE = entry("cell.what.score", en="the score", da="scoren")
WHAT_SESSION = entry("cell.what.session", en="the session", da="runden")
WHAT_TABLE = entry("cell.what.table", en="the table", da="bordet")
WHAT_YES_NO = entry("cell.what.yes_no", en="yes or no", da="ja eller nej")

# Formulas (checked before any sheet is read).
FORMULA_NO_VALUE = entry(
    "cell.formula_no_value",
    en="the formula ={formula} has no saved value (the file was written by a program that"
    " does not calculate); open the workbook in Excel or LibreOffice, save it, and run again",
    da="formlen ={formula} har ingen gemt værdi (filen er skrevet af et program, der ikke"
    " regner); åbn projektmappen i Excel eller LibreOffice, gem den, og kør igen",
)
FORMULAS_UNCHECKED = entry(
    "cell.formulas_unchecked",
    en="could not check formulas for saved values: {error}",
    da="kunne ikke tjekke formlerne for gemte værdier: {error}",
)
