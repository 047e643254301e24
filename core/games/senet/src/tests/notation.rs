//! The senet notation file: reading, writing, errors with their lines, the fixture.

use crate::FORMAT;
use kifu_core::format::{build, Format};
use kifu_core::record::Actor;
use kifu_core::rules::Turn;

const SAMPLE: &str = "\
# a club game
Game: senet
P1: Ann Lee
P2: Bob
Event: Club night
Date: 2026-11-22

p1 2:9-11
p2 3:10-13
p1 1:11-12 2:12-14
p2 4:13-17 5:8-13 3
";

#[test]
fn a_game_reads_to_a_draft_in_entry_order() {
    let drafts = FORMAT.read(SAMPLE);
    assert_eq!(drafts.len(), 1);
    let draft = drafts[0].clone().unwrap();
    assert_eq!(draft.game, "senet");
    assert_eq!(draft.line, 2);
    assert_eq!(draft.players, ["Ann Lee", "Bob"]);
    assert_eq!(draft.tags.get("Event").map(String::as_str), Some("Club night"));
    assert_eq!(draft.tags.get("Date").map(String::as_str), Some("2026-11-22"));
    let texts: Vec<&str> = draft.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(
        texts,
        ["2", "9-11", "3", "10-13", "1", "11-12", "2", "12-14", "4", "13-17", "5", "8-13", "3"]
    );
    assert_eq!(draft.moves[0].actor, None);
    assert_eq!(draft.moves[1].actor, Some(Actor::Seat(0)));
    assert_eq!(draft.moves[3].actor, Some(Actor::Seat(1)));
    assert_eq!(draft.moves[12].line, 11);
    let record = build(crate::registry(), &draft, None).unwrap();
    assert_eq!(record.entries.len(), 13);
    assert_eq!(record.entries[12].actor, Actor::Chance);
}

#[test]
fn writing_and_reading_keep_moves_and_metadata() {
    let draft = FORMAT.read(SAMPLE)[0].clone().unwrap();
    let record = build(crate::registry(), &draft, None).unwrap();
    let text = FORMAT.write(&record).unwrap();
    assert!(text.starts_with("Game: senet\nP1: Ann Lee\nP2: Bob\nDate: 2026-11-22\nEvent: Club night\n\n"));
    assert!(
        text.ends_with("p1 2:9-11\np2 3:10-13\np1 1:11-12 2:12-14\np2 4:13-17 5:8-13\n3\n"),
        "{text}"
    );
    let again = build(crate::registry(), &FORMAT.read(&text)[0].clone().unwrap(), None).unwrap();
    assert_eq!(again.header, record.header);
    assert_eq!(again.entries, record.entries);
}

#[test]
fn a_start_position_and_a_pending_throw_round_trip() {
    let text = "\
Game: senet
Start: ........../........../.......xoo p2:3
p2 30-off
p1 2:pass
p2 5:pass 2:29-off
";
    let draft = FORMAT.read(text)[0].clone().unwrap();
    assert_eq!(draft.moves[0].text, "30-off");
    let record = build(crate::registry(), &draft, None).unwrap();
    assert_eq!(
        record.header.start.as_deref(),
        Some("........../........../.......xoo p2:3")
    );
    let written = FORMAT.write(&record).unwrap();
    assert!(
        written.contains("p2 30-off\np1 2:pass\np2 5:pass 2:29-off\n# p2 wins"),
        "{written}"
    );
    let again = build(crate::registry(), &FORMAT.read(&written)[0].clone().unwrap(), None).unwrap();
    assert_eq!(again.entries, record.entries);
    assert_eq!(again.header.start, record.header.start);
}

#[test]
fn several_games_and_a_bad_one_among_them() {
    let text = "\
Game: senet
p1 2:9-11
Game: senet
Event: broken
p1 2:9-11 :10-12
Game: senet
P1: Cy
p1 3
";
    let drafts = FORMAT.read(text);
    assert_eq!(drafts.len(), 3);
    assert!(drafts[0].is_ok());
    let error = drafts[1].clone().unwrap_err();
    assert_eq!((error.game, error.line), (Some(2), Some(5)));
    assert!(error.reason.contains("before the colon"), "{}", error.reason);
    let third = drafts[2].clone().unwrap();
    assert_eq!(third.players, ["Cy", "?"]);
    assert_eq!(third.line, 6);
}

#[test]
fn a_file_without_a_game_reads_as_no_games() {
    assert!(FORMAT.read("# only a comment\n\n").is_empty());
}

#[test]
fn header_mistakes_name_their_line() {
    for (text, line, why) in [
        ("Game: chess\n", 1, "cannot hold"),
        ("Event: a\nEvent: b\n", 2, "twice"),
        ("P1:\n", 1, "no value"),
        ("Option: rules\n", 1, "key=value"),
    ] {
        let error = FORMAT.read(text)[0].clone().unwrap_err();
        assert_eq!(error.line, Some(line), "{text}");
        assert!(error.reason.contains(why), "{text}: {}", error.reason);
    }
}

#[test]
fn illegal_moves_in_a_file_are_refused_by_the_rules_with_their_line() {
    let text = "Game: senet\np1 2:9-11\np2 7:10-17\n";
    let draft = FORMAT.read(text)[0].clone().unwrap();
    let error = build(crate::registry(), &draft, None).unwrap_err();
    assert_eq!((error.line, error.ply), (Some(3), Some(3)));
    assert!(error.reason.contains("1 to 5"), "{}", error.reason);
    let mislabelled = "Game: senet\np2 2:9-11\n";
    let error = build(crate::registry(), &FORMAT.read(mislabelled)[0].clone().unwrap(), None).unwrap_err();
    assert_eq!(error.line, Some(2));
    assert!(error.reason.contains("p2 may not act"), "{}", error.reason);
}

#[test]
fn the_fixture_game_plays_to_the_end() {
    let text = include_str!("../../../../../fixtures/senet/playout.senet");
    let drafts = FORMAT.read(text);
    assert_eq!(drafts.len(), 1);
    let record = build(crate::registry(), &drafts[0].clone().unwrap(), None).unwrap();
    let replay = kifu_core::replay::verify_record(crate::registry(), &record);
    assert!(replay.failure.is_none(), "{:?}", replay.failure);
    match replay.turn {
        Some(Turn::Over { outcome }) => assert_eq!(outcome.winners, [1]),
        turn => panic!("not over: {turn:?}"),
    }
}

#[test]
fn a_bom_labels_in_capitals_and_an_empty_game_are_read() {
    let text = "\u{feff}Game: senet\nGame: senet\r\nP1: Ann\r\nP1 2:9-11\r\n";
    let drafts = FORMAT.read(text);
    assert_eq!(drafts.len(), 2);
    let empty = drafts[0].clone().unwrap();
    assert!(empty.moves.is_empty());
    let second = drafts[1].clone().unwrap();
    assert_eq!((second.line, second.players[0].as_str()), (2, "Ann"));
    assert_eq!(second.moves[1].actor, Some(Actor::Seat(0)));
    assert_eq!(build(crate::registry(), &second, None).unwrap().entries.len(), 2);
}
