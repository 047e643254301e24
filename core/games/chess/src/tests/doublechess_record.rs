//! Double chess as a game: typed moves (a four-step, en passant on a far passed cell, castling
//! written as the king's move) kept as SAN and verified from scratch, its PGN with the
//! `Variant` tag out and back, and `O-O` refused as ambiguous with two kings.

use super::record_kit::{self, through_pgn};
use kifu_core::record::{ChanceMode, Header, Record};
use kifu_core::replay::verify_record;

fn play(moves: &[&str]) -> Result<(Record, Vec<String>), String> {
    let header = Header::new("doublechess", 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    record_kit::play(header, moves)
}

/// Black's f-pawn runs four to f7 and steps to f6; white's e-pawn runs four (e3, e4, e5
/// passed) and black takes en passant on e5, the farthest passed cell; white castles short
/// with the e-king once f1 and g1 are clear.
const MOVES: [&str; 9] = [
    "g1h3", "f11f7", "g2g4", "f7f6", "e2e6", "f6e5", "f1g2", "a11a10", "e1g1",
];

#[test]
fn long_steps_en_passant_and_castling_as_san_verify() -> Result<(), String> {
    let (rec, texts) = play(&MOVES)?;
    assert_eq!(texts, vec!["Nh3", "f7", "g4", "f6", "e6", "fxe5", "Bg2", "a10", "Kg1"]);
    let report = verify_record(crate::registry(), &rec);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    Ok(())
}

#[test]
fn pgn_out_and_back_with_the_variant_tag() -> Result<(), String> {
    let (rec, _) = play(&MOVES)?;
    through_pgn(&rec, "[Variant \"Double chess\"]")?;
    Ok(())
}

#[test]
fn castling_by_o_o_and_a_five_step_are_refused() {
    let castles = play(&["g2g6", "a11a10", "g1h3", "a10a9", "f1g2", "a9a8", "O-O"]);
    let reason = castles.err().unwrap_or_default();
    assert!(
        reason.contains("entry 7") && reason.contains("which castles"),
        "{reason}"
    );
    let reason = play(&["e2e7"]).err().unwrap_or_default();
    assert!(reason.contains("entry 1"), "{reason}");
}
