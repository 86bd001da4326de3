"""The web page in a real browser: headless Chromium (Debian's /usr/bin/chromium)
driven by Playwright against ``stichfest serve``'s app on a free local port.

Each view is also photographed: into $STICHFEST_SCREENSHOTS when set (the
README's pictures: ``STICHFEST_SCREENSHOTS=docs/screenshots``), else into a
temporary folder.
Skipped, with the reason, where Chromium or Playwright is missing.
"""
from __future__ import annotations

import base64
import json
import os
import random
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
uvicorn = pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (test extra) is not installed")

CHROMIUM = os.environ.get("STICHFEST_CHROMIUM", "/usr/bin/chromium")
if not shutil.which(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium); the browser tests need it",
                allow_module_level=True)

from stichfest.analysis.web.app import create_app  # noqa: E402
from stichfest.contracts import callable_suits  # noqa: E402
from stichfest.deals import position_json, random_deal  # noqa: E402

pytestmark = pytest.mark.slow
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WENZ = {"game": "schafkopf", "contract": "wenz", "declarer": 0, "leader": 0,
        "deal": ["EU GU HU EA E10 EK GA G10", "SU EO E9 E8 E7 GO S8 S7",
                 "G9 G8 G7 GK SO HA H10 HK", "HO H9 H8 H7 SA S10 SK S9"], "play": []}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def app():
    return create_app(max_jobs=2)


