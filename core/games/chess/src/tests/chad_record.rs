//! Chad as a game: typed moves kept as SAN (a rook crowned on entering the enemy castle is
//! written as the rook's move) and verified from scratch, its PGN with the `Variant` tag out
//! and back, and a capture the wall rule forbids refused with the reason.

use super::record_kit::{self, through_pgn};
use kifu_core::record::{ChanceMode, Header, Record};
use kifu_core::replay::verify_record;

fn play(moves: &[&str]) -> Result<(Record, Vec<String>), String> {
    let header = Header::new("chad", 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    record_kit::play(header, moves)
}

/// White's e5 rook runs to e12 and along rank 12 to h12, then steps onto black's wall at
/// h11; black clears j8 and j10 meanwhile; from the wall the rook takes the h10 rook inside
/// black's castle and is crowned there, checking the i9 king. (Rjl10 and R10l9 are
/// disambiguated: the l8 rook reaches l10 and l9 too.)
const MOVES: [&str; 7] = ["e5e12", "j8l8", "e12h12", "j10l10", "h12h11", "l10l9", "h11h10"];

#[test]
fn moves_are_kept_as_san_and_verify() -> Result<(), String> {
    let (rec, texts) = play(&MOVES)?;
    assert_eq!(texts, vec!["Re12", "Rl8", "Rh12", "Rjl10", "Rh11", "R10l9", "Rxh10+"]);
    let report = verify_record(crate::registry(), &rec);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    Ok(())
}

#[test]
fn pgn_out_and_back_with_the_variant_tag() -> Result<(), String> {
    let (rec, _) = play(&MOVES)?;
    through_pgn(&rec, "[Variant \"Chad\"]")?;
    Ok(())
}

#[test]
fn a_capture_off_the_wall_is_refused() {
    // The e5 rook goes to e9, on no wall; taking the h9 rook from there is not allowed.
    let reason = play(&["e5e9", "j8l8", "e9h9"]).err().unwrap_or_default();
    assert!(reason.contains("entry 3"), "{reason}");
}
