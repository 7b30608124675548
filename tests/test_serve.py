"""The drop page (``mahjong-club serve``) through Flask's test client: the token on every
route, the upload's checks, the located errors, the downloads, and sending to a real SMTP
server with the same sent-ledger as ``--send``."""

from __future__ import annotations

import io
import re
import zipfile
from html import unescape
from pathlib import Path

import openpyxl
import pytest

from mahjong_club.serve.app import create_app
from mahjong_club.serve.runs import Runs
from process import main
from tests.builders import write_workbook
from tests.mail_server import addressed_to, servers
from tests.test_cli_errors import league, set_cell
from tests.test_cli_summary import league as summary_league
from tests.test_mail import mail_sheets

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_sheets/season.xlsx"
TOKEN = "k3y-Of-The-Test"


@pytest.fixture
def runs(tmp_path):
    kept = Runs(tmp_path / "runs", kept=2)
    yield kept
    kept.clear()


@pytest.fixture
def client(runs):
    return create_app(TOKEN, runs, max_mb=1, wait=60).test_client()


@pytest.fixture(autouse=True)
def no_smtp_variables(monkeypatch):
    for name in ("SMTP_USER", "SMTP_PASSWORD", "SMTP_CA_FILE", "SMTP_TIMEOUT", "SMTP_DEADLINE"):
        monkeypatch.delenv(name, raising=False)


def upload(client, data: bytes, name: str = "season.xlsx", **fields):
    form = {"workbook": (io.BytesIO(data), name), **fields}
    return client.post(f"/{TOKEN}/run", data=form, content_type="multipart/form-data")


def text_of(response) -> str:
    """The page's text, tags dropped and entities decoded, spaces collapsed."""
    html = response.get_data(as_text=True)
    html = re.sub(r"<script.*?</script>|<style.*?</style>", "", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def processed(client, data: bytes, **fields) -> tuple[str, str]:
    """Upload, follow the redirect: (the run's address, its page's text)."""
    response = upload(client, data, **fields)
    assert response.status_code == 303, text_of(response)
    url = response.headers["Location"]
    assert re.fullmatch(rf"/{TOKEN}/run/[0-9a-f]{{16}}/", url)
    return url, text_of(client.get(url))


@pytest.mark.parametrize(
    "path",
    ["/", "/favicon.ico", "/wrong/", f"/{TOKEN}x/", f"/{TOKEN[:-1]}/", "/ø/", f"/x/{TOKEN}/"],
)
def test_every_request_without_the_token_gets_403(client, path):
    response = client.get(path)
    assert response.status_code == 403
    assert "needs the drop page's key" in text_of(response)
    assert client.post(path).status_code == 403


def test_the_drop_page_has_the_form_and_the_options(client):
    response = client.get(f"/{TOKEN}/")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert f'action="/{TOKEN}/run"' in html
    assert 'enctype="multipart/form-data"' in html
    for name in ("workbook", "tonight", "tonight_date", "dice_seed", "make_schedule"):
        assert f'name="{name}"' in html
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["Cache-Control"] == "no-store"
    assert "http://" not in html and "https://" not in html  # nothing fetched from elsewhere
    assert client.get(f"/{TOKEN}/index.html").status_code == 200


def test_the_sample_gives_the_standings_and_every_download(client, runs):
    url, text = processed(client, SAMPLE.read_bytes())
    assert "Results of season.xlsx" in text
    assert "Division Riichi 3" in text and "Camilla Juhl" in text
    # the warning, its row and column said so for a phone
    assert "Nights row 14 column Date 2025-11-15 is a Saturday, not a Thursday" in text
    workbook = client.get(f"{url}workbook/season.xlsx")
    assert workbook.status_code == 200
    assert "attachment" in workbook.headers["Content-Disposition"]
    book = openpyxl.load_workbook(io.BytesIO(workbook.data))
    assert {"Standings", "Problems"} <= set(book.sheetnames)
    site = client.get(f"{url}site/index.html")
    assert site.status_code == 200 and "Camilla Juhl" in text_of(site)
    assert client.get(f"{url}site/attendance.html").status_code == 200
    assert client.get(f"{url}site/../../etc/passwd").status_code == 404
    archive = zipfile.ZipFile(io.BytesIO(client.get(f"{url}site.zip").data))
    assert "site/index.html" in archive.namelist()
    assert client.get(f"{url}workbook/other.xlsx").status_code == 404
    # the upload's copy is gone; only the run's outputs stay in its own folder
    (folder,) = runs.root.iterdir()
    assert not (folder / "upload").exists()
    assert (folder / "out" / "season.xlsx").is_file()


def test_the_options_reach_the_run(client):
    url, _ = processed(client, SAMPLE.read_bytes(), tonight="on", dice_seed="2026")
    site = text_of(client.get(f"{url}site/tonight.html"))
    assert "Tonight" in site
    book = openpyxl.load_workbook(io.BytesIO(client.get(f"{url}workbook/season.xlsx").data))
    assert "Tonight" in book.sheetnames


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"dice_seed": "two"}, "the dice seed must be a whole number, not 'two'"),
        ({"tonight": "on", "tonight_date": "31-02-2025"}, "tonight's date: "),
    ],
)
def test_a_bad_option_is_said_and_nothing_runs(client, runs, fields, expected):
    response = upload(client, SAMPLE.read_bytes(), **fields)
    assert response.status_code == 400
    assert expected in text_of(response)
    assert not runs.root.exists() or not any(runs.root.iterdir())


