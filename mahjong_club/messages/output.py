"""Messages about writing the results.

The workbook copy, the site, the outbox, sending, the command line.
"""

from mahjong_club.messages.core import entry

# Writing the workbook ------------------------------------------------------------------------
# The result workbook (mahjong_club/workbook/) and the package structure it shares with the
# reader (mahjong_club/ooxml/). A file that is not a workbook package is reported with these
# texts by the reader too.

OOXML_NOT_A_PACKAGE = entry(
    "workbook.not_a_package",
    en="not an Office Open XML package: no {part}",
    da="ikke en Office Open XML-pakke: {part} mangler",
)
OOXML_NO_WORKBOOK = entry(
    "workbook.no_workbook_part",
    en="not a workbook: no officeDocument part",
    da="ikke en arbejdsbog: officeDocument-delen mangler",
)
OOXML_DUPLICATE_ENTRY = entry(
    "workbook.duplicate_zip_entry",
    en="duplicate zip entry {name!r}",
    da="zip-posten {name!r} findes to gange",
)
OOXML_NO_RELS_PART = entry(
    "workbook.no_relationships",
    en="{part}: no relationships part",
    da="{part}: relationsdelen mangler",
)
OOXML_NO_ELEMENT = entry(
    "workbook.no_element",
    en="{part}: no <{expected}> element",
    da="{part}: intet <{expected}>-element",
)
OOXML_WRONG_ROOT = entry(
    "workbook.wrong_root",
    en="{part}: expected <{expected}>, found <{found}>",
    da="{part}: forventede <{expected}>, fandt <{found}>",
)
ZIP_ENTRY_TRUNCATED = entry(
    "workbook.zip_entry_truncated",
    en="zip entry {name!r} is truncated",
    da="zip-posten {name!r} er afkortet",
)
SHEET_HAS_NO_PART = entry(
    "workbook.sheet_without_part",
    en="{part}: sheet {name!r} has no part; is the file damaged?",
    da="{part}: arket {name!r} har ingen del; er filen beskadiget?",
)
SOURCE_IS_TARGET = entry(
    "workbook.source_is_target",
    en="refusing to overwrite the source workbook {source}",
    da="overskriver ikke den oprindelige arbejdsbog {source}",
)
SOURCE_CHANGED = entry(
    "workbook.source_changed",
    en="{source} was saved again (or removed) while it was being processed, so the results"
    " would not match its sheets; run again",
    da="{source} blev gemt igen (eller fjernet), mens den blev behandlet, så resultaterne"
    " ville ikke passe til dens ark; kør igen",
)
SHEET_GIVEN_TWICE = entry(
    "workbook.sheet_given_twice",
    en="sheet {name!r} given twice",
    da="arket {name!r} er angivet to gange",
)
# "invalid sheet name 'a/b': contains /": the reason is one of the SHEET_NAME_* entries.
SHEET_NAME_INVALID = entry(
    "workbook.sheet_name_invalid",
    en="invalid sheet name {name!r}: {reason}",
    da="ugyldigt arknavn {name!r}: {reason}",
)
SHEET_NAME_EMPTY = entry("workbook.sheet_name_empty", en="empty", da="det er tomt")
SHEET_NAME_TOO_LONG = entry(
    "workbook.sheet_name_too_long",
    en="longer than {limit} characters",
    da="længere end {limit} tegn",
)
SHEET_NAME_FORBIDDEN = entry(
    "workbook.sheet_name_forbidden", en="contains {chars}", da="indeholder {chars}"
)
SHEET_NAME_APOSTROPHE = entry(
    "workbook.sheet_name_apostrophe",
    en="starts or ends with an apostrophe",
    da="begynder eller slutter med en apostrof",
)
SHEET_NAME_CONTROL = entry(
    "workbook.sheet_name_control",
    en="contains control characters",
    da="indeholder kontroltegn",
)
TOO_MANY_ROWS = entry(
    "workbook.too_many_rows",
    en="{count} rows exceed Excel's {limit}",
    da="{count} rækker er flere end Excels {limit}",
)
TOO_MANY_COLUMNS = entry(
    "workbook.too_many_columns",
    en="{count} columns exceed Excel's {limit}",
    da="{count} kolonner er flere end Excels {limit}",
)
CELL_TOO_LARGE = entry(
    "workbook.cell_too_large",
    en="cell {ref}: {value} is too large for Excel",
    da="celle {ref}: {value} er for stort til Excel",
)
CELL_NOT_FINITE = entry(
    "workbook.cell_not_finite",
    en="cell {ref}: {value} cannot be stored in Excel",
    da="celle {ref}: {value} kan ikke gemmes i Excel",
)
CELL_UNSUPPORTED_TYPE = entry(
    "workbook.cell_unsupported_type",
    en="cell {ref}: cannot write a value of type {type}",
    da="celle {ref}: kan ikke skrive en værdi af typen {type}",
)


