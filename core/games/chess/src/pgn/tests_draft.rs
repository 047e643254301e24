//! Reading straight into drafts (main-line moves handed on while the game is read) gives what
//! reading each whole game and converting it afterwards gives, from the whole text or in pieces.

use super::draft::Drafting;
use super::*;
use kifu_core::format::{decode_text, Draft};

const NASTY: &[u8] = include_bytes!("../../../../../fixtures/pgn/nasty.pgn");
const LENIENT: &[u8] = include_bytes!("../../../../../fixtures/chess/lenient.pgn");
const ORACLE: &[u8] = include_bytes!("../../../../../fixtures/pgn/oracle_python_chess.pgn");

/// Comments, NAGs and nested variations around main-line moves, a null move in a variation and
/// one in the main line, an unknown variant, a variation left open, and a comment holding a tab
/// and a control character.
const HANGING: &str = "[Event \"a\"]\n{before} 1. e4 $1 {after} (1. d4 {v} (1. c4 --) 1... d5) {later} 1... e5 \
2. Nf3!? {x\u{7}y} {z} 2... Nc6 3. -- 1-0\n\n[Variant \"Nonesuch\"]\n1. e4 *\n\n1. e4 {open} (1. d4\n\n\
{only words} *\n\n[Event \"b\"]\n1. e4 e5 { tab\there\u{7} } 2. Qh5 ( 2. Bc4 ) 2... Nc6 $4 $5 3. Bc4 Nf6 4. Qxf7# 1-0\n";

fn texts() -> Vec<String> {
    let mut texts: Vec<String> = [NASTY, LENIENT, ORACLE]
        .iter()
        .map(|bytes| decode_text(bytes).unwrap().0)
        .collect();
    texts.push(HANGING.to_string());
    texts
}

/// Each game read whole, then converted.
fn converted(text: &str) -> Vec<Result<Draft, FormatError>> {
    games(text).map(|game| Drafting::default().finish(game?)).collect()
}

#[test]
fn drafts_read_straight_are_the_games_converted() {
    for text in texts() {
        let straight: Vec<_> = drafts(&text).collect();
        assert_eq!(straight, converted(&text));
        assert!(straight.iter().any(|d| d.as_ref().is_ok_and(|d| d.moves.len() > 2)));
    }
    let hanging: Vec<_> = drafts(HANGING).collect();
    let reasons: Vec<String> = hanging
        .iter()
        .filter_map(|d| d.as_ref().err())
        .map(|e| e.reason.clone())
        .collect();
    assert!(
        reasons.iter().any(|r| r.starts_with("'--': a null move")),
        "{reasons:?}"
    );
    assert!(
        reasons.iter().any(|r| r.contains("unknown Variant 'Nonesuch'")),
        "{reasons:?}"
    );
    let last = hanging.last().unwrap().as_ref().unwrap();
    let notes: Vec<&str> = last
        .moves
        .iter()
        .filter(|m| m.actor.is_some())
        .map(|m| m.text.as_str())
        .collect();
    assert_eq!(notes, ["{tab here }", "(2. Bc4)", "$4 $5"]);
}

#[test]
fn drafts_read_in_pieces_are_the_drafts_of_the_whole_text() {
    for text in texts() {
        let whole: Vec<_> = drafts(&text).collect();
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        for size in [1, 2, 5, 13] {
            let mut pieces = Pieces::new();
            let mut read = Vec::new();
            for piece in lines.chunks(size) {
                read.extend(pieces.feed_drafts(&piece.concat()));
            }
            read.extend(pieces.finish_drafts());
            assert_eq!(read, whole, "pieces of {size} lines");
        }
    }
}