def test_no_file_and_not_an_xlsx_are_refused(client, runs):
    empty = client.post(f"/{TOKEN}/run", data={}, content_type="multipart/form-data")
    assert empty.status_code == 400
    assert "No file was chosen" in text_of(empty)
    html = upload(client, b"<html>hello</html>", "season.xlsx")
    assert html.status_code == 400
    assert "'season.xlsx' is not an .xlsx workbook" in text_of(html)
    xls = upload(client, SAMPLE.read_bytes(), "season.xls")
    assert xls.status_code == 400
    assert "'season.xls' is not an .xlsx workbook" in text_of(xls)
    assert not runs.root.exists() or not any(runs.root.iterdir())


def test_a_file_over_the_limit_gets_413(client, runs):
    response = upload(client, b"PK\x03\x04" + b"0" * (1024 * 1024 + 10))
    assert response.status_code == 413
    assert "The file is larger than 1 MB" in text_of(response)
    assert not runs.root.exists() or not any(runs.root.iterdir())


def test_a_zip_that_is_no_workbook_says_so(client):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("hello.txt", "hi")
    url, text = processed(client, buffer.getvalue())
    assert "The file was not taken" in text
    assert (
        "season.xlsx is not an Excel workbook (.xlsx): it is a zip archive of other files"
        " (such as 'hello.txt') with none of a workbook's parts; choose the workbook itself"
    ) in text
    assert client.get(url).status_code == 422
    assert client.get(f"{url}workbook/season.xlsx").status_code == 404


def test_a_damaged_workbook_shows_the_cli_s_located_errors_and_nothing_else(
    client, tmp_path, capsys
):
    sheets = set_cell(league(), "Games", 3, 4, "lots")
    sheets = set_cell(sheets, "Games", 6, 1, "someday")
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    assert main([str(path), "--out", str(tmp_path / "out")]) == 1
    cli = [line for line in capsys.readouterr().err.splitlines() if line.startswith("Error: ")]
    assert len(cli) == 2
    url, text = processed(client, path.read_bytes())
    assert "2 errors in season.xlsx: nothing was made" in text
    assert "Error Games row 4 column Score" in text and "Error Games row 7 column Date" in text
    for line in cli:  # "Error: sheet 'Games', row 4, column 'Score': <the text>"
        assert line.split(": ", 2)[2] in text
    assert "Download" not in text and "Standings preview" not in text
    assert client.get(url).status_code == 422
    assert client.get(f"{url}emails/").status_code == 404
    assert client.get(f"{url}send").status_code == 404