# The command line: what a run wrote
EMA_EXPORT = entry("output.ema_export", en="the EMA results export", da="EMA-resultateksporten")


# Where the results go: the paths given, and what the operating system refuses ---------------
# The command says "Error: " and one of these, then OUTPUT_UNCHANGED (or OUTPUT_PARTLY_REPLACED);
# the exit status is 1.

INPUT_MISSING = entry(
    "output.input_missing",
    en="{path} does not exist or is not a file",
    da="{path} findes ikke eller er ikke en fil",
)
INPUT_NOT_XLSX = entry(
    "output.input_not_xlsx",
    en="{name} is not an .xlsx workbook; save it as Excel Workbook (.xlsx)",
    da="{name} er ikke en .xlsx-arbejdsbog; gem den som Excel-projektmappe (.xlsx)",
)
OUTPUT_IS_INPUT = entry(
    "output.is_input",
    en="the output {target} would overwrite the organiser's workbook {source};"
    " choose another --out folder",
    da="resultatet {target} ville overskrive arrangørens arbejdsbog {source};"
    " vælg en anden mappe med --out",
)
OUTPUT_INSIDE_RUNS = entry(
    "output.output_inside_runs",
    en="the output folder {out} lies inside {folder}, the tool's own folder of another output"
    " folder's results (its report/ or outbox/ are links into it), which the next run there"
    " replaces; choose another --out folder",
    da="outputmappen {out} ligger i {folder}, værktøjets egen mappe med en anden outputmappes"
    " resultater (dens report/ og outbox/ er links ind i den), som den næste kørsel dér"
    " erstatter; vælg en anden mappe med --out",
)
INPUT_INSIDE_RUNS = entry(
    "output.input_inside_runs",
    en="{source} lies in {folder}, which the tool clears on every run;"
    " copy the workbook somewhere else and run it from there",
    da="{source} ligger i {folder}, som værktøjet rydder ved hver kørsel;"
    " kopiér arbejdsbogen et andet sted hen, og kør den derfra",
)
OUTPUT_NOT_A_FOLDER = entry(
    "output.not_a_folder",
    en="{path} is a file, but the results need a folder there;"
    " move the file away or choose another --out folder",
    da="{path} er en fil, men resultaterne skal have en mappe der;"
    " flyt filen væk, eller vælg en anden mappe med --out",
)
OUTPUT_DISK_FULL = entry(
    "output.disk_full",
    en="the disk is full: {path} could not be written; free some space and run again",
    da="disken er fuld: {path} kunne ikke skrives; frigør noget plads, og kør igen",
)
OUTPUT_READ_ONLY = entry(
    "output.read_only",
    en="{path} cannot be written: the disk is read-only; choose another --out folder",
    da="{path} kan ikke skrives: disken er skrivebeskyttet; vælg en anden mappe med --out",
)
OUTPUT_NO_PERMISSION = entry(
    "output.no_permission",
    en="{path} cannot be written: permission denied; choose a folder you may write in with --out",
    da="{path} kan ikke skrives: adgang nægtet; vælg med --out en mappe, du må skrive i",
)
OUTPUT_LOCKED = entry(
    "output.locked",
    en="{path} is open in another program and cannot be replaced:"
    " close {name} (in Excel, say) and run again",
    da="{path} er åben i et andet program og kan ikke erstattes:"
    " luk {name} (i Excel for eksempel), og kør igen",
)
OUTPUT_NAME_TOO_LONG = entry(
    "output.name_too_long",
    en="{path} cannot be written: the path is too long for this system;"
    " choose a shorter --out folder",
    da="{path} kan ikke skrives: stien er for lang til dette system;"
    " vælg en kortere mappe med --out",
)
OUTPUT_OS_ERROR = entry(
    "output.os_error",
    en="{path} cannot be written: {reason}",
    da="{path} kan ikke skrives: {reason}",
)
OUTPUT_CANNOT_WRITE_WORKBOOK = entry(
    "output.cannot_write_workbook",
    en="the updated workbook cannot be written: {reason}",
    da="den opdaterede arbejdsbog kan ikke skrives: {reason}",
)
OUTPUT_UNCHANGED = entry(
    "output.unchanged",
    en="Nothing in {folder} was changed: it still holds the previous results.",
    da="Intet i {folder} er ændret: mappen har stadig de forrige resultater.",
)
OUTPUT_NOTHING_WRITTEN = entry(
    "output.nothing_written", en="Nothing was written.", da="Intet blev skrevet."
)
OUTPUT_PARTLY_REPLACED = entry(
    "output.partly_replaced",
    en="{folder} now holds some of the new results beside the previous ones"
    " (this disk has no links for switching all at once); run again when the problem is solved.",
    da="{folder} har nu nogle af de nye resultater ved siden af de forrige"
    " (disken har ingen links til at skifte alt på én gang); kør igen, når problemet er løst.",
)
LINK_TO_A_FILE = entry(
    "output.link_to_a_file",
    en="{link} points to {target}, which is a file; the results need a folder there",
    da="{link} peger på {target}, som er en fil; resultaterne skal have en mappe der",
)
LINK_TO_FOREIGN_FOLDER = entry(
    "output.link_to_foreign_folder",
    en="{link} points to {target}, which holds files this tool did not write;"
    " every run replaces that folder whole, so point {link} at an empty folder",
    da="{link} peger på {target}, som indeholder filer, værktøjet ikke har skrevet;"
    " hver kørsel erstatter hele mappen, så lad {link} pege på en tom mappe",
)


