"""The pages `kifu serve` serves, in a real headless Chromium: the front page starts a game and
shows its tokens once; chess and Senet recorded by tapping on a phone-sized page appear live in
a second page that follows; a refusal is said in words, a conflict is shown and caught up, a
correction withdraws entries; Renju's forbidden points and Condottiere's map and hands are
shown. Every board is the server's SVG picture (the game's Rust renderer), with only the marks
of interaction added by the page; a game with no picture shows its text and its choices as
buttons. Tokens never reach the server in a URL (its log is checked)."""

import re

from playwright.sync_api import expect

PHONE = True


def entries(page):
    return page.locator("#moves .entry")


def cells_of(svg_text):
    """The (data-cell, data-x, data-y) of every cell of an SVG picture, in order."""
    return re.findall(r'data-cell="([^"]*)" data-x="([^"]*)" data-y="([^"]*)"', svg_text)


def assert_shows_the_server_picture(page, server, record, token=None):
    """The page's board is the server's own picture of the position: the same view box and
    the same cells at the same places, and no other board drawn beside it."""
    status, position = server.call(f"/v1/records/{record}", token=token)
    assert status == 200 and position["svg"], position
    expect(page.locator("#board > svg")).to_have_count(1)
    expect(page.locator("#board svg svg, #board pre")).to_have_count(0)
    view_box = re.search(r'viewBox="([^"]*)"', position["svg"]).group(1)
    expect(page.locator("#board > svg")).to_have_attribute("viewBox", view_box)
    shown = page.eval_on_selector_all(
        "#board [data-cell]", "cells => cells.map(c => [c.getAttribute('data-cell'), c.getAttribute('data-x'), c.getAttribute('data-y')])")
    assert [tuple(c) for c in shown] == cells_of(position["svg"])


def test_the_front_page_starts_a_game_and_shows_its_tokens_once(server, pages):
    page = pages.open(server.base + "/", PHONE)
    page.select_option("#new-game", "chess")
    names = page.locator("#new-players input")
    expect(names).to_have_count(2)
    names.nth(0).fill("Ann Front")
    names.nth(1).fill("Ben Front")
    page.fill("#new-event", "Club night")
    page.click("#new-form button.primary")
    links = page.locator("#created a.token-link")
    expect(links).to_have_count(3)
    who = [page.locator("#created li").nth(i).get_attribute("data-who") for i in range(3)]
    assert who == ["arbiter", "p1", "p2"]
    hrefs = [links.nth(i).get_attribute("href") for i in range(3)]
    assert all(re.search(r"/r/[0-9a-f]{32}#token=[0-9a-f]{32}$", h) for h in hrefs), hrefs
    pages.shot(page, "created")

    # The list finds it by player and by tag, and links to its viewer.
    page.fill("#filter-player", "Ann Front")
    page.click("#filter button")
    expect(page.locator("#list a.record-link")).to_have_count(1)
    page.fill("#filter-player", "")
    page.fill("#filter-tag", "Event=Club night")
    page.select_option("#filter-game", "chess")
    page.click("#filter button")
    expect(page.locator("#list a.record-link")).to_have_count(1)

    # The seat's link opens the recorder; the token leaves the address bar.
    recorder = pages.open(hrefs[1], PHONE)
    expect(recorder.locator("#recorder h2")).to_contain_text("for p1 (Ann Front)")
    assert "#token" not in recorder.url
    expect(recorder.locator("#legal button")).to_have_count(22)  # 20 moves, resign, a draw offer
    pages.shot(recorder, "recorder")
    token = hrefs[1].split("#token=")[1]
    assert token not in server.logged()