@pytest.fixture(scope="module")
def server(app):
    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    end = time.monotonic() + 15
    while not srv.started:
        if time.monotonic() > end or not thread.is_alive():
            pytest.fail("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser, server, shots):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    pg.shots = shots
    pg.goto(server + "/")
    pg.wait_for_selector("body[data-ready='1']")
    yield pg
    context.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    return Path(os.environ.get("STICHFEST_SCREENSHOTS") or tmp_path_factory.mktemp("screenshots"))


def shot(page, name: str) -> None:
    folder = page.shots
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def test_announce_click_eight_cards_and_see_the_table(page):
    for card in "EO GO EU GU HA H10 EA G7".split():
        page.click(f"#an-deck button[data-card='{card}']")
    assert page.input_value("#an-hand") == "EO GO EU GU HA H10 EA G7"
    assert page.text_content("#an-count") == "8 cards"
    page.fill("#an-samples", "20")
    page.check("#an-plot")
    page.click("#an-run")
    page.wait_for_selector("#an-table")
    rows = page.locator("#an-table tr")
    assert rows.count() > 5
    assert "Solo" in page.text_content("#an-table")
    assert page.locator("#an-result li").count() >= 1  # the paired comparisons
    assert page.is_hidden("#error")
    page.wait_for_function("document.querySelector('#an-result img.plot')?.naturalWidth > 0")
    shot(page, "announce")


def analyse(page, hand: str, *, game: str | None = None, until: str = "#an-table", seat: int = 0,
            leader: int | None = None, declarer: int | None = None, **fields: str) -> None:
    """Fill the announce form and run it until ``until`` shows: ``game``
    first, then the hand, the seats chosen and ``fields`` (input id after
    "an-" -> text)."""
    if game is not None:
        page.select_option("#an-game", game)
    page.fill("#an-hand", hand)
    for name, value in (("seat", seat), ("leader", leader), ("declarer", declarer)):
        if value is not None:
            page.select_option(f"#an-{name}", str(value))
    for name, text in fields.items():
        page.fill(f"#an-{name.replace('_', '-')}", text)
    page.click("#an-run")
    page.wait_for_selector(until)


def test_scharwenzel_analysis_shows_the_first_tricks(page):
    # [SW] "für die ersten": its share is a column of the table and a line of the row's detail
    analyse(page, "CQ C7 SQ CA CK HA DA D7", game="scharwenzel", leader=1, samples="12", contracts="trump-C")
    table = page.text_content("#an-table")
    assert "first tricks" in table and "50.0%" in table  # `analyze` says 50.0 on these deals too
    assert "all tricks" in table and "mean tricks" in table  # Scharwenzel words, not Schafkopf's
    assert page.is_hidden("#error")
    shot(page, "scharwenzel-analysis")


def test_jass_analysis_shows_the_weis_and_stoeck(page):
    # docs/rules.md "Weis", "Stöck": six Herz in a row and the Herz K and Q write at least 170 at Herz trumps
    analyse(page, "HJ H9 HA HK HQ H10 SA CA DA", game="jass", samples="3", contracts="trump-H")
    head = page.text_content("#an-table tr")
    assert "Weis+Stöck" in head
    cells = [c.strip() for c in page.locator("#an-table tr").nth(1).locator("td").all_text_contents()]
    weis = cells[[h.strip() for h in page.locator("#an-table tr").first.locator("th").all_text_contents()]
                 .index("Weis+Stöck")]
    assert weis.startswith("+") and float(weis) >= 170
    assert page.is_hidden("#error")
    shot(page, "jass-analysis")


def test_announce_over_another_seats_game(page):
    # seat 0 announced a Wenz: only the hand's games above it (README "Outbidding another seat")
    analyse(page, "EO GO HO SO HA H10 HK EA", seat=1, outbid="0:wenz", samples="8", contracts="solo-H,geier")
    assert "Seat 0 announced Wenz" in page.text_content("#an-outbid-note")
    table = page.text_content("#an-table")
    assert "Herz-Solo" in table and "Geier Tout" in table
    assert page.locator("#an-table tr", has_text="Geier").count() == 1  # the Geier itself is below a Wenz
    assert page.is_hidden("#error")
    shot(page, "announce-outbid")


def test_announce_over_another_seats_game_in_the_tables_order(page):
    # the CLI's --ranking (README "Outbidding another seat"): rule text 001 puts the Wenz above the
    # Solo, so a Solo no longer outbids seat 0's Wenz, and a Geier (on top there) does
    analyse(page, "EO GO HO SO HA H10 HK EA", seat=1, outbid="0:wenz", samples="8", contracts="solo-H,geier",
            ranking="sauspiel,farbgeier,farbwenz,solo,wenz,geier")
    note = page.text_content("#an-outbid-note")
    assert "Seat 0 announced Wenz" in note and "your table's order: sauspiel,farbgeier,farbwenz,solo,wenz,geier" in note
    names = [t.strip() for t in page.locator("#an-table tr td:first-child").all_text_contents()]
    assert "Geier" in names and "Herz-Solo" not in names
    assert "Herz-Solo Tout" in names  # every Tout still ranks above every game
    assert page.is_hidden("#error")
    shot(page, "announce-outbid-ranking")
    page.fill("#an-ranking", "sauspiel,wenz")  # bad input: one line, no job
    page.click("#an-run")
    page.wait_for_selector("#error:not([hidden])")
    assert "ranking" in page.text_content("#error") and "missing" in page.text_content("#error")


def test_announce_after_passes(page):
    # seats 0 and 1 passed before seat 2 announced: the table says so (README "What the bidding tells")
    analyse(page, "EO HO GU EA E10 GA G10 S7", seat=2, passed="0,1", samples="8", points_samples="4", contracts="geier")
    assert "Seats 0, 1 passed" in page.text_content("#an-passed-note")
    assert "(exact on 4)" in page.text_content("#an-table")
    page.fill("#an-passed", "3")
    page.click("#an-run")
    page.wait_for_selector("#error:not([hidden])")
    assert "seat 3" in page.text_content("#error")


def test_announce_defenders_view(page):
    # the CLI's analyze --declarer 2 --contract solo-E --passed 1 (README "The defenders' view and Kontra")
    analyse(page, "EA E10 GK G9 HA H9 S10 S8", declarer=2, until="#an-defence", contract="solo-E", passed="1",
            samples="8", points_samples="4")
    assert page.is_hidden("#error")
    assert "seat 2 announced Eichel-Solo" in page.text_content("#an-result h3")
    assert "Seat 1 passed" in page.text_content("#an-passed-note")
    assert "Seat 0 defends" in page.text_content("#an-defence-share")
    table = page.locator("#an-defence")
    labels = [t.strip() for t in table.locator("tr td:first-child").all_text_contents()]
    for label in ("P(declarers win)", "declarer's payout", "seat 0's payout", "with Kontra", "Kontra gains",
                  "Kontra is"):
        assert label in labels, labels
    verdict = table.locator("tr", has_text="Kontra is").locator("td").nth(1).text_content()
    assert verdict in ("worth giving", "not worth giving", "unclear")
    assert "8 deals" in table.locator("th").nth(1).text_content()
    assert table.locator("th").count() == 2  # no single-dummy column without play-outs
    # with the play-outs: a single-dummy column and the paired difference
    page.fill("#an-samples", "4")
    page.check("#an-single")
    page.click("#an-run")
    page.wait_for_selector("#an-defence th:nth-child(3)")
    assert "single dummy (4 deals)" in page.text_content("#an-defence th:nth-child(3)")
    sd_verdict = page.locator("#an-defence tr", has_text="Kontra is").locator("td").nth(2).text_content()
    assert sd_verdict in ("worth giving", "not worth giving", "unclear")
    assert "Single − double dummy, seat 0's payout" in page.text_content("#an-result")
    shot(page, "announce-defence")
    page.uncheck("#an-single")
    # the CLI's rules, said on the page: the declarer needs his contract
    page.fill("#an-contract", "")
    page.click("#an-run")
    page.wait_for_selector("#error:not([hidden])")
    assert "declarer and contract go together" in page.text_content("#error")


def test_a_sie_is_shown_without_play(page):
    # docs/rules.md "Sie": the four Ober and the four Unter win without a card played
    page.fill("#an-hand", "EO GO HO SO EU GU HU SU")
    page.click("#an-run")
    page.wait_for_selector("#an-table")
    row = page.locator("#an-table tr", has_text="Sie")
    assert "no play" in row.text_content()
    assert "+1560" in row.text_content()
    assert "no deal sampled" in page.text_content("#an-result h3")


def test_announce_cancel_stops_the_job(page):
    page.fill("#an-hand", "EO GO EU GU HA H10 EA G7")
    page.fill("#an-samples", "5000")
    page.click("#an-run")
    page.wait_for_selector("#an-cancel:not([disabled])")
    page.click("#an-cancel")
    page.wait_for_selector("#error:not([hidden])")
    assert "cancelled" in page.text_content("#error")
    assert not page.is_disabled("#an-run")


def test_a_closed_tab_cancels_its_analysis(browser, server, app):
    context = browser.new_context()
    pg = context.new_page()
    pg.goto(server + "/")
    pg.wait_for_selector("body[data-ready='1']")
    pg.fill("#an-hand", "EO GO EU GU HA H10 EA G7")
    pg.fill("#an-samples", "5000")
    pg.click("#an-run")
    pg.wait_for_selector("#an-cancel:not([disabled])")
    assert app.state.jobs.running() == 1
    context.close()  # the tab goes away mid-analysis
    end = time.monotonic() + 20
    while app.state.jobs.running() and time.monotonic() < end:
        time.sleep(0.1)
    assert app.state.jobs.running() == 0


def test_bad_input_shows_its_message(page):
    page.fill("#an-hand", "EO GO XX")
    page.click("#an-run")
    page.wait_for_selector("#error:not([hidden])")
    assert "XX" in page.text_content("#error")
    page.fill("#an-hand", "EO GO EU GU HA H10 EA G7")
    page.fill("#an-samples", "999999")
    page.click("#an-run")
    page.wait_for_function("document.getElementById('error').textContent.includes('5000')")
    shot(page, "error")


def test_open_deal_play_to_the_end_with_undo(page, server):
    page.click("#tabs button[data-view='deal']")
    page.click("#od-random")
    page.wait_for_selector("#od-board .val")
    assert "#deal=" in page.url
    # every legal card shows its value; the best ones in green
    assert page.locator("#od-board .val.best").count() >= 1
    first = page.locator("#od-board button.card.legal").first.get_attribute("data-card")
    page.click(f"#od-board button.card[data-card='{first}']")
    page.wait_for_function("document.querySelectorAll('#od-board .centre .card').length === 1")
    page.click("#od-undo")
    page.wait_for_function("document.querySelectorAll('#od-board .centre .card').length === 0")
    # card by card: the best card, then a worse one if there is one, then undo it
    for _ in range(5):
        page.click("#od-best")
        page.wait_for_timeout(100)
        page.wait_for_selector("#od-board .val")
    shot(page, "open-deal")
    page.click("#od-line")
    page.wait_for_function("document.getElementById('od-status').textContent.includes('finished')")
    assert page.locator("#od-tricks .trick").count() == 8
    page.click("#od-undo")
    page.wait_for_selector("#od-board .val")
    assert "to play" in page.text_content("#od-status")
    # the address shares the position: a new tab opens it where it stands
    url = page.url
    other = page.context.new_page()
    other.goto(url)
    other.wait_for_selector("#od-board .val")
    assert other.text_content("#od-status") == page.text_content("#od-status")
    other.close()


def test_open_deal_from_a_link_and_pasted_hands(page, server):
    page.click("#tabs button[data-view='deal']")
    page.click("#od-setup summary")
    page.select_option("#od-contract", "wenz")
    for seat, hand in enumerate(WENZ["deal"]):
        page.fill(f"#od-h{seat}", hand)
    page.click("#od-start")
    page.wait_for_selector("#od-board .val")
    assert "value 120" in page.text_content("#od-status")
    page.fill("#od-h1", "SU EO")
    page.click("#od-start")
    page.wait_for_selector("#error:not([hidden])")
    assert "seat 1" in page.text_content("#error") or "cards" in page.text_content("#error")


def test_a_link_shows_its_settings_in_the_form(page, server):
    """A position opened from its link sets the form to it (the declarer,
    the leader, the called Sau, the hands), not to the form's defaults."""
    hands = random_deal(random.Random(3), "schafkopf")
    pos = position_json("schafkopf", "sauspiel", hands, declarer=1, leader=3, called=None)
    pos["called"] = "EGHS"[callable_suits(hands[1])[0]]
    link = base64.urlsafe_b64encode(json.dumps(pos).encode()).decode().rstrip("=")
    page.goto(server + "/#deal=" + link)
    page.reload()  # the page read its address when it loaded; a new hash alone is no new load
    page.wait_for_selector("#od-board .val")
    assert "seat 3 to play" in page.text_content("#od-status")
    assert page.input_value("#od-contract") == "sauspiel"
    assert (page.input_value("#od-declarer"), page.input_value("#od-leader")) == ("1", "3")
    assert page.input_value("#od-called") == pos["called"]
    assert [page.input_value(f"#od-h{s}") for s in range(4)] == pos["deal"]


def blunder_record() -> tuple[dict, int]:
    """A random solo played optimally, except one card that turns the game
    (best play keeps its side on one side of 61, the card played does not):
    a known "??", and its index in the play."""
    import random

    from stichfest import solve
    from stichfest.deals import random_position
    for seed in range(100):
        pos = random_position(random.Random(seed), "schafkopf", "solo")
        blunder = None
        while True:
            result = solve(pos)
            if not result.moves:
                break
            card = result.pv[0]
            if blunder is None:
                won = result.value >= 61
                turning = [c for c, v in result.moves.items() if (v >= 61) != won]
                if turning:
                    card, blunder = turning[0], len(pos.play)
            pos = pos.with_play(pos.play + (card,))
        if blunder is not None:
            return pos.to_json(), blunder
    raise AssertionError("no deal with a game-turning card")


def test_review_marks_a_known_blunder(page):
    meta = page.evaluate("META")
    if not meta["review"]:
        pytest.skip("stichfest.analysis.review is not in this build yet (the review view needs review_game)")
    record, index = blunder_record()
    page.click("#tabs button[data-view='review']")
    page.fill("#rv-record", json.dumps(record))
    page.click("#rv-run")
    page.wait_for_selector("#rv-table")
    cell = page.locator(f"#rv-table td[data-step='{index}']")
    assert "??" in cell.text_content() and record["play"][index] in cell.text_content()
    # the page opens on the blunder: its card highlighted, every legal card's value shown
    assert f"played {record['play'][index]} ??" in page.text_content("#rv-detail")
    page.wait_for_selector("#rv-board .card.now")
    assert page.locator("#rv-board .val").count() >= 2
    shot(page, "review")
    page.click("#rv-next")
    page.wait_for_function(f"!document.getElementById('rv-detail').textContent.startsWith('Card {index + 1} ')")
    page.click("#rv-back")
    page.click("#rv-prev")
    page.wait_for_selector("#rv-board .card")
    # a bad record next: its error, and nothing of the old review left to step through
    page.fill("#rv-record", "garbage")
    page.click("#rv-run")
    page.wait_for_selector("#error:not([hidden])")
    assert page.locator("#rv-board .card").count() == 0 and page.text_content("#rv-result") == ""


def test_review_on_the_players_information_shows_its_estimate(page):
    record, index = blunder_record()
    record = dict(record, play=record["play"][:index + 1])  # up to the blunder: one card judged, quickly
    page.click("#tabs button[data-view='review']")
    page.fill("#rv-record", json.dumps(record))
    page.check("#rv-info")
    page.fill("#rv-samples", "5")
    page.click("#rv-run")
    page.wait_for_selector("#rv-table")
    page.locator(f"#rv-table td[data-step='{index}']").click()
    page.wait_for_function("document.getElementById('rv-detail').textContent.includes('From what he saw (5 deals)')")


def turning_by_a_few_points() -> dict:
    """A Schafkopf position where a legal card costs fewer than 10 points
    against the best yet crosses 61 (it turns a won game into a lost one)."""
    from stichfest import solve
    from stichfest.deals import random_position
    for seed in range(400):
        rng = random.Random(seed)
        pos = random_position(rng, "schafkopf", "solo", played=rng.randrange(4, 24))
        result = solve(pos, pv=False)
        if result.to_move not in pos.maximizing_seats:
            continue
        best = max(result.moves.values())
        if best >= 61 and any(52 <= v < 61 for v in result.moves.values()):
            return pos.to_json()
    raise AssertionError("no such position in 400 deals")


def test_a_card_that_turns_the_outcome_is_red_however_few_points_it_costs(page, server):
    pos = turning_by_a_few_points()
    link = base64.urlsafe_b64encode(json.dumps(pos).encode()).decode().rstrip("=")
    page.goto(server + "/#deal=" + link)
    page.reload()
    page.wait_for_selector("#od-board .val")
    badges = page.locator("#od-board .val")
    marks = {badges.nth(i).text_content(): badges.nth(i).get_attribute("class") for i in range(badges.count())}
    turning = [v for v in marks if 52 <= int(v) < 61]
    assert turning and all("bad" in marks[v] for v in turning), marks


def test_a_link_that_is_cut_short_says_so(page, server):
    page.goto(server + "/#deal=garbage")
    page.reload()
    page.wait_for_selector("#error:not([hidden])")
    assert "the link's position could not be read" in page.text_content("#error")


@pytest.fixture
def phone(browser, server):
    """The page on a phone's screen (390 x 844)."""
    pg = browser.new_page(viewport={"width": 390, "height": 844})
    pg.goto(server + "/")
    pg.wait_for_selector("body[data-ready='1']")
    yield pg
    pg.close()


def test_a_phone_keeps_every_view_within_its_width(phone):
    for view in ("announce", "deal", "review", "tout"):
        phone.click(f"#tabs button[data-view='{view}']")
        if view == "deal":
            phone.click("#od-random")
            phone.wait_for_selector("#od-board .val")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390, view


def test_tout_and_puzzle(page):
    page.click("#tabs button[data-view='tout']")
    page.select_option("#to-contract", "wenz")
    for card in "EU GU HU SU EA E10 EK EO".split():
        page.click(f"#to-deck button[data-card='{card}']")
    page.click("#to-run")
    page.wait_for_selector("#to-verdict")
    assert page.text_content("#to-verdict") == "Guaranteed"
    assert "Plan:" in page.text_content("#to-result pre")
    page.fill("#pz-seed", "1")
    page.click("#pz-run")
    page.wait_for_selector("#pz-board button.card.legal")
    assert "which card" in page.text_content("#pz-question")
    assert "Score after" in page.text_content("#pz-question") and "Goal:" in page.text_content("#pz-question")
    page.locator("#pz-board button.card.legal").first.click()
    assert page.text_content("#pz-answer")
    page.click("#pz-reveal")
    page.wait_for_selector("#pz-svg svg")
    assert "Solution" in page.text_content("#pz-answer")
    shot(page, "tout-puzzle")


def _link(pos: dict) -> str:
    return "#deal=" + base64.urlsafe_b64encode(json.dumps(pos).encode()).decode().rstrip("=")


def test_a_link_pasted_into_an_open_tab_shows_its_position(page, server):
    """README: the address holds the position, so a link shares it; pasted
    into a tab where the page is open already, it changes only the #."""
    page.click("#tabs button[data-view='deal']")
    page.click("#od-random")
    page.wait_for_selector("#od-board .val")
    page.click("#tabs button[data-view='announce']")
    page.evaluate(f"location.hash = {_link(WENZ)!r}")
    page.wait_for_function("document.getElementById('od-status').textContent.includes('value 120')")
    assert page.is_visible("#view-deal")
    page.evaluate("location.hash = '#deal=bnVsbA'")  # base64url of: null
    page.wait_for_selector("#error:not([hidden])")
    assert "the link holds no position" in page.text_content("#error")


def test_on_a_phone_an_error_shows_where_the_player_looks(phone):
    phone.fill("#an-hand", "EO GO EU GU HA H10 EA")  # seven cards
    phone.locator("#an-run").scroll_into_view_if_needed()
    phone.click("#an-run")
    phone.wait_for_selector("#error:not([hidden])")
    phone.wait_for_function("(() => { const r = document.getElementById('error').getBoundingClientRect();"
                            " return r.top >= 0 && r.bottom <= window.innerHeight; })()")
    assert "8 cards" in phone.text_content("#error")


def test_a_contract_without_its_declarer_is_refused_not_ignored(page):
    """As the command line refuses --contract without --declarer: a Contract
    field left beside Declarer "me" must not quietly give the viewer's own table."""
    page.fill("#an-hand", "EA E10 GK G9 HA H9 S10 S8")
    page.fill("#an-contract", "solo-E")
    page.click("#an-run")
    page.wait_for_selector("#error:not([hidden])")
    assert "choose the Declarer seat too" in page.text_content("#error")
    assert page.text_content("#an-result") == ""


def test_ramsch_names_the_seat_under_study_not_a_declarer(page):
    page.click("#tabs button[data-view='deal']")
    page.select_option("#od-contract", "ramsch")
    page.click("#od-random")
    page.wait_for_selector("#od-board .val")
    status = page.text_content("#od-status")
    assert "(under study) holds itself to" in status and "declaring party" not in status
    assert "(under study)" in page.text_content("#od-board") and "(declarer)" not in page.text_content("#od-board")


def test_a_scharwenzel_review_colours_the_cards_it_calls_best(page):
    """Counted in tricks, only the level pays: the review's best card may take
    fewer tricks than another (test_scharwenzel_scoring), and the board
    colours by the review's verdict, not by the most tricks."""
    from test_scharwenzel_scoring import MORE_TRICKS_LESS_SCORE
    record = {"game": "scharwenzel", "contract": "trump", "trump": "C", "declarer": 1, "leader": 1,
              "deal": MORE_TRICKS_LESS_SCORE, "play": ["SA"]}
    page.click("#tabs button[data-view='review']")
    page.fill("#rv-record", json.dumps(record))
    page.click("#rv-run")
    page.wait_for_selector("#rv-board .val")
    slots = page.locator("#rv-board .slot:has(.val)")
    colours = {slots.nth(i).locator(".card").get_attribute("data-card"): slots.nth(i).locator(".val").get_attribute("class")
               for i in range(slots.count())}
    values = {c: int(slots.nth(i).locator(".val").text_content()) for i, c in enumerate(colours)}
    assert "best" in colours["SA"] and "a best card" in page.text_content("#rv-detail")
    more = [c for c in values if values[c] > values["SA"]]
    assert more and all("bad" in colours[c] for c in more), (colours, values)


def test_enter_in_a_field_runs_its_form(page):
    page.fill("#an-hand", "EO GO XX")
    page.press("#an-hand", "Enter")
    page.wait_for_selector("#error:not([hidden])")
    assert "XX" in page.text_content("#error")
    # Open deal's settings deal at random (its main button sits in the closed hands section)
    page.click("#tabs button[data-view='deal']")
    page.fill("#od-seed", "7")
    page.press("#od-seed", "Enter")
    page.wait_for_selector("#od-board .val")
    assert page.is_hidden("#error")


def test_a_link_with_padding_opens_and_one_with_a_stray_character_says_so(page, server):
    link = _link(WENZ)
    page.evaluate(f"location.hash = {link + '=='!r}")
    page.wait_for_function("document.getElementById('od-status').textContent.includes('value 120')")
    page.evaluate(f"location.hash = {link + '.'!r}")
    page.wait_for_selector("#error:not([hidden])")
    assert "the link's position could not be read" in page.text_content("#error")


def test_figures_round_as_the_command_line_does(page):
    """Python prints an exact tie to the even digit (113.25 -> 113.2); toFixed rounds it up."""
    cases = [(113.25, 1), (113.35, 1), (-113.25, 1), (0.15, 1), (2.5, 0), (3.5, 0), (-0.05, 1), (0.125, 2)]
    got = page.evaluate(f"{[list(c) for c in cases]}.map(([x, d]) => fixed(x, d))")
    assert got == [format(x, f".{d}f") for x, d in cases]


def test_three_players_offer_three_seats_and_the_24_cards(page):
    page.select_option("#an-players", "3")
    assert page.locator("#an-seat option").count() == 3 and page.locator("#an-deck button").count() == 24
    assert page.locator("#an-deck button[data-card='E7']").count() == 0
    page.select_option("#an-players", "")
    assert page.locator("#an-seat option").count() == 4 and page.locator("#an-deck button").count() == 32
    page.click("#tabs button[data-view='deal']")
    page.click("#od-setup summary")
    page.select_option("#od-players", "3")
    assert page.is_hidden("#od-h3") and page.is_visible("#od-h2")
    assert page.locator("#od-declarer option").count() == 3 and page.locator("#od-deck button").count() == 24
    page.click("#od-random")
    page.wait_for_selector("#od-board .val")
    assert page.locator("#od-board .seat").count() == 3


@pytest.mark.parametrize("players", [6, 8])
def test_six_and_eight_players_sit_round_the_table_in_playing_order(page, server, players):
    hands = random_deal(random.Random(5), "scharwenzel", players)
    pos = position_json("scharwenzel", "trump", hands, declarer=0, leader=0, trump=2)
    pos["play"] = [str(hands[0][0])]  # a trick card of seat 0's on the table
    page.goto(server + "/" + _link(pos))
    page.reload()
    page.wait_for_selector("#od-board .val")
    centre = {}
    for seat in range(players):
        box = page.locator(f"#od-board .seat-{seat}").bounding_box()
        centre[seat] = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    bottom, top = centre[0], centre[players // 2]
    assert bottom[1] > top[1] and abs(bottom[0] - top[0]) < 5  # seat 0 below, the one opposite above
    # clockwise from the bottom: the seats after 0 go up the left side, those before it down the right
    left, right = centre[1], centre[players - 1]
    assert left[0] < bottom[0] < right[0]
    ys = [centre[s][1] for s in range(players // 2 + 1)]
    assert all(a >= b for a, b in zip(ys, ys[1:])), ys
    trick = page.locator("#od-board .centre .played").bounding_box()
    middle = page.locator("#od-board .centre").bounding_box()
    assert trick["y"] + trick["height"] / 2 > middle["y"] + middle["height"] / 2  # seat 0's card on its side
    shot(page, f"open-deal-{players}-players")
    # the form shows the position: its players, a hand field for each seat
    page.click("#od-setup summary")
    assert page.input_value("#od-players") == str(players)
    assert page.is_visible(f"#od-h{players - 1}") and (players == 8 or page.is_hidden(f"#od-h{players}"))
    assert page.input_value("#od-h5") == " ".join(map(str, hands[5]))
    page.click("#od-random")  # a new deal for as many players
    page.wait_for_function(f"document.querySelectorAll('#od-board .seat').length === {players}"
                           " && !document.getElementById('od-status').textContent.startsWith('solving')")


def test_the_page_loads_without_errors_or_missing_files(browser, server):
    pg = browser.new_page()
    bad: list[str] = []
    pg.on("response", lambda r: bad.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    pg.on("console", lambda m: bad.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    pg.on("pageerror", lambda e: bad.append(f"page error: {e}"))
    try:
        pg.goto(server + "/")
        pg.wait_for_selector("body[data-ready='1']")
        pg.wait_for_timeout(300)  # the icon is asked for after the page
        assert not bad, bad
    finally:
        pg.close()
