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
CELL_TEXT_TOO_LONG = entry(
    "workbook.cell_text_too_long",
    en="cell {ref}: text longer than Excel's {limit} characters",
    da="celle {ref}: teksten er længere end Excels {limit} tegn",
)
CELL_UNSUPPORTED_TYPE = entry(
    "workbook.cell_unsupported_type",
    en="cell {ref}: cannot write a value of type {type}",
    da="celle {ref}: kan ikke skrive en værdi af typen {type}",
)


# The command line: what a run wrote
EMA_EXPORT = entry("output.ema_export", en="the EMA results export", da="EMA-resultateksporten")
