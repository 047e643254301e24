//! The horizontal cylinder as a game: `cylinder` with the option `wrap=ranks` through the
//! kernel (moves across the seam typed and kept as SAN, verified from scratch), its PGN with
//! the `Variant` tag out and back, and the option's bad values refused.

use std::collections::BTreeMap;

use super::record_kit::{play, through_pgn};
use kifu_core::record::{ChanceMode, Header};
use kifu_core::replay::{verify_record, Replay};

/// A position with the armies apart across the seam: the a1 rook faces the a8 rook.
const START: &str = "r3k3/pp6/8/8/8/8/PP6/R5K1 w - - 0 1";

fn header(wrap: &str, start: Option<&str>) -> Header {
    let mut header = Header::new("cylinder", 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    header.options = BTreeMap::from([("wrap".to_string(), wrap.to_string())]);
    header.start = start.map(str::to_string);
    header
}

#[test]
fn moves_across_the_seam_are_kept_as_san_and_verify() -> Result<(), String> {
    // Rxa8+ straight across the seam (a1 and a8 touch; the rook then checks along rank 8),
    // the king answers on d7; then the g1 king steps across the seam to g8 and back to h1.
    let (rec, texts) = play(header("ranks", Some(START)), &["a1a8", "Kd7", "Kg8", "b6", "Kh1"])?;
    assert_eq!(texts, vec!["Rxa8+", "Kd7", "Kg8", "b6", "Kh1"]);
    let report = verify_record(crate::registry(), &rec);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    Ok(())
}

#[test]
fn the_same_move_is_refused_on_the_vertical_cylinder() {
    // With files joined (the default) a1 and a8 are seven squares apart, a2 in between.
    let refused = play(header("files", Some(START)), &["Rxa8"]);
    assert!(refused.is_err());
}

#[test]
fn pgn_carries_the_option_in_the_variant_tag() -> Result<(), String> {
    let (rec, _) = play(header("ranks", Some(START)), &["Rxa8", "Kd7"])?;
    let back = through_pgn(&rec, "[Variant \"Horizontal cylinder\"]")?;
    assert_eq!(back.header.options.get("wrap").map(String::as_str), Some("ranks"));
    assert_eq!(back.header.start.as_deref(), Some(START));
    Ok(())
}

#[test]
fn bad_options_and_a_missing_start_are_refused_with_the_reason() {
    let err = |h: Header| {
        Replay::start(crate::registry(), &h)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    assert!(err(header("diagonal", Some(START))).contains("'files' or 'ranks'"));
    assert!(err(header("ranks", None)).contains("give a start position"));
    let mut chess = header("ranks", None);
    chess.game = "chess".into();
    assert!(!err(chess).is_empty());
}

#[test]
fn a_restored_snapshot_stays_on_the_horizontal_cylinder() -> Result<(), String> {
    let game = crate::registry().find("cylinder").ok_or("no cylinder")?;
    let options = BTreeMap::from([("wrap".to_string(), "ranks".to_string())]);
    let setup = kifu_core::rules::Setup {
        options: &options,
        players: 2,
        start: Some(START),
    };
    let started = game.start(&setup).map_err(|e| e.reason)?;
    let mut restored = game.restore(&started.snapshot()).map_err(|e| e.reason)?;
    // Only on the horizontal cylinder is the a8 rook one step from a1.
    assert_eq!(
        restored
            .apply(kifu_core::record::Actor::Seat(0), "Rxa8")
            .map_err(|e| e.reason)?,
        "Rxa8+"
    );
    // A vertical cylinder's state is exactly a chess state: its FEN names no board.
    let plain = game.start(&kifu_core::rules::Setup {
        options: &BTreeMap::new(),
        players: 2,
        start: None,
    });
    let json = plain.map_err(|e| e.reason)?.state_json(kifu_core::rules::View::Public);
    assert!(!json.to_string().contains("horizontalcylinder"), "{json}");
    Ok(())
}
