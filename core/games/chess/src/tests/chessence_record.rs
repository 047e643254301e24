//! Chessence as a game: typed moves kept as SAN, verified from scratch, its PGN with the
//! `Variant` tag out and back, and a move a man has no power for refused with its entry.

use super::record_kit::{self, through_pgn};
use kifu_core::record::{ChanceMode, Header, Record};
use kifu_core::replay::verify_record;

fn play(moves: &[&str]) -> Result<(Record, Vec<String>), String> {
    let header = Header::new("chessence", 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    record_kit::play(header, moves)
}

/// 1. d3c3: d2 also reaches c3 as a bishop, so the rank is named; 1... c7d7: c8 also reaches
/// d7 as a bishop; 2. e3e4: c3 (a knight's move from e2) also reaches e4; then entries on the
/// two cells left empty. 2... c8c9: b9 (a rook by b8) also reaches c9.
const MOVES: [&str; 6] = ["d3c3", "c7d7", "e3e4", "c8c9", "P@e3", "P@c8"];

#[test]
fn moves_are_kept_as_san_and_verify() -> Result<(), String> {
    let (rec, texts) = play(&MOVES)?;
    assert_eq!(texts, vec!["P3c3", "P7d7", "Pee4", "Pcc9", "P@e3", "P@c8"]);
    let report = verify_record(crate::registry(), &rec);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    Ok(())
}

#[test]
fn pgn_out_and_back_with_the_variant_tag() -> Result<(), String> {
    let (rec, _) = play(&MOVES)?;
    through_pgn(&rec, "[Variant \"Chessence\"]")?;
    Ok(())
}

/// From the start: e2e1 would land on a friend, a king never moves, an entry goes only to an
/// empty start cell; each refusal names the entry and the reason.
#[test]
fn moves_without_the_power_are_refused_with_the_reason() {
    let reason = |moves: &[&str]| play(moves).err().unwrap_or_default();
    let r = reason(&["e2e1"]);
    assert!(r.contains("entry 1") && r.contains("cannot reach e1"), "{r}");
    let r = reason(&["f1f3"]);
    assert!(r.contains("kings never move"), "{r}");
    let r = reason(&["P@c3"]);
    assert!(r.contains("start cell"), "{r}");
    let r = reason(&["d3c3", "a9a7"]);
    assert!(r.contains("entry 2") && r.contains("kings never move"), "{r}");
}
