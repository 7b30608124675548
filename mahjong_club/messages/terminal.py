"""What the command says at the end of a run: what it wrote, its warnings, what needs doing.

The summary is printed after the results (``mahjong_club/cli/summary.py``); counted nouns
("1 page", "35 pages") are pairs of entries, chosen by :func:`counted`.
"""

from mahjong_club.messages.core import Entry, Message, entry, say

# Counted nouns: (one, many).
PAGES = (
    entry("terminal.count.page", en="1 page", da="1 side"),
    entry("terminal.count.pages", en="{count} pages", da="{count} sider"),
)
EMAILS = (
    entry("terminal.count.email", en="1 email", da="1 e-mail"),
    entry("terminal.count.emails", en="{count} emails", da="{count} e-mails"),
)
WARNINGS = (
    entry("terminal.count.warning", en="1 warning", da="1 advarsel"),
    entry("terminal.count.warnings", en="{count} warnings", da="{count} advarsler"),
)
HANDS = (
    entry("terminal.count.hand", en="1 hand", da="1 hånd"),
    entry("terminal.count.hands", en="{count} hands", da="{count} hænder"),
)
SESSIONS = (
    entry("terminal.count.session", en="1 session", da="1 runde"),
    entry("terminal.count.sessions", en="{count} sessions", da="{count} runder"),
)
ROLLS = (
    entry("terminal.count.roll", en="1 roll", da="1 slag"),
    entry("terminal.count.rolls", en="{count} rolls", da="{count} slag"),
)


def counted(count: int, noun: tuple[Entry, Entry]) -> Message:
    """'1 page', '35 pages' (in the language it is shown in).

    >>> str(counted(1, PAGES)), counted(35, PAGES).render("da")
    ('1 page', '35 sider')
    """
    return say(noun[0]) if count == 1 else say(noun[1], count=count)


INTERRUPTED = entry(
    "terminal.interrupted",
    en="Stopped (Ctrl-C). The output folder shows the previous results or this run's, each"
    " complete; what was sent is recorded, and the next --send sends the rest.",
    da="Stoppet (Ctrl-C). Outputmappen viser de forrige resultater eller denne kørsels, hver"
    " for sig komplette; det sendte er noteret, og næste --send sender resten.",
)

# What was written.
WROTE = entry("terminal.wrote", en="Wrote {path}", da="Skrev {path}")
WROTE_EXPORT = entry(
    "terminal.wrote_export", en="Wrote {path} ({what})", da="Skrev {path} ({what})"
)
WROTE_PAGES = entry(
    "terminal.wrote_pages",
    en="Wrote {pages} to {folder} (open index.html)",
    da="Skrev {pages} til {folder} (åbn index.html)",
)
NO_SITE = entry(
    "terminal.no_site",
    en="No site this run (--no-site): the output folder has no report/",
    da="Intet websted denne gang (--no-site): outputmappen har ingen report/",
)
KEPT_REAL = entry(
    "terminal.kept_real",
    en="Kept: {name} was a real file or folder, not the tool's link (your own, an older"
    " version's, or a copy's); it is now in {kept} (delete it once you have checked it)",
    da="Gemt: {name} var en rigtig fil eller mappe, ikke værktøjets link (din egen, en ældre"
    " versions eller en kopis); den ligger nu i {kept} (slet den, når du har tjekket den)",
)
NO_EMAILS = entry(
    "terminal.no_emails",
    en="No emails this run (--no-email): the output folder has no outbox/",
    da="Ingen e-mails denne gang (--no-email): outputmappen har ingen outbox/",
)
WROTE_EMAILS = entry(
    "terminal.wrote_emails",
    en="Wrote {emails} to {folder}",
    da="Skrev {emails} til {folder}",
)
NO_ADDRESS = entry("terminal.no_address", en="(no address)", da="(ingen adresse)")
DRY_RUN = entry(
    "terminal.dry_run",
    en="Dry run: nothing written (would write {target}).",
    da="Prøvekørsel: intet skrevet (ville skrive {target}).",
)
DRY_RUN_NOT_SENT = entry(
    "terminal.dry_run_not_sent",
    en="Dry run: nothing sent either ({emails} would go with --send; the mail settings are right).",
    da="Prøvekørsel: heller intet sendt ({emails} ville gå med --send; mailindstillingerne er"
    " i orden).",
)

