//! Hostage chess as a game: the Fried Liver line of the Wikipedia article "Hostage chess",
//! whose ninth move is the exchange `(N-B)B*f7+`, typed in the published form and kept as
//! `N-B@f7+`; verified, its PGN with the `Variant` tag out and back, the FEN fields of the
//! prisons and airfields, and every way of writing an exchange read back.

use super::record_kit::{self, through_pgn};
use crate::fen::{parse_fen, to_fen};
use crate::san::{move_to_san, parse_move};
use crate::uci::{move_to_uci, parse_uci};
use crate::variant::Variant;
use kifu_core::record::{ChanceMode, Header, Record};
use kifu_core::replay::verify_record;

fn play(moves: &[&str]) -> Result<(Record, Vec<String>), String> {
    let header = Header::new("hostage", 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    record_kit::play(header, moves)
}

const FRIED_LIVER: [&str; 17] = [
    "e4",
    "e5",
    "Nf3",
    "Nc6",
    "Bc4",
    "Nf6",
    "Ng5",
    "d5",
    "exd5",
    "Nxd5",
    "Nxf7",
    "Kxf7",
    "Qf3+",
    "Ke6",
    "Bxd5+",
    "Qxd5",
    "(N-B)B*f7+",
];

#[test]
fn the_exchange_is_kept_as_san_and_verifies() -> Result<(), String> {
    let (rec, texts) = play(&FRIED_LIVER)?;
    assert_eq!(texts[16], "N-B@f7+");
    assert_eq!(texts[..16], FRIED_LIVER[..16]);
    let report = verify_record(crate::registry(), &rec);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    Ok(())
}

#[test]
fn pgn_out_and_back_with_the_variant_tag() -> Result<(), String> {
    let (rec, texts) = play(&FRIED_LIVER)?;
    let back = through_pgn(&rec, "[Variant \"Hostage\"]")?;
    let read: Vec<&str> = back.entries.iter().map(|e| e.command.as_str()).collect();
    assert_eq!(read, texts);
    Ok(())
}

/// After the exchange White holds two black pawns, Black a white knight and pawn, and the
/// black knight given waits in Black's airfield.
#[test]
fn the_prisons_and_airfields_after_the_exchange() -> Result<(), String> {
    let mut pos = parse_fen(Variant::Hostage, Variant::Hostage.start_fen())?;
    for text in FRIED_LIVER {
        let m = parse_move(&pos, text)?;
        pos.play(&m);
    }
    assert_eq!(
        to_fen(&pos),
        "r1b2b1r/ppp2Bpp/2n1k3/3qp3/8/5Q2/PPPP1PPP/RNB1K2R[n] b KQ - (NPpp) 1 9"
    );
    Ok(())
}

/// An exchange (a black rook given for a white knight) reads in the SAN/UCI form, the
/// published form with `*` and with or without the released man's letter, lower case; a
/// pawn given for the knight (a lesser prisoner for a greater man) is refused.
#[test]
fn exchanges_are_written_and_read() -> Result<(), String> {
    let pos = parse_fen(Variant::Hostage, "4k3/8/8/8/8/8/8/4K3[] w - - (Nrp) 0 1")?;
    let m = parse_uci(&pos, "R-N@d4")?;
    assert_eq!(move_to_san(&pos, &m), "R-N@d4");
    assert_eq!(move_to_uci(&pos, &m), "R-N@d4");
    for text in ["R-N@d4", "(R-N)N*d4", "(R-N)*d4", "r-n@d4", "(R-N)N@d4"] {
        assert_eq!(parse_move(&pos, text)?, m, "{text}");
    }
    assert_eq!(pos.prisons[0][crate::piece::Role::Rook.index()], 1);
    let cheap = parse_move(&pos, "P-N@d4").err().unwrap_or_default();
    assert!(cheap.contains("not legal"), "{cheap}");
    let wrong = parse_move(&pos, "(R-N)Q*d4").err().unwrap_or_default();
    assert!(wrong.contains("released"), "{wrong}");
    Ok(())
}

#[test]
fn the_prisons_field_is_checked() {
    for (fen, word) in [
        ("4k3/8/8/8/8/8/8/4K3[] w - - (Kp) 0 1", "only pawns"),
        ("4k3/8/8/8/8/8/8/4K3[] w - - (z) 0 1", "only pawns"),
        ("4k3/8/8/8/8/8/8/4K3[] w - - (1) 0 1", "not a piece letter"),
        ("4k3/8/8/8/8/8/8/4K3[] w - - (pp 0 1", "prisons field"),
        (
            "4k3/8/8/8/8/8/8/4K3[] w - - (pppppppppppppppppppppppppppppppp) 0 1",
            "more than 30",
        ),
        ("4k3/8/8/8/8/8/8/3QK3[] w - - (p) 0 1", ""),
    ] {
        match parse_fen(Variant::Hostage, fen) {
            Err(err) => assert!(!word.is_empty() && err.contains(word), "{fen}: '{err}' lacks '{word}'"),
            Ok(_) => assert!(word.is_empty(), "{fen} was accepted"),
        }
    }
    let promoted = parse_fen(Variant::Hostage, "4k3/8/8/8/8/8/8/3Q~K3[] w - - 0 1")
        .and_then(|pos| crate::validate::validate(&pos));
    let err = promoted.err().unwrap_or_default();
    assert!(err.contains("promoted"), "{err}");
}

/// The prisons are part of the position: the same board with other prisoners is another
/// position for repetition.
#[test]
fn prisons_count_in_repetition_keys() -> Result<(), String> {
    let a = parse_fen(Variant::Hostage, "4k3/8/8/8/8/8/8/4K3[] w - - (Np) 0 1")?;
    let b = parse_fen(Variant::Hostage, "4k3/8/8/8/8/8/8/4K3[] w - - (Bp) 0 1")?;
    let c = parse_fen(Variant::Hostage, "4k3/8/8/8/8/8/8/4K3[] w - - (pN) 0 1")?;
    assert_ne!(crate::repetition::key(&a), crate::repetition::key(&b));
    assert_eq!(crate::repetition::key(&a), crate::repetition::key(&c));
    Ok(())
}

/// The JSON view names both prisons and each exchange's prisoner given; the text picture
/// lists the airfields and prisons.
#[test]
fn the_views_show_the_prisons() -> Result<(), String> {
    let pos = parse_fen(Variant::Hostage, "4k3/8/8/8/8/8/8/4K3[b] w - - (Nrp) 0 1")?;
    let moves = crate::movegen::legal_moves(&pos);
    let view = crate::board_json::board_json(&pos, &moves);
    assert_eq!(
        view["prisons"],
        serde_json::json!({ "white": { "r": 1, "p": 1 }, "black": { "N": 1 } })
    );
    assert_eq!(view["pockets"], serde_json::json!({ "white": {}, "black": { "b": 1 } }));
    let exchange = view["moves"]
        .as_array()
        .and_then(|l| l.iter().find(|m| m["san"] == "R-N@d4"));
    assert_eq!(
        exchange.map(|m| (m["drop"].clone(), m["given"].clone())),
        Some((serde_json::json!("N"), serde_json::json!("r")))
    );
    let text = crate::render::render_position(&pos);
    assert!(
        text.contains("black airfield: b") && text.contains("white prison: rp") && text.contains("black prison: N"),
        "{text}"
    );
    Ok(())
}