def test_chess_tapped_on_phones_appears_live_in_a_follower(server, pages):
    made = server.create(game="chess", players=["Ann", "Ben"])
    record, tokens = made["id"], made["tokens"]
    base = f"{server.base}/r/{record}"
    follower = pages.open(base)
    expect(follower.locator(".chessboard [data-cell]")).to_have_count(64)
    expect(follower.locator('[data-cell="e1"] text.pc.white')).to_have_count(1)
    expect(follower.locator('[data-cell="d8"] text.pc.black')).to_have_count(1)
    expect(follower.locator("#live")).to_have_text("live")
    expect(follower.locator("#recorder")).to_be_hidden()
    assert_shows_the_server_picture(follower, server, record)
    expect(follower.locator("#board.flipped")).to_have_count(0)

    white = pages.open(f"{base}#token={tokens['p1']}", PHONE)
    black = pages.open(f"{base}#token={tokens['p2']}", PHONE)
    expect(white.locator("#recorder h2")).to_contain_text("for p1 (Ann)")
    white.click('[data-cell="e2"]')
    expect(white.locator('[data-cell="e4"] .target')).to_have_count(1)
    expect(white.locator('[data-cell="e2"].sel')).to_have_count(1)
    white.click('[data-cell="e4"]')
    expect(white.locator("#recorder-message")).to_contain_text("Entered p1 (Ann): e4 (entry 1)")
    expect(entries(follower)).to_have_count(2)
    expect(follower.locator('[data-cell="e4"] text.pc.white')).to_have_count(1)
    expect(follower.locator(".chessboard .cell.last")).to_have_count(2)
    expect(follower.locator('.chessboard .cell.last[data-cell="e2"]')).to_have_count(1)
    assert_shows_the_server_picture(follower, server, record)

    # Black's recorder sees the board turned; the cells are the same picture's.
    expect(black.locator("#status")).to_have_text("p2 (Ben) to act")
    expect(black.locator("#board.flipped")).to_have_count(1)
    assert_shows_the_server_picture(black, server, record, tokens["p2"])
    black.click('[data-cell="e7"]')
    black.click('[data-cell="e5"]')
    expect(entries(follower)).to_have_count(3)
    pages.shot(black, "black-phone")

    # A second phone for white that hears nothing live: its move meets white's Nf3 first.
    stale = white.context.new_page()
    stale.route("**/stream*", lambda route: route.abort())
    stale.goto(base)
    expect(stale.locator("#recorder h2")).to_contain_text("for p1 (Ann)")
    expect(entries(stale)).to_have_count(3)
    white.click('[data-cell="g1"]')
    white.click('[data-cell="f3"]')
    expect(entries(follower)).to_have_count(4)
    stale.click('[data-cell="d2"]')
    stale.click('[data-cell="d4"]')
    expect(stale.locator("#recorder-message")).to_contain_text("Someone else recorded first: the record is at entry 3 now")
    expect(entries(stale)).to_have_count(4)
    expect(stale.locator("#moves")).to_contain_text("Nf3")
    pages.shot(stale, "conflict")

    # The arbiter: a refusal in words, then a correction that withdraws Nf3.
    arbiter = pages.open(f"{base}#token={tokens['arbiter']}", PHONE)
    expect(arbiter.locator("#recorder h2")).to_contain_text("as the arbiter")
    arbiter.fill("#typed-command", "p2:Qxf7")
    arbiter.click("form.typed button")
    message = arbiter.locator("#recorder-message")
    expect(message).to_contain_text("The rules refuse p2 (Ben): Qxf7 (entry 4): ")
    expect(message).to_have_class(re.compile("refused"))
    arbiter.click("details.correct summary")
    arbiter.fill("#correct-seq", "2")
    arbiter.fill("#correct-reason", "the knight was never moved")
    arbiter.click("details.correct button")
    expect(arbiter.locator("#recorder-message")).to_contain_text("(entry 4)")
    expect(entries(follower)).to_have_count(5)
    expect(follower.locator('#moves .entry[data-seq="3"]')).to_have_class(re.compile("withdrawn"))
    expect(follower.locator('[data-cell="g1"] text.pc.white')).to_have_count(1)
    pages.shot(follower, "follower")

    # Stepping back shows the position then; the latest is one tap away.
    follower.click('#moves .entry[data-seq="1"] button')
    expect(follower.locator("#where")).to_have_text("entry 1 of 4")
    expect(follower.locator('[data-cell="e7"] text.pc.black')).to_have_count(1)
    follower.click("#last")
    expect(follower.locator("#where")).to_have_text("entry 4 (latest)")

    logged = server.logged()
    for token in tokens.values():
        assert token not in logged


