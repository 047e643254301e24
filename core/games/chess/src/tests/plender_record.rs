//! Plender as a game: typed moves kept as SAN (a knight's pawn-vest capture written as any
//! knight move), verified from scratch, its PGN with the `Variant` tag out and back, and a
//! vest move refused once spent, with the reason.

use super::record_kit::{self, through_pgn};
use kifu_core::record::{ChanceMode, Header, Record};
use kifu_core::replay::verify_record;

fn play(moves: &[&str]) -> Result<(Record, Vec<String>), String> {
    let header = Header::new("plender", 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    record_kit::play(header, moves)
}

/// 3...Nxd5 puts a pawn's vest on the knight; 4...Nxc4 spends it (a pawn's diagonal capture
/// down the board, no knight move) and takes the c4 pawn's vest in its place.
const MOVES: [&str; 8] = ["e2e4", "d7d5", "e4d5", "g8f6", "d2d4", "f6d5", "c2c4", "d5c4"];

#[test]
fn moves_are_kept_as_san_and_verify() -> Result<(), String> {
    let (rec, texts) = play(&MOVES)?;
    assert_eq!(texts, vec!["e4", "d5", "exd5", "Nf6", "d4", "Nxd5", "c4", "Nxc4"]);
    let report = verify_record(crate::registry(), &rec);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    Ok(())
}

#[test]
fn pgn_out_and_back_with_the_variant_tag() -> Result<(), String> {
    let (rec, _) = play(&MOVES)?;
    through_pgn(&rec, "[Variant \"Plender\"]")?;
    Ok(())
}

/// The c4 knight's pawn vest steps it to c3 (entry 10, spent: nothing taken); its next pawn
/// step, c3c2, is refused (entry 12).
#[test]
fn a_spent_vest_move_is_refused() {
    let mut moves = MOVES.to_vec();
    moves.extend(["g1f3", "c4c3", "a2a3", "c3c2"]);
    let reason = play(&moves).err().unwrap_or_default();
    assert!(reason.contains("entry 12"), "{reason}");
}

/// A pawn's vest move is written with its from-square, and so is the plain step to a square a
/// vest move also reaches; both read back to the same move.
#[test]
fn a_pawn_vest_move_is_written_with_its_square() -> Result<(), String> {
    use crate::san::{move_to_san, parse_move};
    let pos = crate::fen::parse_fen(
        crate::variant::Variant::Plender,
        "4k3/8/8/8/2P1P3/8/8/4K3 w - - (e4N) 0 1",
    )?;
    for (uci, want) in [("e4d6", "e4d6"), ("e4c5", "e4c5"), ("c4c5", "c4c5"), ("e4e5", "e5")] {
        let m = crate::uci::parse_uci(&pos, uci)?;
        let san = move_to_san(&pos, &m);
        assert_eq!(san, want, "{uci}");
        assert_eq!(parse_move(&pos, &san)?, m, "{san}");
    }
    Ok(())
}
