//! The position text, the move notation's disambiguation and long form, and PGN read and
//! written, with bad input refused with its place and reason.

use kifu_core::format::{build, Format};
use kifu_core::record::{Actor, ChanceMode, Header, Record};
use kifu_core::replay::Replay;

use super::{game, play, play_all, sans};
use crate::{fen, FORMAT};

#[test]
fn the_start_position_text() {
    let start = fen::start_text();
    assert_eq!(
        start,
        "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/8/8 w KQkq - 0 1"
    );
    assert_eq!(fen::write(&fen::parse(&start).unwrap()), start);
}

#[test]
fn a_double_step_shows_its_square_in_the_position_text() {
    let mut s = game(None);
    play(&mut s, "1e2-3e4").unwrap();
    let text = fen::write(&s.position);
    assert_eq!(
        text,
        "8/8/8/8/8/8/PPPP1PPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/4P3/8/8/8 b KQkq 2e3 0 1"
    );
    assert_eq!(fen::write(&fen::parse(&text).unwrap()), text);
}

#[test]
fn bad_position_texts_are_refused_with_the_reason() {
    let cases = [
        (
            "8/8/8/8/8/8/8/K7|7k/8/8/8/8/8/8/8 w - - 0 1",
            "three boards joined by '|' (levels 1, 2, 3), not 2",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - 1e3 0 1",
            "the en passant square 1e3 is not a square a black pawn just passed over",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|1P5k/8/8/8/8/8/8/8 w - - 0 1",
            "a white pawn on 3b8, where it would have promoted",
        ),
        (
            "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w K - 0 1",
            "castling right 'K' needs the white king and rook on their home squares",
        ),
        (
            "8/8/7R/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1",
            "black is in check with white to move",
        ),
        (
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/9 w - - 0 1",
            "level 3: '9' is no man",
        ),
    ];
    for (text, reason) in cases {
        assert_eq!(fen::parse(text).unwrap_err(), reason, "{text}");
    }
}

#[test]
fn rivals_are_told_apart_by_file_or_by_the_whole_square() {
    let s = game(Some(
        "K7/8/8/8/8/8/8/1N6|8/8/8/8/8/8/8/R6R|7k/8/8/8/8/8/8/1N6 w - - 0 1",
    ));
    let moves = sans(&s);
    for m in ["Ra2d1", "Rh2d1", "N1b1-2d1", "N3b1-2d1", "R2a2", "N1c3"] {
        assert!(moves.contains(m), "{m} in {moves:?}");
    }
    let s = game(Some(
        "K7/8/8/8/3P4/4P3/8/8|8/8/8/4n3/8/8/4P3/8|7k/8/8/8/3P4/8/8/8 w - - 0 1",
    ));
    let moves = sans(&s);
    for m in ["1e3-2e3", "2e2-2e3", "1d4x2e5", "3d4x2e5", "2e4"] {
        assert!(moves.contains(m), "{m} in {moves:?}");
    }
    // The short form that fits two moves is not taken.
    let mut t = s.clone();
    assert_eq!(
        play(&mut t, "2e3"),
        Err("'2e3' is not a legal move for white here".into())
    );
    assert_eq!(play(&mut t, "2e2-2e3"), Ok("2e2-2e3".into()));
}

#[test]
fn the_long_form_is_read_and_the_canonical_text_kept() {
    let mut s = game(None);
    assert_eq!(play(&mut s, "1g1-3g2"), Ok("N3g2".into()));
    assert_eq!(play(&mut s, "3e73e5"), Ok("3e5".into()));
    assert_eq!(
        play(&mut s, "N3g2x3e5"),
        Err("'N3g2x3e5' is not a legal move for white here".into())
    );
}

fn record_of(moves: &str) -> Record {
    let header = Header::new(
        "millennium3d",
        1,
        vec!["Ann".into(), "Bob".into()],
        ChanceMode::Observed,
    );
    let mut replay = Replay::start(crate::registry(), &header).unwrap();
    let mut record = Record::new(header);
    for m in moves.split_whitespace() {
        record
            .entries
            .push(replay.play(None, m, None).unwrap_or_else(|e| panic!("{m}: {e}")));
    }
    record
}

#[test]
fn pgn_is_written_with_the_variant_tag_and_read_back() {
    let record = record_of("1e4 3e5 N1f3 resign");
    let text = FORMAT.write(&record).unwrap();
    assert_eq!(
        text,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\
         [Result \"1-0\"]\n[Variant \"Millennium 3D\"]\n\n1. 1e4 3e5 2. N1f3 1-0\n\n"
    );
    let draft = FORMAT.read(&text).remove(0).unwrap();
    let rebuilt = build(crate::registry(), &draft, None).unwrap();
    assert_eq!(rebuilt.entries, record.entries);
    assert_eq!(
        rebuilt.entries.last().map(|e| (e.actor, e.command.as_str())),
        Some((Actor::Seat(1), "resign"))
    );
}

#[test]
fn pgn_comments_and_glued_move_numbers_are_skipped() {
    let text = "[Variant \"Millennium 3D\"]\n[White \"D'Agostino\"]\n\n1.B2b2 {the bishop rises} Q2e7 ; to level 2\n2. R2a1 $1 2...R2b8 *\n";
    let draft = FORMAT.read(text).remove(0).unwrap();
    let moves: Vec<&str> = draft.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(moves, ["B2b2", "Q2e7", "R2a1", "R2b8"]);
    let record = build(crate::registry(), &draft, None).unwrap();
    let mut s = game(None);
    play_all(&mut s, "B2b2 Q2e7 R2a1 R2b8");
    assert_eq!(record.entries.len(), 4);
    assert_eq!(record.header.players, ["D'Agostino", "?"]);
}

#[test]
fn bad_pgn_is_refused_with_its_place() {
    let no_variant = FORMAT.read("[White \"A\"]\n\n1. 1e4 *\n");
    assert_eq!(
        no_variant[0].as_ref().unwrap_err().to_string(),
        "game 1, line 1: no Variant tag: a game here has [Variant \"Millennium 3D\"]"
    );
    let variation = FORMAT.read("[Variant \"Millennium 3D\"]\n\n1. 1e4 (1. 1d4) *\n");
    assert_eq!(
        variation[0].as_ref().unwrap_err().to_string(),
        "game 1, line 3: variations are not read in millennium3d-pgn"
    );
    let illegal = FORMAT
        .read("[Variant \"Millennium 3D\"]\n\n1. 1e4 3e5 2. 3e4 *\n")
        .remove(0)
        .unwrap();
    let err = build(crate::registry(), &illegal, None).unwrap_err().to_string();
    assert!(
        err.contains("line 3") && err.contains("'3e4' is not a legal move for white here"),
        "{err}"
    );
}

#[test]
fn the_picture_names_every_square_and_draws_every_man() {
    use kifu_core::rules::{Rules, View};
    let svg = crate::Millennium3d.svg(&game(None), View::Full).unwrap();
    assert_eq!(svg.matches("data-cell=").count(), 192);
    assert!(svg.contains(r#"data-cell="1e1""#) && svg.contains(r#"data-cell="3h8""#));
    assert_eq!(svg.matches("class=\"pc white\"").count(), 16);
    assert_eq!(svg.matches("class=\"pc black\"").count(), 16);
    assert!(!svg.contains(r#"class="check""#));
    let checked = game(Some("8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|R6k/8/8/8/8/8/8/8 b - - 0 1"));
    let svg = crate::Millennium3d.svg(&checked, View::Full).unwrap();
    assert_eq!(svg.matches(r#"class="check""#).count(), 1);
}
