//! Portal chess as a game: typed porthole moves kept as SAN with their exit (`Nc3>f6+`),
//! verified from scratch, its PGN with the `Variant` tag out and back, a pawn step onto a
//! porthole refused with the reason, and every way of writing a porthole move read back.

use super::record_kit::{self, through_pgn};
use crate::fen::parse_fen;
use crate::san::{move_to_san, parse_move};
use crate::uci::{move_to_uci, parse_uci};
use crate::variant::Variant;
use kifu_core::record::{ChanceMode, Header, Record};
use kifu_core::replay::verify_record;

fn play(moves: &[&str]) -> Result<(Record, Vec<String>), String> {
    let header = Header::new("portal", 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    record_kit::play(header, moves)
}

/// White's b1 knight enters c3 and leaves by f6 with check; black's g7 pawn takes it there
/// and leaves by h5; the e2 pawn enters f3 and leaves by c6; the b7 pawn takes it and leaves
/// by a4.
const MOVES: [&str; 4] = ["b1c3f6", "gxf6>h5", "e2f3c6", "bxc6>a4"];

#[test]
fn moves_are_kept_as_san_and_verify() -> Result<(), String> {
    let (rec, texts) = play(&MOVES)?;
    assert_eq!(texts, vec!["Nc3>f6+", "gxf6>h5", "ef3>c6", "bxc6>a4"]);
    let report = verify_record(crate::registry(), &rec);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    Ok(())
}

#[test]
fn pgn_out_and_back_with_the_variant_tag() -> Result<(), String> {
    let (rec, _) = play(&MOVES)?;
    let back = through_pgn(&rec, "[Variant \"Portal\"]")?;
    let texts: Vec<&str> = back.entries.iter().map(|e| e.command.as_str()).collect();
    assert_eq!(texts, vec!["Nc3>f6+", "gxf6>h5", "ef3>c6", "bxc6>a4"]);
    Ok(())
}

/// After the four moves h4 still holds a porthole: the h2 pawn may not step onto it (entry 5).
#[test]
fn a_pawn_step_onto_a_porthole_is_refused() {
    let mut moves = MOVES.to_vec();
    moves.push("h2h4");
    let reason = play(&moves).err().unwrap_or_default();
    assert!(reason.contains("entry 5"), "{reason}");
}

/// SAN (with a disambiguating file when two knights reach one porthole for one exit), UCI's
/// three squares and the long form all read back to the move; an entry without its exit is
/// ambiguous when several exits are open, and a wrong exit is refused.
#[test]
fn porthole_moves_are_written_and_read() -> Result<(), String> {
    let pos = parse_fen(Variant::Portal, "4k3/8/8/8/8/8/8/1N1NK3 w - - (c3,h5,a6) 0 1")?;
    for (uci, want) in [("b1c3h5", "Nbc3>h5"), ("d1c3a6", "Ndc3>a6"), ("b1a3", "Na3")] {
        let m = parse_uci(&pos, uci)?;
        assert_eq!(move_to_san(&pos, &m), want, "{uci}");
        assert_eq!(move_to_uci(&pos, &m), uci);
        for text in [want, uci, "Nb1c3>h5"] {
            if text == "Nb1c3>h5" && uci != "b1c3h5" {
                continue;
            }
            assert_eq!(parse_move(&pos, text)?, m, "{text}");
        }
    }
    let ambiguous = parse_move(&pos, "Nc3>h5").err().unwrap_or_default();
    assert!(ambiguous.contains("ambiguous"), "{ambiguous}");
    let no_exit = parse_move(&pos, "Nbc3").err().unwrap_or_default();
    assert!(no_exit.contains("could be Nbc3>h5 or Nbc3>a6"), "{no_exit}");
    let wrong = parse_move(&pos, "Nbc3>e5").err().unwrap_or_default();
    assert!(wrong.contains("porthole"), "{wrong}");
    assert!(parse_uci(&pos, "b1c3e5").is_err());
    let pos = parse_fen(Variant::Portal, "4k3/8/8/8/8/8/1n6/B3K3 w - - (b2,g6) 0 1")?;
    let m = parse_uci(&pos, "a1b2g6")?;
    assert_eq!(move_to_san(&pos, &m), "Bxb2>g6+");
    assert_eq!(parse_move(&pos, "Bxb2>g6+")?, m);
    Ok(())
}

/// The JSON view names the tokens per square and each porthole move's exit.
#[test]
fn the_board_view_shows_the_portholes() -> Result<(), String> {
    let pos = parse_fen(Variant::Portal, "4k3/8/8/8/8/8/1n6/B3K3 w - - (b2,b2,g6) 0 1")?;
    let moves = crate::movegen::legal_moves(&pos);
    let view = crate::board_json::board_json(&pos, &moves);
    assert_eq!(view["portholes"], serde_json::json!({ "b2": 2, "g6": 1 }));
    let entry = view["moves"]
        .as_array()
        .and_then(|l| l.iter().find(|m| m["exit"] == "g6"));
    assert_eq!(entry.map(|m| m["san"].clone()), Some(serde_json::json!("Bxb2>g6+")));
    let picture = crate::svg::svg(&pos);
    assert_eq!(picture.matches("class=\"porthole\"").count(), 2, "{picture}");
    Ok(())
}

#[test]
fn the_portholes_field_is_checked() {
    for (fen, word) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - (z9) 0 1", "not a square"),
        ("4k3/8/8/8/8/8/8/4K3 w - - (a1 0 1", "portholes field"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - (a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,h8) 0 1",
            "more than 64",
        ),
    ] {
        let err = parse_fen(Variant::Portal, fen).err().unwrap_or_default();
        assert!(err.contains(word), "{fen}: '{err}' lacks '{word}'");
    }
    assert!(parse_fen(Variant::Standard, "4k3/8/8/8/8/8/8/4K3 w - - (a1) 0 1").is_err());
}

/// The tokens are part of the position: the same pieces with the tokens elsewhere are another
/// position for repetition.
#[test]
fn portholes_count_in_repetition_keys() -> Result<(), String> {
    let a = parse_fen(Variant::Portal, "4k3/8/8/8/8/8/8/4K3 w - - (a1,h5) 0 1")?;
    let b = parse_fen(Variant::Portal, "4k3/8/8/8/8/8/8/4K3 w - - (a1,h4) 0 1")?;
    let c = parse_fen(Variant::Portal, "4k3/8/8/8/8/8/8/4K3 w - - (h5,a1) 0 1")?;
    assert_ne!(crate::repetition::key(&a), crate::repetition::key(&b));
    assert_eq!(crate::repetition::key(&a), crate::repetition::key(&c));
    Ok(())
}