def test_errors_come_before_warnings(client, tmp_path):
    sheets = set_cell(league(), "Games", 3, 4, "lots")
    sheets["Settings"].append(["no_such_setting", 1])  # a warning, read before the games
    path = write_workbook(tmp_path / "season.xlsx", sheets)
    _, text = processed(client, path.read_bytes())
    assert text.index("Error Games row 4 column Score") < text.index("Warning")


def test_only_the_latest_runs_are_kept(client, runs):
    first, _ = processed(client, SAMPLE.read_bytes())
    processed(client, SAMPLE.read_bytes())
    processed(client, SAMPLE.read_bytes())
    gone = client.get(first)
    assert gone.status_code == 404
    assert len(list(runs.root.iterdir())) == 2


def test_emails_are_listed_and_previewed(client, tmp_path):
    path = write_workbook(tmp_path / "season.xlsx", mail_sheets(1))
    url, text = processed(client, path.read_bytes())
    assert "See the emails (5)" in text
    listing = text_of(client.get(f"{url}emails/"))
    assert "A <a@example.org>" in listing
    assert "Mahjong Ærø: standings as of 4 September 2025" in listing
    one = client.get(f"{url}emails/1")
    assert "a@example.org" in text_of(one) and "Hello A" in text_of(one)
    html = client.get(f"{url}emails/1/html")
    assert html.headers["Content-Security-Policy"].startswith("sandbox;")
    assert "<html" in html.get_data(as_text=True)
    assert client.get(f"{url}emails/6").status_code == 404
    assert client.get(f"{url}emails/0").status_code == 404


def test_send_needs_the_settings_and_says_which(client):
    url, _ = processed(client, SAMPLE.read_bytes())
    text = text_of(client.get(f"{url}send"))
    assert "sending the emails needs the smtp_host setting in the Settings sheet" in text
    assert "nothing was written" not in text  # the run's files are there to download
    assert "Yes, send them" not in text
    refused = client.post(f"{url}send", follow_redirects=True)
    assert refused.status_code == 409
    assert "smtp_host" in text_of(refused)


def test_send_to_a_real_server_once_whatever_is_clicked(client, tmp_path):
    with servers() as start:
        inbox, port = start()
        path = write_workbook(tmp_path / "season.xlsx", mail_sheets(port))
        url, _ = processed(client, path.read_bytes())
        confirm = text_of(client.get(f"{url}send"))
        assert "Send 5 emails to 5 recipients?" in confirm
        sent = client.post(f"{url}send", follow_redirects=True)
        assert sent.status_code == 200
        assert "Emails sent: 5; already sent before: 0" in text_of(sent)
        assert addressed_to(inbox) == [
            "a@example.org",
            "b@example.org",
            "d@example.org",
            "e@example.org",
            "organiser@example.org",
        ]
        # the ledger is --send's: the page says so, a second click and --send send nothing
        assert "Every email was sent before" in text_of(client.get(f"{url}send"))
        again = client.post(f"{url}send", follow_redirects=True)
        assert "Emails sent: 0; already sent before: 5" in text_of(again)
        assert main([str(path), "--out", str(tmp_path / "out"), "--send", "-q"]) == 0
        assert len(inbox.messages) == 5


def test_the_drop_pages_sending_lists_an_address_no_email_can_go_to(client, tmp_path):
    with servers() as start:
        inbox, port = start()
        sheets = mail_sheets(port)
        sheets["Players"][2][1] = "b@example.org;"
        url, _ = processed(client, write_workbook(tmp_path / "s.xlsx", sheets).read_bytes())
        sent = text_of(client.post(f"{url}send", follow_redirects=True))
        assert "Emails sent: 4; already sent before: 0" in sent
        assert "no email to 'B': 'b@example.org;' cannot be used as an email address" in sent
        assert "b@example.org" not in inbox.recipients


