"""The words of the drop page (``mahjong-club serve``): labels, buttons and its own refusals.

The problems a workbook has are the reading and computing entries, the same texts as the
command line; the sending report is :mod:`.mail`'s. A template says ``w("drop_title")``.

    >>> from mahjong_club.messages.core import say
    >>> say(SERVE["send_confirm"], emails=5, recipients=5).render("da")
    'Send 5 e-mails til 5 modtagere?'
"""

from mahjong_club.messages.core import Entry, entry


def _serve(key: str, *, en: str, da: str) -> Entry:
    return entry(f"serve.{key}", en=en, da=da)


#: Every string of the drop page by its key.
SERVE: dict[str, Entry] = {
    "app_name": _serve("app_name", en="Mahjong club: drop page", da="Mahjongklub: slip-side"),
    "drop_title": _serve(
        "drop_title", en="Drop the season workbook", da="Slip sæsonens regneark her"
    ),
    "drop_intro": _serve(
        "drop_intro",
        en="Drop the workbook (.xlsx) on the box, or choose it with the button. Your file is"
        " only read: the updated copy is a download.",
        da="Slip regnearket (.xlsx) på feltet, eller vælg det med knappen. Din fil bliver kun"
        " læst: den opdaterede kopi kan hentes bagefter.",
    ),
    "drop_zone": _serve("drop_zone", en="Drop the .xlsx file here", da="Slip .xlsx-filen her"),
    "choose_file": _serve("choose_file", en="Workbook (.xlsx)", da="Regneark (.xlsx)"),
    "options": _serve("options", en="Options", da="Valg"),
    "tonight": _serve("tonight", en="Propose tonight's games", da="Foreslå aftenens spil"),
    "tonight_date": _serve(
        "tonight_date",
        en="Tonight's date (empty: the latest Attendance column)",
        da="Aftenens dato (tom: den seneste kolonne i Attendance)",
    ),
    "dice_seed": _serve(
        "dice_seed",
        en="Roll the dice for ties left after every criterion, with this seed (empty: no dice)",
        da="Slå terninger om stillinger, der stadig er lige efter alle kriterier, med dette"
        " frø (tomt: ingen terninger)",
    ),
    "make_schedule": _serve(
        "make_schedule",
        en="Propose a schedule of games (workbook without a Schedule sheet)",
        da="Foreslå en spilleplan (regneark uden et Schedule-ark)",
    ),
    "process": _serve("process", en="Process the workbook", da="Behandl regnearket"),
    "uploading": _serve("uploading", en="Uploading: {percent} %", da="Sender: {percent} %"),
    "working": _serve(
        "working",
        en="Reading, checking and computing the workbook…",
        da="Læser, kontrollerer og beregner regnearket…",
    ),
    "working_title": _serve("working_title", en="Working on {name}…", da="Arbejder på {name}…"),
    "working_refresh": _serve(
        "working_refresh",
        en="This page looks again every {seconds} seconds until the results are there.",
        da="Siden ser efter igen hvert {seconds}. sekund, til resultaterne er der.",
    ),
    "sending_title": _serve("sending_title", en="Sending the emails…", da="Sender e-mails…"),
    "stage_send": _serve("stage_send", en="Sending the emails", da="Sender e-mails"),
    "stage_read": _serve(
        "stage_read", en="Reading and checking the workbook", da="Læser og kontrollerer regnearket"
    ),
    "stage_compute": _serve(
        "stage_compute",
        en="Computing the standings and the rest",
        da="Beregner stillingen og resten",
    ),
    "stage_build": _serve(
        "stage_build",
        en="Preparing the result sheets and the site",
        da="Forbereder resultatarkene og hjemmesiden",
    ),
    "stage_render": _serve(
        "stage_render",
        en="Making the emails",
        da="Laver e-mails",
    ),
    "stage_write": _serve(
        "stage_write",
        en="Writing the results and the site's pages",
        da="Skriver resultaterne og hjemmesidens sider",
    ),
    "stage_step": _serve(
        "stage_step", en="step {number} of {total}", da="trin {number} af {total}"
    ),
    "stage_done": _serve("stage_done", en="(done)", da="(færdig)"),
    "errors_title": _serve(
        "errors_title",
        en="{count} {count:error|errors} in {name}: nothing was made",
        da="{count} fejl i {name}: intet er lavet",
    ),
    "errors_intro": _serve(
        "errors_intro",
        en="Correct these cells in your workbook, save it and drop it again.",
        da="Ret disse celler i dit regneark, gem det, og slip det her igen.",
    ),
    "sheet": _serve("sheet", en="Sheet", da="Ark"),
    "row": _serve("row", en="Row", da="Række"),
    "column": _serve("column", en="Column", da="Kolonne"),
    "problem": _serve("problem", en="Problem", da="Problem"),
    "severity": _serve("severity", en="Kind", da="Art"),
    "results_title": _serve("results_title", en="Results of {name}", da="Resultater af {name}"),
    "actions": _serve("actions", en="Needs your action", da="Kræver din handling"),
    "action_dice_decides": _serve(
        "action_dice_decides",
        en="{division}: the dice decide promotion or relegation between {players}; roll two"
        " dice (round {round}) for {missing} and record the rolls in the Dice sheet of your"
        " workbook, or drop it again with a dice seed to let the tool roll them",
        da="{division}: terningerne afgør op- eller nedrykning mellem {players}; slå med to"
        " terninger (runde {round}) for {missing} og skriv slagene i arket Dice i dit"
        " regneark, eller slip det igen med et frø, så værktøjet slår dem",
    ),
    "action_dice_needed": _serve(
        "action_dice_needed",
        en="{division}: {players} are still tied after every criterion; roll two dice (round"
        " {round}) for {missing} and record the rolls in the Dice sheet of your workbook, or"
        " drop it again with a dice seed to let the tool roll them",
        da="{division}: {players} står stadig lige efter alle kriterier; slå med to terninger"
        " (runde {round}) for {missing} og skriv slagene i arket Dice i dit regneark, eller"
        " slip det igen med et frø, så værktøjet slår dem",
    ),
    "action_copy_dice": _serve(
        "action_copy_dice",
        en="the dice rolled this run ({rolls}) are in the Dice sheet of the updated workbook:"
        " copy them into the Dice sheet of your own workbook, or they do not count next time",
        da="terningerne slået i denne kørsel ({rolls}) står i arket Dice i det opdaterede"
        " regneark: kopiér dem ind i arket Dice i dit eget regneark, ellers tæller de ikke"
        " næste gang",
    ),
    "warnings": _serve("warnings", en="Warnings", da="Advarsler"),
    "no_warnings": _serve("no_warnings", en="No warnings.", da="Ingen advarsler."),
    "preview": _serve("preview", en="Standings preview", da="Forhåndsvisning af stillingen"),
    "download_workbook": _serve(
        "download_workbook",
        en="Download the updated workbook",
        da="Hent det opdaterede regneark",
    ),
    "download_export": _serve(
        "download_export", en="Download {what} ({name})", da="Hent {what} ({name})"
    ),
    "open_site": _serve("open_site", en="Open the site", da="Åbn hjemmesiden"),
    "site_zip": _serve("site_zip", en="Download the site as a zip", da="Hent hjemmesiden som zip"),
    "see_emails": _serve("see_emails", en="See the emails ({count})", da="Se e-mails ({count})"),
    "send_emails": _serve("send_emails", en="Send the emails…", da="Send e-mails…"),
    "drop_another": _serve("drop_another", en="Drop another workbook", da="Slip et andet regneark"),
    "emails_title": _serve("emails_title", en="The emails", da="E-mails"),
    "to": _serve("to", en="To", da="Til"),
    "subject": _serve("subject", en="Subject", da="Emne"),
    "not_sendable": _serve("not_sendable", en="not sent: {problem}", da="sendes ikke: {problem}"),
    "already_sent": _serve("already_sent", en="sent before", da="sendt før"),
    "preview_email": _serve("preview_email", en="Preview", da="Vis"),
    "as_text": _serve("as_text", en="As plain text", da="Som ren tekst"),
    "as_html": _serve("as_html", en="As HTML", da="Som HTML"),
    "back": _serve("back", en="Back to the results", da="Tilbage til resultaterne"),
    "send_title": _serve("send_title", en="Send the emails", da="Send e-mails"),
    "send_confirm": _serve(
        "send_confirm",
        en="Send {emails} {emails:email|emails} to {recipients} {recipients:recipient|recipients}?",
        da="Send {emails} {emails:e-mail|e-mails} til {recipients}"
        " {recipients:modtager|modtagere}?",
    ),
    "send_skipped": _serve(
        "send_skipped",
        en="{count} were sent before and are not sent again.",
        da="{count} er sendt før og sendes ikke igen.",
    ),
    "send_refused_before": _serve(
        "send_refused_before",
        en="{count} {count:email|emails} refused for good by the server before {count:is|are}"
        " not sent again"
        " ({names}): correct the address in the Players sheet (a new address is a new email).",
        da="{count} {count:e-mail|e-mails} afvist for altid af serveren før sendes ikke igen"
        " ({names}): ret adressen"
        " i arket Players (en ny adresse er en ny e-mail).",
    ),
    "send_unconfirmed_before": _serve(
        "send_unconfirmed_before",
        en="{count} {count:email|emails} sent before without the server's confirmation (the"
        " sending stopped before its answer) {count:is|are} not sent again, as {count:it|they}"
        " may have arrived ({names}): ask; the command line's --retry-refused sends"
        " {count:it|them} again.",
        da="{count} {count:e-mail|e-mails} sendt før uden serverens bekræftelse (afsendelsen"
        " stoppede før dens svar) sendes ikke igen, da {count:den|de} kan være kommet frem"
        " ({names}): spørg; kommandolinjens --retry-refused sender {count:den|dem} igen.",
    ),
    "send_nothing": _serve(
        "send_nothing",
        en="Every email was sent before: there is nothing to send.",
        da="Alle e-mails er sendt før: der er intet at sende.",
    ),
    "send_yes": _serve("send_yes", en="Yes, send them", da="Ja, send dem"),
    "send_done": _serve("send_done", en="Sending done", da="Afsendelse færdig"),
    "send_unfinished": _serve(
        "send_unfinished", en="Sending did not finish", da="Afsendelsen blev ikke færdig"
    ),
    "send_rest": _serve("send_rest", en="Send the rest", da="Send resten"),
    "refused_title": _serve(
        "refused_title", en="The file was not taken", da="Filen blev ikke modtaget"
    ),
    "no_file": _serve(
        "no_file",
        en="No file was chosen: choose the workbook (.xlsx).",
        da="Der er ikke valgt nogen fil: vælg regnearket (.xlsx).",
    ),
    "not_xlsx": _serve(
        "not_xlsx",
        en="{name!r} is not an .xlsx workbook: save it from Excel or LibreOffice as"
        " 'Excel Workbook (.xlsx)' and drop that file.",
        da="{name!r} er ikke et .xlsx-regneark: gem det i Excel eller LibreOffice som"
        " 'Excel-projektmappe (.xlsx)', og slip den fil her.",
    ),
    "too_big": _serve(
        "too_big",
        en="The file is larger than {limit} MB, the most the drop page takes.",
        da="Filen er større end {limit} MB, som er det største, slip-siden modtager.",
    ),
    "bad_seed": _serve(
        "bad_seed",
        en="the dice seed must be a whole number, not {value!r}",
        da="terningernes frø skal være et helt tal, ikke {value!r}",
    ),
    "bad_date": _serve(
        "bad_date",
        en="tonight's date: {problem}",
        da="aftenens dato: {problem}",
    ),
    "forbidden": _serve(
        "forbidden",
        en="This address needs the drop page's key: use the full address it printed"
        " (with /…token…/ in it).",
        da="Denne adresse kræver slip-sidens nøgle: brug hele adressen, den skrev ud"
        " (med /…nøgle…/ i).",
    ),
    "gone": _serve(
        "gone",
        en="This run is no longer kept (the drop page keeps the latest {count}): drop the"
        " workbook again.",
        da="Denne kørsel gemmes ikke længere (slip-siden gemmer de seneste {count}): slip"
        " regnearket igen.",
    ),
    "internal": _serve(
        "internal",
        en="Internal error: {error} (the terminal that runs the drop page has the details)",
        da="Intern fejl: {error} (terminalen, der kører slip-siden, har detaljerne)",
    ),
    "started": _serve(
        "started",
        en="The drop page is running; open this address in your browser (Ctrl-C stops it):",
        da="Slip-siden kører; åbn denne adresse i din browser (Ctrl-C stopper den):",
    ),
    "stopped": _serve("stopped", en="The drop page stopped.", da="Slip-siden er stoppet."),
    "port_taken": _serve(
        "port_taken",
        en="cannot listen on 127.0.0.1 port {port}: {error} (choose another with --port)",
        da="kan ikke lytte på 127.0.0.1 port {port}: {error} (vælg en anden med --port)",
    ),
}
