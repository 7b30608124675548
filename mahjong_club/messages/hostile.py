"""Messages about files the tool refuses to read: zip bombs, macros, damaged or hostile XML;
and the line that says how many more problems there are than the terminal shows.

A refused file is refused before any of it is unpacked or read, with what was found and the
limit it broke (mahjong_club/ooxml/limits.py says why each limit is what it is). The Danish
texts show numbers without a thousands separator (``{count}``, not ``{count:,}``), since the
format spec's comma would be a decimal comma to a Danish reader.
"""

from mahjong_club.messages.core import entry

# The zip package as a whole (mahjong_club/ooxml/limits.py) ----------------------------------

NOT_A_ZIP = entry(
    "hostile.not_a_zip",
    en="{file} cannot be read as an Excel workbook (.xlsx): it is not a zip package ({error})",
    da="{file} kan ikke læses som en Excel-projektmappe (.xlsx): den er ikke en zip-pakke"
    " ({error})",
)
NOT_XLSX = entry(
    "hostile.not_xlsx",
    en="{file} cannot be read as an Excel workbook (.xlsx): it is not a zip package, as every"
    " .xlsx file is (a text or CSV file renamed?); save it from Excel or LibreOffice as an"
    " Excel workbook (.xlsx)",
    da="{file} kan ikke læses som en Excel-projektmappe (.xlsx): den er ikke en zip-pakke, som"
    " enhver .xlsx-fil er (en tekst- eller CSV-fil med nyt navn?); gem den fra Excel eller"
    " LibreOffice som Excel-projektmappe (.xlsx)",
)
CUT_OFF_ZIP = entry(
    "hostile.cut_off_zip",
    en="{file} cannot be read as an Excel workbook (.xlsx): it is cut off (it begins as one,"
    " but its end is missing: a copy or a download stopped short); copy or download it again,"
    " or save it again from Excel or LibreOffice",
    da="{file} kan ikke læses som en Excel-projektmappe (.xlsx): den er afkortet (den begynder"
    " som en, men slutningen mangler: en kopiering eller download stoppede for tidligt);"
    " kopiér eller hent den igen, eller gem den igen fra Excel eller LibreOffice",
)
OLE_FILE = entry(
    "hostile.ole_file",
    en="{file} is not an .xlsx workbook: it is password-protected, or an old Excel 97-2003"
    " workbook (.xls); remove the password, or save it as Excel Workbook (.xlsx)",
    da="{file} er ikke en .xlsx-arbejdsbog: den er beskyttet med adgangskode, eller det er en"
    " gammel Excel 97-2003-arbejdsbog (.xls); fjern adgangskoden, eller gem den som"
    " Excel-projektmappe (.xlsx)",
)
TOO_MANY_PARTS = entry(
    "hostile.too_many_parts",
    en="{file} is refused without being unpacked: its zip holds {count:,} parts, more than the"
    " {limit:,} a workbook may have",
    da="{file} afvises uden at blive pakket ud: dens zip rummer {count} dele, flere end de"
    " {limit}, en projektmappe må have",
)
DIRECTORY_TOO_LARGE = entry(
    "hostile.directory_too_large",
    en="{file} is refused without being unpacked: its zip's table of contents takes {size:,}"
    " bytes, more than the {limit:,} that {parts:,} parts need",
    da="{file} afvises uden at blive pakket ud: dens zip-indholdsfortegnelse fylder {size}"
    " byte, mere end de {limit}, som {parts} dele kræver",
)
PART_TOO_LARGE = entry(
    "hostile.part_too_large",
    en="{file} is refused without being unpacked: the part {part} would unpack to {size:,} MB,"
    " more than the {limit:,} MB a part may have",
    da="{file} afvises uden at blive pakket ud: delen {part} ville fylde {size} MB udpakket,"
    " mere end de {limit} MB, en del må fylde",
)
PART_RATIO = entry(
    "hostile.part_ratio",
    en="{file} is refused without being unpacked: the part {part} would unpack to {ratio:,}"
    " times its packed size ({size:,} MB), more than the {limit:,} times of any real workbook;"
    ' a file made like this (a "zip bomb") is meant to exhaust the computer that opens it',
    da="{file} afvises uden at blive pakket ud: delen {part} ville fylde {ratio} gange sin"
    " pakkede størrelse ({size} MB) udpakket, mere end de {limit} gange, en rigtig projektmappe"
    ' fylder; en fil lavet sådan (en "zip-bombe") skal lægge den computer ned, der åbner den',
)
PACKAGE_TOO_LARGE = entry(
    "hostile.package_too_large",
    en="{file} is refused without being unpacked: its parts would unpack to {size:,} MB in all,"
    " more than the {limit:,} MB a workbook may have",
    da="{file} afvises uden at blive pakket ud: dens dele ville fylde {size} MB i alt udpakket,"
    " mere end de {limit} MB, en projektmappe må fylde",
)
PACKAGE_RATIO = entry(
    "hostile.package_ratio",
    en="{file} is refused without being unpacked: its parts would unpack to {ratio:,} times"
    " their packed size ({size:,} MB in all), more than the {limit:,} times of any real"
    ' workbook; a file made like this (a "zip bomb") is meant to exhaust the computer that'
    " opens it",
    da="{file} afvises uden at blive pakket ud: dens dele ville fylde {ratio} gange deres"
    " pakkede størrelse ({size} MB i alt) udpakket, mere end de {limit} gange, en rigtig"
    ' projektmappe fylder; en fil lavet sådan (en "zip-bombe") skal lægge den computer ned,'
    " der åbner den",
)
MACRO_ENABLED = entry(
    "hostile.macro_enabled",
    en="{file} is a macro-enabled workbook (it holds {part}), not an .xlsx workbook; save it as"
    " Excel Workbook (.xlsx)",
    da="{file} er en arbejdsbog med makroer (den rummer {part}), ikke en .xlsx-arbejdsbog;"
    " gem den som Excel-projektmappe (.xlsx)",
)
PART_OF_TYPE = entry(
    "hostile.part_of_type", en="{part} of type {type}", da="{part} af typen {type}"
)
BINARY_WORKBOOK = entry(
    "hostile.binary_workbook",
    en="{file} is an Excel Binary Workbook (.xlsb), not an .xlsx workbook; save it as Excel"
    " Workbook (.xlsx)",
    da="{file} er en binær Excel-arbejdsbog (.xlsb), ikke en .xlsx-arbejdsbog; gem den som"
    " Excel-projektmappe (.xlsx)",
)