# Writing the workbook: a result sheet the organiser added to, or one this run does not make
EDITED_RESULT_SHEET = entry(
    "workbook.edited_result_sheet",
    en="the result sheet {sheet!r} holds {what} of your own; result sheets are made anew at"
    " every run, so the updated copy does not have them (your workbook keeps them): keep"
    " your additions on a sheet of your own",
    da="resultatarket {sheet!r} indeholder {what}, som du selv har tilføjet; resultatark"
    " laves forfra ved hver kørsel, så den opdaterede kopi har dem ikke (din arbejdsbog"
    " beholder dem): hold dine tilføjelser på et ark for sig",
)
STALE_RESULT_SHEET = entry(
    "workbook.stale_result_sheet",
    en="the result sheet {sheet!r} is from an earlier run: this run made none (the sheet or"
    " option it comes from was not there), so it shows old results; delete it",
    da="resultatarket {sheet!r} er fra en tidligere kørsel: denne kørsel lavede intet (det"
    " ark eller den indstilling, det kommer fra, var der ikke), så det viser gamle"
    " resultater; slet det",
)
#: The kinds of things an organiser may add to a result sheet, as {what} names them.
ADDITION_WORDS = {
    "notes": entry("workbook.added_notes", en="notes", da="noter"),
    "table": entry("workbook.added_table", en="a table", da="en tabel"),
    "formulas": entry("workbook.added_formulas", en="formulas", da="formler"),
    "pictures": entry(
        "workbook.added_pictures", en="pictures or charts", da="billeder eller diagrammer"
    ),
    "pivot": entry("workbook.added_pivot", en="a pivot table", da="en pivottabel"),
    "links": entry("workbook.added_links", en="links", da="links"),
    "other": entry("workbook.added_other", en="other objects", da="andre objekter"),
}
BOTH = entry("workbook.both", en="{first} and {second}", da="{first} og {second}")
SEVERAL = entry("workbook.several", en="{first}, {rest}", da="{first}, {rest}")

# Writing the workbook: a result sheet in the place of the organiser's own
REPLACES_OWN_SHEET = entry(
    "workbook.replaces_own_sheet",
    en="sheet {sheet!r} was not written by this tool; the updated copy has the {sheet!r} result"
    " sheet in its place (your workbook keeps yours)",
    da="arket {sheet!r} er ikke skrevet af værktøjet; den opdaterede kopi har resultatarket"
    " {sheet!r} i stedet (din arbejdsbog beholder dit)",
)