# Warnings.
NO_WARNINGS = entry("terminal.no_warnings", en="No warnings.", da="Ingen advarsler.")
WARNINGS_IN_SHEET = entry(
    "terminal.warnings_in_sheet",
    en="{warnings} — see the Problems sheet of {workbook}",
    da="{warnings} — se arket Problems i {workbook}",
)
WARNINGS_DRY_RUN = entry(
    "terminal.warnings_dry_run",
    en="{warnings} (listed above; a run without --dry-run writes them in the Problems sheet)",
    da="{warnings} (vist ovenfor; en kørsel uden --dry-run skriver dem i arket Problems)",
)

# What needs the organiser's action.
ACTION = entry("terminal.action", en="Needs your action:", da="Kræver din handling:")
DICE_DECIDES = entry(
    "terminal.action.dice_decides",
    en="{division}: the dice decide promotion or relegation between {players}; roll two dice"
    " (round {round}) for {missing} and record the rolls in the Dice sheet"
    " (or run with --roll-dice SEED)",
    da="{division}: terningerne afgør op- eller nedrykning mellem {players}; slå med to"
    " terninger (runde {round}) for {missing} og skriv slagene i arket Dice"
    " (eller kør med --roll-dice SEED)",
)
SUBSTITUTABLE = entry(
    "terminal.action.substitutable",
    en="substitutable (attended too few club nights; may be replaced in their games): {players};"
    " see the Attendance status sheet",
    da="kan erstattes (har deltaget i for få klubaftener; kan skiftes ud i deres spil):"
    " {players}; se arket Attendance status",
)
EMAILS_NOT_SENT = entry(
    "terminal.action.emails_not_sent",
    en="{emails} not sent, only written to {folder}: run again with --send to send them",
    da="{emails} ikke sendt, kun skrevet til {folder}: kør igen med --send for at sende dem",
)
ORGANISER_NO_ADDRESS = entry(
    "terminal.action.organiser_no_address",
    en="your summary ({file}) goes to nobody: put your address in email_from in the Settings"
    " sheet to get it by email with the others",
    da="din oversigt ({file}) sendes ikke til nogen: skriv din adresse i email_from i arket"
    " Settings for at få den med e-mail sammen med de andre",
)
COPY_DICE = entry(
    "terminal.action.copy_dice",
    en="the dice rolled this run ({rolls}) are in the Dice sheet of {output}: copy them into the"
    " Dice sheet of your own workbook {source}, or they do not count next time",
    da="terningerne slået i denne kørsel ({rolls}) står i arket Dice i {output}: kopiér dem ind"
    " i arket Dice i din egen projektmappe {source}, ellers tæller de ikke næste gang",
)
COPY_DICE_DRY_RUN = entry(
    "terminal.action.copy_dice_dry_run",
    en="the dice rolled this run ({rolls}) are shown above but not written (--dry-run): record"
    " them in the Dice sheet of {source}, or run without --dry-run (the same seed rolls the"
    " same) and copy them from the output's Dice sheet",
    da="terningerne slået i denne kørsel ({rolls}) er vist ovenfor, men ikke skrevet"
    " (--dry-run): skriv dem i arket Dice i {source}, eller kør uden --dry-run (samme seed"
    " giver samme slag) og kopiér dem fra resultatets ark Dice",
)
NO_DICE_NEEDED = entry(
    "terminal.no_dice_needed",
    en="--roll-dice: no tie needed the dice; nothing was rolled",
    da="--roll-dice: ingen lighed krævede terninger; der blev ikke slået",
)

# The workbook is open in a spreadsheet program.
WORKBOOK_OPEN = entry(
    "terminal.workbook_open",
    en="{name} is open in {program}: unsaved changes are not included (save it and run again;"
    " if {program} is not running, delete the leftover file {lock})",
    da="{name} er åben i {program}: ændringer, der ikke er gemt, er ikke med (gem den, og kør"
    " igen; kører {program} ikke, så slet den efterladte fil {lock})",
)

# Classical hands, in short (the breakdown of every hand with -v).
HANDS_SHORT = entry(
    "terminal.hands_short",
    en="Hands: {hands} in {sessions}; every hand's breakdown is in the Hand scores sheet"
    " (and on the screen with -v)",
    da="Hænder: {hands} i {sessions}; hver hånds udregning står i arket Hand scores"
    " (og på skærmen med -v)",
)
HANDS_SESSION = entry(
    "terminal.hands_session",
    en="Session {session}, totals: {totals}",
    da="Runde {session}, i alt: {totals}",
)