# A damaged part (mahjong_club/ooxml/wellformed.py) ------------------------------------------

SHEET_DAMAGED = entry(
    "hostile.sheet_damaged",
    en="sheet {sheet!r} ({part}) is damaged: {error}; open the workbook in Excel or"
    " LibreOffice, save it, and run again",
    da="arket {sheet!r} ({part}) er beskadiget: {error}; åbn projektmappen i Excel eller"
    " LibreOffice, gem den, og kør igen",
)
PART_DAMAGED = entry(
    "hostile.part_damaged",
    en="{file} is damaged: the part {part} ({role}): {error}; open the workbook in Excel or"
    " LibreOffice, save it, and run again",
    da="{file} er beskadiget: delen {part} ({role}): {error}; åbn projektmappen i Excel eller"
    " LibreOffice, gem den, og kør igen",
)
ROLE_CONTENT_TYPES = entry(
    "hostile.role.content_types", en="the parts' content types", da="delenes indholdstyper"
)
ROLE_PACKAGE_RELS = entry(
    "hostile.role.package_rels", en="where the workbook part is", da="hvor projektmappedelen er"
)
ROLE_WORKBOOK = entry("hostile.role.workbook", en="the list of sheets", da="listen over ark")
ROLE_WORKBOOK_RELS = entry(
    "hostile.role.workbook_rels", en="where each sheet's part is", da="hvor hvert arks del er"
)
ROLE_SHARED_STRINGS = entry(
    "hostile.role.shared_strings", en="the texts of the cells", da="cellernes tekster"
)
ROLE_OTHER = entry(
    "hostile.role.other",
    en="one of the package's parts, each checked for a <!DOCTYPE>",
    da="en af pakkens dele, som hver tjekkes for en <!DOCTYPE>",
)
ROLE_STYLES = entry("hostile.role.styles", en="the cell formats", da="cellernes formater")