def test_an_email_refused_for_good_is_not_offered_again(client, tmp_path):
    """After the server refused b's address for good, the confirmation neither counts nor
    lists b (the page, unlike the command line, has no --retry-refused): it says so."""
    with servers() as start:
        inbox, port = start(refuse_rcpt={"b@example.org": "550 5.1.1 No such user here"})
        path = write_workbook(tmp_path / "season.xlsx", mail_sheets(port))
        url, _ = processed(client, path.read_bytes())
        sent = text_of(client.post(f"{url}send", follow_redirects=True))
        assert len(inbox.messages) == 4
        assert (  # worded for the page: no command-line option to suggest
            "the server refused the email to b@example.org: 550 5.1.1 No such user here; it is"
            " not sent again"
        ) in sent
        assert "--" not in sent
        again = text_of(client.get(f"{url}send"))
        assert (
            "1 email refused for good by the server before is not sent again (b@example.org):"
            " correct the address in the Players sheet"
        ) in again
        assert "Every email was sent before" not in again and "Send 1 email" not in again


def test_a_tournament_s_ema_submission_is_there_to_download(client):
    """The command writes the EMA results export beside the workbook; the drop page offers
    it too (it had no link to it, and the site's zip has no CSV)."""
    url, text = processed(client, (ROOT / "sample_sheets/tournament.xlsx").read_bytes())
    page = client.get(url).get_data(as_text=True)
    found = re.search(rf'href="({re.escape(url)}export/[^"]+\.csv)" download', page)
    assert found, text
    assert "Download the EMA results export (" in text
    response = client.get(found.group(1))
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    body = response.get_data(as_text=True)
    assert body.count("\n") > 10 and "," in body.splitlines()[0]
    assert client.get(f"{url}export/other.csv").status_code == 404
    assert client.get(f"{url}export/..%2Fsettings.csv").status_code == 404


def test_a_league_has_no_export_to_offer(client):
    url, _ = processed(client, SAMPLE.read_bytes())
    assert f"{url}export/" not in client.get(url).get_data(as_text=True)


def actions_on(client, url: str) -> list[str]:
    """The results page's "Needs your action" items, as text (none: an empty list)."""
    html = client.get(url).get_data(as_text=True)
    found = re.search(r'<ul class="todo" id="actions">(.*?)</ul>', html, re.S)
    items = re.findall(r"<li>(.*?)</li>", found.group(1), re.S) if found else []
    return [re.sub(r"\s+", " ", unescape(item)).strip() for item in items]


def test_the_results_page_says_what_needs_the_organisers_action(client):
    """As the command line's summary does, worded for the drop page: the members who may be
    replaced (the sample season has two); emails are not among them (the page has the button)."""
    url, text = processed(client, SAMPLE.read_bytes())
    assert actions_on(client, url) == [
        "substitutable (attended too few club nights; may be replaced in their games): Hanna"
        " Eriksson, Magnus Friis; see the Attendance status sheet"
    ]
    assert text.index("Needs your action") < text.index("Warnings")


def test_ties_for_the_dice_at_the_end_of_the_season_are_actions_on_the_results_page(
    client, tmp_path
):
    """The command line's test_at_the_end_of_the_season_ties_awaiting_dice_are_actions: A, B
    tie with promotion at stake (first), C, D for their order; the drop page's dice seed, not
    the command's --roll-dice, is what lets the tool roll them."""
    sheets = summary_league()
    sheets["Settings"].append(["season_complete", "yes"])
    url, _ = processed(client, write_workbook(tmp_path / "season.xlsx", sheets).read_bytes())
    assert actions_on(client, url) == [
        "R1: the dice decide promotion or relegation between A, B; roll two dice (round 1) for"
        " A, B and record the rolls in the Dice sheet of your workbook, or drop it again with a"
        " dice seed to let the tool roll them",
        "R1: C, D are still tied after every criterion; roll two dice (round 1) for C, D and"
        " record the rolls in the Dice sheet of your workbook, or drop it again with a dice"
        " seed to let the tool roll them",
    ]


