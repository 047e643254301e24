//! Stratomic as a game: a short line where a knight is taken and each side then launches a
//! nuclea, verified; its PGN with the `Variant` tag out and back; the `(armed)` FEN field;
//! launches written and read, and refused with the reason; the views naming the launches.

use super::record_kit::{self, through_pgn};
use crate::fen::{parse_fen, to_fen};
use crate::san::{move_to_san, parse_move};
use crate::uci::{move_to_uci, parse_uci};
use crate::variant::Variant;
use kifu_core::record::{ChanceMode, Header, Record};
use kifu_core::replay::verify_record;

fn play(moves: &[&str]) -> Result<(Record, Vec<String>), String> {
    let header = Header::new("stratomic", 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    record_kit::play(header, moves)
}

/// White's knight goes to e6 and is taken (arming the launches); White's j2 nuclea blows away
/// the knight and three pawns around e7, Black's a9 nuclea White's queen, bishop and three
/// pawns around f3 (the white king on f2 survives).
const LINE: [&str; 6] = ["Nd4", "Ng7", "Ne6", "Nxe6", "Uj2@e7", "Ua9@f3"];

#[test]
fn a_line_with_launches_is_kept_as_san_and_verifies() -> Result<(), String> {
    let (rec, texts) = play(&LINE)?;
    assert_eq!(texts, LINE);
    let report = verify_record(crate::registry(), &rec);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    Ok(())
}

#[test]
fn pgn_out_and_back_with_the_variant_tag() -> Result<(), String> {
    let (rec, texts) = play(&LINE)?;
    let back = through_pgn(&rec, "[Variant \"Stratomic\"]")?;
    let read: Vec<&str> = back.entries.iter().map(|e| e.command.as_str()).collect();
    assert_eq!(read, texts);
    Ok(())
}

#[test]
fn the_position_after_the_launches() -> Result<(), String> {
    let mut pos = parse_fen(Variant::Stratomic, Variant::Stratomic.start_fen())?;
    for (n, text) in LINE.iter().enumerate() {
        let m = parse_move(&pos, text)?;
        pos.play(&m);
        // Armed from the knight's capture (the fourth ply) on.
        assert_eq!(pos.nuclear_armed, n >= 3, "after {text}");
    }
    assert_eq!(
        to_fen(&pos),
        "10/1rnbqkb1ru/ppp3pppp/10/10/10/10/PPPP3PPP/UR1B1K1NR1/10 w KQkq - (armed) 0 4"
    );
    Ok(())
}

/// A launch reads in its one form, either case, with a check mark; a step of the nuclea onto
/// the same square stays a step, in SAN and UCI.
#[test]
fn launches_are_written_and_read() -> Result<(), String> {
    let pos = parse_fen(Variant::Stratomic, "10/4k5/10/10/10/10/10/10/U4K4/10 w - - (armed) 0 1")?;
    let launch = parse_uci(&pos, "Ua2@b3")?;
    assert_eq!(move_to_san(&pos, &launch), "Ua2@b3");
    assert_eq!(move_to_uci(&pos, &launch), "Ua2@b3");
    for text in ["Ua2@b3", "ua2@b3", "Ua2@b3+"] {
        assert_eq!(parse_move(&pos, text)?, launch, "{text}");
    }
    let step = parse_move(&pos, "Ub3")?;
    assert_ne!(step, launch);
    assert_eq!(parse_uci(&pos, "a2b3")?, step);
    assert_eq!(move_to_uci(&pos, &step), "a2b3");
    Ok(())
}

/// Each launch the rules forbid is refused with its reason.
#[test]
fn forbidden_launches_say_why() -> Result<(), String> {
    let cases = [
        (
            "10/4k5/10/10/10/10/10/10/U4K4/10 w - - 0 1",
            "Ua2@e9",
            "no piece other than a pawn",
        ),
        (
            "10/4k5/10/10/10/10/10/2n7/U4K4/10 w - - (armed) 0 1",
            "Ua2@e9",
            "attacked",
        ),
        (
            "10/4k5/10/10/10/10/10/10/U4K4/10 w - - (armed) 0 1",
            "Ub2@e9",
            "no white nuclea",
        ),
        (
            "10/4k5/10/10/10/10/4r5/4B5/U3K5/10 w - - (armed) 0 1",
            "Ua2@e2",
            "check",
        ),
        (
            "10/4k5/10/10/10/10/10/10/U4K4/10 w - - (armed) 0 1",
            "Ua2@k3",
            "not a launch",
        ),
    ];
    for (fen, text, word) in cases {
        let pos = parse_fen(Variant::Stratomic, fen)?;
        let err = parse_move(&pos, text).err().unwrap_or_default();
        assert!(err.contains(word), "{text} in {fen}: '{err}' lacks '{word}'");
    }
    Ok(())
}

#[test]
fn positions_the_rules_cannot_reach_are_refused() {
    for (fen, word) in [
        (
            "10/4k5/10/10/10/10/10/10/U4K4/10 w - - (armd) 0 1",
            "only extra FEN field",
        ),
        ("P9/4k5/10/10/10/10/10/10/U4K4/10 w - - 0 1", "pawn"),
        ("10/P3k5/10/10/10/10/10/10/U4K4/10 w - - 0 1", "pawn"),
        ("10/4k5/10/10/10/10/10/10/P4K4/10 w - - 0 1", "pawn"),
        ("10/4k5/10/10/10/10/10/10/U4K4/10 w KQ - 0 1", "rook"),
        ("8/4k3/8/8/8/8/8/U3K3 w - - 0 1", "ranks"),
    ] {
        let read = parse_fen(Variant::Stratomic, fen).and_then(|pos| crate::validate::validate(&pos));
        match read {
            Err(err) => assert!(err.contains(word), "{fen}: '{err}' lacks '{word}'"),
            Ok(()) => panic!("{fen} was accepted"),
        }
    }
    // The nuclea's letter is Stratomic's alone.
    let chess =
        parse_fen(Variant::Standard, "4k3/8/8/8/8/8/8/U3K3 w - - 0 1").and_then(|p| crate::validate::validate(&p));
    assert!(chess.is_err_and(|e| e.contains("nuclea")));
    // Nor is it ever in a crazyhouse pocket, or dropped from one.
    let pocket = parse_fen(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[U] w - - 0 1");
    assert!(pocket.is_err_and(|e| e.contains("not a chess piece")));
    let pos = parse_fen(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    let drop = pos.and_then(|p| parse_move(&p, "U@e4"));
    assert!(drop.is_err_and(|e| e.contains("nuclea")));
}

/// Whether launches are armed is part of the position for repetition.
#[test]
fn the_armed_field_counts_in_repetition_keys() -> Result<(), String> {
    let a = parse_fen(Variant::Stratomic, "10/4k5/10/10/10/10/10/10/U4K4/10 w - - 0 1")?;
    let b = parse_fen(Variant::Stratomic, "10/4k5/10/10/10/10/10/10/U4K4/10 w - - (armed) 0 1")?;
    assert_ne!(crate::repetition::key(&a), crate::repetition::key(&b));
    Ok(())
}

/// The JSON view says whether launches are armed and marks each launch; the text picture says
/// it too.
#[test]
fn the_views_show_the_launches() -> Result<(), String> {
    let pos = parse_fen(Variant::Stratomic, "10/4k5/10/10/10/10/10/10/U4K4/10 w - - (armed) 0 1")?;
    let moves = crate::movegen::legal_moves(&pos);
    let view = crate::board_json::board_json(&pos, &moves);
    assert_eq!(view["nuclear_armed"], serde_json::json!(true));
    let launch = view["moves"]
        .as_array()
        .and_then(|l| l.iter().find(|m| m["san"] == "Ua2@e5"));
    assert_eq!(
        launch.map(|m| (m["from"].clone(), m["to"].clone(), m["launch"].clone())),
        Some((
            serde_json::json!("a2"),
            serde_json::json!("e5"),
            serde_json::json!(true)
        ))
    );
    let text = crate::render::render_position(&pos);
    assert!(text.contains("nuclea launches: armed"), "{text}");
    Ok(())
}