def test_senet_throws_and_moves_are_recorded_and_followed(server, pages):
    made = server.create(game="senet", players=["Ann", "Ben"])
    base = f"{server.base}/r/{made['id']}"
    follower = pages.open(base)
    expect(follower.locator(".senet [data-cell]")).to_have_count(30)
    expect(follower.locator(".senet .piece")).to_have_count(10)
    expect(follower.locator("#live")).to_have_text("live")
    assert_shows_the_server_picture(follower, server, made["id"])

    table = pages.open(f"{base}#token={made['tokens']['arbiter']}", PHONE)
    throws = table.locator('#legal button[data-actor="chance"]')
    expect(throws).to_have_count(5)
    table.click('#legal button[data-actor="chance"][data-command="2"]')
    expect(entries(follower)).to_have_count(2)
    expect(follower.locator(".extra")).to_contain_text("p1 (Ann) threw 2")

    move = table.locator('#legal button[data-actor="p1"]').first
    expect(move).to_be_visible()
    command = move.get_attribute("data-command")
    table.click(f'.senet [data-cell="{command.split("-")[0]}"]')
    expect(entries(follower)).to_have_count(3)
    expect(follower.locator("#moves")).to_contain_text(command)
    destination = command.split("-")[1]
    expect(follower.locator(f'.senet [data-cell="{destination}"] .piece.p1')).to_have_count(1)
    expect(follower.locator(".senet .sq.last")).to_have_count(2)
    pages.shot(follower, "follower")
    pages.shot(table, "table")


def test_renju_marks_the_last_stone_and_black_s_forbidden_points(server, pages):
    made = server.create(game="renju", players=["Ann", "Ben"])
    server.play(made["id"], made["tokens"]["arbiter"], "p1:f8", "p2:a1", "p1:g8", "p2:a3", "p1:h6", "p2:a5", "p1:h7", "p2:a7")
    base = f"{server.base}/r/{made['id']}"
    follower = pages.open(base)
    expect(follower.locator(".goban .stone")).to_have_count(8)
    expect(follower.locator('[data-cell="a7"] .last-mark')).to_have_count(1)
    expect(follower.locator('[data-cell="h8"] .forbidden')).to_have_count(1)
    expect(follower.locator(".goban .forbidden")).to_have_count(1)
    assert_shows_the_server_picture(follower, server, made["id"])
    pages.shot(follower, "forbidden")

    black = pages.open(f"{base}#token={made['tokens']['p1']}", PHONE)
    expect(black.locator("#recorder h2")).to_contain_text("for p1 (Ann)")
    black.click('.goban [data-cell="j10"]')
    expect(black.locator("#recorder-message")).to_contain_text("Entered p1 (Ann): j10 (entry 9)")
    expect(follower.locator(".goban .stone")).to_have_count(9)
    expect(follower.locator('[data-cell="j10"] .last-mark')).to_have_count(1)
    pages.shot(black, "after-j10")


def test_condottiere_shows_the_map_and_only_the_viewer_s_own_hand(server, pages):
    made = server.create(game="condottiere", players=["Ann", "Ben", "Cid"], random_seed=True)
    base = f"{server.base}/r/{made['id']}"
    ann = pages.open(f"{base}#token={made['tokens']['p1']}", PHONE)
    expect(ann.locator(".italy [data-cell]")).to_have_count(17)
    assert_shows_the_server_picture(ann, server, made["id"], made["tokens"]["p1"])
    # The picture's seat lines: Ann's own ten cards named, the others' hidden.
    seat_lines = ann.locator(".italy text.seat")
    expect(seat_lines).to_have_count(3)
    expect(seat_lines.nth(0)).to_contain_text(re.compile(r"hand (\w+,){9}\w+"))
    expect(seat_lines.nth(1)).to_contain_text("hand ?10")
    follower = pages.open(base)
    expect(follower.locator(".italy text.seat").nth(0)).to_contain_text("hand ?10")

    ann.click('.italy [data-cell="Genova"]')
    expect(ann.locator("#recorder-message")).to_contain_text("choose Genova")
    expect(follower.locator(".italy .region.fought")).to_have_count(1)
    expect(follower.locator(".extra")).to_contain_text("battle for Genova")
    pages.shot(ann, "hand")
    pages.shot(follower, "public")


def test_a_card_game_shows_its_picture_and_its_choices(server, pages):
    """A game whose taps the page does not map (briscola) still shows the server's picture in
    the seat's view, and its recorder enters a listed choice with a button."""
    made = server.create(game="briscola", players=["Ann", "Ben"], random_seed=True)
    ann = pages.open(f"{server.base}/r/{made['id']}#token={made['tokens']['p1']}", PHONE)
    expect(ann.locator("#recorder h2")).to_contain_text("for p1 (Ann)")
    assert_shows_the_server_picture(ann, server, made["id"], token=made["tokens"]["p1"])
    choices = ann.locator("#legal button")
    expect(choices.first).to_be_visible()
    command = choices.first.get_attribute("data-command")
    choices.first.click()
    expect(ann.locator("#recorder-message")).to_contain_text(f"Entered p1 (Ann): {command}")
    pages.shot(ann, "briscola")