XML_AT = entry(
    "hostile.xml_at",
    en="line {line}, column {column}: {reason}",
    da="linje {line}, kolonne {column}: {reason}",
)
XML_CUT_OFF = entry(
    "hostile.xml_cut_off",
    en="the XML ends too early (the file is cut off)",
    da="XML'en slutter for tidligt (filen er afkortet)",
)
XML_MISMATCHED_TAG = entry(
    "hostile.xml_mismatched_tag",
    en="a closing tag does not match its opening tag",
    da="et sluttag passer ikke til sit starttag",
)
XML_INVALID = entry(
    "hostile.xml_invalid",
    en="a character or a piece of markup that XML does not allow",
    da="et tegn eller et stykke markup, som XML ikke tillader",
)
XML_UNDEFINED_ENTITY = entry(
    "hostile.xml_undefined_entity",
    en="a reference to an undefined entity (&...;)",
    da="en henvisning til en udefineret entitet (&...;)",
)
XML_OTHER = entry("hostile.xml_other", en="{reason}", da="XML-fejl: {reason}")
XML_TOO_DEEP = entry(
    "hostile.xml_too_deep",
    en="its elements are nested more than {limit} deep, which no spreadsheet program writes",
    da="dens elementer er indlejret mere end {limit} niveauer dybt, hvilket intet"
    " regnearksprogram skriver",
)
XML_TOO_MANY = entry(
    "hostile.xml_too_many",
    en="it has more than {limit} elements, far more than a spreadsheet program writes there",
    da="den har mere end {limit} elementer, langt flere end et regnearksprogram skriver der",
)
XML_ENCODING = entry(
    "hostile.xml_encoding",
    en="it declares the encoding {encoding!r}, which spreadsheet files never use (UTF-8 or UTF-16)",
    da="den erklærer tegnsættet {encoding!r}, som regnearksfiler aldrig bruger (UTF-8 eller"
    " UTF-16)",
)
XML_DOCTYPE = entry(
    "hostile.xml_doctype",
    en="it has a document type declaration (<!DOCTYPE ...>), which spreadsheet files never"
    " have; it is refused so that no entity it declares is expanded or fetched",
    da="den har en dokumenttypeerklæring (<!DOCTYPE ...>), som regnearksfiler aldrig har;"
    " den afvises, så ingen entitet, den erklærer, udfoldes eller hentes",
)
ZIP_ENTRY_BROKEN = entry(
    "hostile.zip_entry_broken",
    en="it cannot be unpacked ({error})",
    da="den kan ikke pakkes ud ({error})",
)
NO_WORKBOOK_IN_ZIP = entry(
    "hostile.no_workbook_in_zip",
    en="{file} is not an Excel workbook (.xlsx): it is a zip archive of other files (such as"
    " {example!r}) with none of a workbook's parts; choose the workbook itself",
    da="{file} er ikke en Excel-projektmappe (.xlsx): det er et zip-arkiv med andre filer"
    " (f.eks. {example!r}) uden nogen af en projektmappes dele; vælg selve projektmappen",
)
PART_NAME_OUTSIDE = entry(
    "hostile.part_name_outside",
    en="{file} is damaged: the part name {part!r} points outside the package (an absolute"
    " path or a '..' step), which no spreadsheet program writes and which would be carried"
    " into the updated copy; open the workbook in Excel or LibreOffice, save it, and run"
    " again",
    da="{file} er beskadiget: delnavnet {part!r} peger uden for pakken (en absolut sti eller"
    " et '..'-trin), hvilket intet regnearksprogram skriver, og som ville komme med i den"
    " opdaterede kopi; åbn projektmappen i Excel eller LibreOffice, gem den, og kør igen",
)
PART_COMPRESSION = entry(
    "hostile.part_compression",
    en="{file} is damaged: the part {part!r} is packed with zip method {method} ({name}),"
    " which spreadsheet programs do not use (they store or deflate); open the workbook in"
    " Excel or LibreOffice, save it, and run again",
    da="{file} er beskadiget: delen {part!r} er pakket med zip-metode {method} ({name}),"
    " som regnearksprogrammer ikke bruger (de gemmer eller deflater); åbn projektmappen i"
    " Excel eller LibreOffice, gem den, og kør igen",
)
PART_ENCRYPTED = entry(
    "hostile.part_encrypted",
    en="{file} is damaged: the part {part!r} is encrypted inside the zip, which no"
    " spreadsheet program does (a password-protected workbook is encrypted as a whole); open"
    " the workbook in Excel or LibreOffice, save it, and run again",
    da="{file} er beskadiget: delen {part!r} er krypteret inde i zip-filen, hvilket intet"
    " regnearksprogram gør (en adgangskodebeskyttet projektmappe krypteres som helhed); åbn"
    " projektmappen i Excel eller LibreOffice, gem den, og kør igen",
)
PART_NAME_UNCLEAR = entry(
    "hostile.part_name_unclear",
    en="{file} is damaged: the part name {part!r} has a backslash, which programs read in"
    " different ways; open the workbook in Excel or LibreOffice, save it, and run again",
    da="{file} er beskadiget: delnavnet {part!r} har en omvendt skråstreg, som programmer"
    " læser forskelligt; åbn projektmappen i Excel eller LibreOffice, gem den, og kør igen",
)
TARGET_UNCLEAR = entry(
    "hostile.target_unclear",
    en="it points to {target!r}, written in a way programs read differently (an escaped"
    " character or a backslash)",
    da="den peger på {target!r}, skrevet på en måde, som programmer læser forskelligt (et"
    " kodet tegn eller en omvendt skråstreg)",
)
WORKBOOK_PART_NAME = entry(
    "hostile.workbook_part_name",
    en="the list of sheets is {part}, not a part named workbook.xml as every reader expects",
    da="listen over ark er {part}, ikke en del med navnet workbook.xml, som alle læsere venter",
)
SHEET_CELL_UNREADABLE = entry(
    "hostile.sheet_cell_unreadable",
    en="sheet {sheet!r} cannot be read: a cell{where} holds a value no date or time can be"
    " ({error}), such as a number far beyond any date in a cell formatted as a date; correct"
    " or clear it, and run again",
    da="arket {sheet!r} kan ikke læses: en celle{where} har en værdi, som ingen dato eller tid"
    " kan være ({error}), fx et tal langt ud over enhver dato i en celle formateret som dato;"
    " ret eller ryd den, og kør igen",
)
IN_ROW = entry(
    "hostile.in_row",
    en=" in row {row}",
    da=" i række {row}",
)
SHEET_PART_MISSING = entry(
    "hostile.sheet_part_missing",
    en="its part is not in the file",
    da="dens del findes ikke i filen",
)
MISSING_PART = entry(
    "hostile.missing_part",
    en="{file} is damaged: the part {part} ({role}) is missing; open the workbook in Excel or"
    " LibreOffice, save it, and run again",
    da="{file} er beskadiget: delen {part} ({role}) mangler; åbn projektmappen i Excel eller"
    " LibreOffice, gem den, og kør igen",
)

# A sheet's extent (mahjong_club/ooxml/extent.py) --------------------------------------------

SHEET_TOO_WIDE = entry(
    "hostile.sheet_too_wide",
    en="sheet {sheet!r} ({part}) is refused: its cells reach down to row {rows:,} and across"
    " to column {column}, {cells:,} cells from A1, more than the {limit:,} a sheet may span;"
    " delete what is typed far below or to the right of the table, and run again",
    da="arket {sheet!r} ({part}) afvises: dets celler når ned til række {rows} og over til"
    " kolonne {column}, {cells} celler fra A1, flere end de {limit}, et ark må spænde over;"
    " slet det, der står langt under eller til højre for tabellen, og kør igen",
)

# How many problems are shown (mahjong_club/cli/process.py, the Problems sheet) --------------

MORE_PROBLEMS = entry("hostile.more_problems", en="and {count:,} more", da="og {count} flere")
MORE_WARNINGS_IN_SHEET = entry(
    "hostile.more_warnings_in_sheet",
    en="and {count:,} more warnings, not listed here (the sheet lists the first {shown:,})",
    da="og {count} advarsler mere, som ikke står her (arket viser de første {shown})",
)