def test_dice_rolled_by_the_drop_page_are_to_be_copied_into_the_organisers_workbook(
    client, tmp_path
):
    path = write_workbook(tmp_path / "season.xlsx", summary_league())
    url, _ = processed(client, path.read_bytes(), dice_seed="7")
    assert actions_on(client, url) == [
        "the dice rolled this run (4 rolls) are in the Dice sheet of the updated workbook: copy"
        " them into the Dice sheet of your own workbook, or they do not count next time"
    ]
    book = openpyxl.load_workbook(io.BytesIO(client.get(f"{url}workbook/season.xlsx").data))
    assert book["Dice"].max_row == 5  # the header and the four rolls


def test_a_run_with_nothing_to_do_has_no_action_list(client, tmp_path):
    url, text = processed(client, write_workbook(tmp_path / "s.xlsx", league()).read_bytes())
    assert actions_on(client, url) == []
    assert "Needs your action" not in text


def test_the_actions_are_in_the_drop_pages_language(tmp_path):
    runs = Runs(tmp_path / "runs", kept=2)
    danish = create_app(TOKEN, runs, max_mb=1, wait=60, language="da").test_client()
    path = write_workbook(tmp_path / "season.xlsx", summary_league())
    url, text = processed(danish, path.read_bytes(), dice_seed="7")
    assert "Kræver din handling" in text
    assert actions_on(danish, url) == [
        "terningerne slået i denne kørsel (4 slag) står i arket Dice i det opdaterede regneark:"
        " kopiér dem ind i arket Dice i dit eget regneark, ellers tæller de ikke næste gang"
    ]
    runs.clear()


def test_a_sending_that_stopped_says_so_and_offers_the_rest(client, tmp_path):
    """An organiser's find: "Sending done" headed a page where nothing was sent (the
    server down), and "Send again to send only these" had no button beside it."""
    with servers() as start:
        inbox, port = start(drop_at=2)
        path = write_workbook(tmp_path / "season.xlsx", mail_sheets(port))
        url, _ = processed(client, path.read_bytes())
        sent = client.post(f"{url}send", follow_redirects=True)
        html = sent.get_data(as_text=True)
        assert "Sending did not finish" in text_of(sent) and "Sending done" not in text_of(sent)
        assert f'id="send-rest" href="{url}send"' in html
        assert "it may have arrived, so it is not sent again" in text_of(sent)
        inbox.drop_at = None
        confirm = text_of(client.get(f"{url}send"))
        assert "Send 3 emails to 3 recipients?" in confirm  # the one that may have arrived aside
        assert (
            "1 email sent before without the server's confirmation (the sending stopped before"
            " its answer) is not sent again, as it may have arrived (b@example.org): ask; the"
            " command line's --retry-refused sends it again."
        ) in confirm
        done = client.post(f"{url}send", follow_redirects=True)
        assert "Sending done" in text_of(done) and "send-rest" not in done.get_data(as_text=True)
        assert len(inbox.messages) == 4


def test_one_email_is_one_email(client, tmp_path):
    """ "Send 1 emails to 1 recipients?" (an organiser's find): the counts' words agree."""
    sheets = mail_sheets(1)
    for row in sheets["Players"][1:]:
        row[1] = None  # nobody has an address: only the organiser's summary is left
    url, _ = processed(client, write_workbook(tmp_path / "s.xlsx", sheets).read_bytes())
    assert "Send 1 email to 1 recipient?" in text_of(client.get(f"{url}send"))


def test_a_run_no_longer_kept_is_said_in_the_pages_language(tmp_path):
    runs = Runs(tmp_path / "runs", kept=2)
    danish = create_app(TOKEN, runs, max_mb=1, wait=60, language="da").test_client()
    gone = danish.get(f"/{TOKEN}/run/0123456789abcdef/")
    assert gone.status_code == 404
    assert "Denne kørsel gemmes ikke længere" in text_of(gone)
    runs.clear()
