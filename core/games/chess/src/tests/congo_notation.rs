//! Congo's notation and records: moves typed in SAN or UCI kept as SAN (a monkey's chain as
//! `Md3xb5xb7`), a game out to PGN with its `Variant` and `FEN` tags and back, and set-ups
//! Congo cannot have refused with the reason. Expected texts are written from the notation
//! rules in seeds/chess/congo.md.

use crate::fen::parse_fen;
use crate::notation::PGN;
use crate::variant::Variant;
use kifu_core::format::{build, Format};
use kifu_core::record::{Actor, ChanceMode, Header, Record};
use kifu_core::replay::{verify_record, Replay};

fn record(start: Option<&str>, moves: &[&str]) -> Result<Record, String> {
    let mut header = Header::new("congo", 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    header.start = start.map(str::to_string);
    let mut replay = Replay::start(crate::registry(), &header).map_err(|e| e.to_string())?;
    let mut rec = Record::new(header);
    for text in moves {
        let entry = replay.play(None, text, None).map_err(|e| format!("{text}: {e}"))?;
        rec.entries.push(entry);
    }
    Ok(rec)
}

fn moves(rec: &Record) -> Vec<&str> {
    rec.entries
        .iter()
        .filter(|e| matches!(e.actor, Actor::Seat(_)))
        .map(|e| e.command.as_str())
        .collect()
}

#[test]
fn moves_typed_either_way_are_kept_as_san() -> Result<(), String> {
    // b3 is reached by the a2, b2 and c2 pawns, so the file is named; the giraffe and the
    // zebra are alone of their kind; c5 is reached by the b6, c6 and d6 pawns likewise.
    let rec = record(None, &["b2b3", "c6c5", "Gc3", "g7f5", "g1f3"])?;
    assert_eq!(moves(&rec), ["bb3", "cc5", "Gc3", "Zf5", "Zf3"]);
    assert!(verify_record(crate::registry(), &rec).failure.is_none());
    Ok(())
}

const CHAIN_START: &str = "3l3/1p5/7/2p4/3M3/7/3L3 w - - 0 1";

/// The monkey takes two pawns in one chain, steps, and jumps the lion.
fn chain_game() -> Result<Record, String> {
    record(Some(CHAIN_START), &["d3b5b7", "d7e7", "b7c7", "Ld6", "c7e5"])
}

#[test]
fn a_monkey_chain_and_the_lion_taken_in_san() -> Result<(), String> {
    let rec = chain_game()?;
    assert_eq!(moves(&rec), ["Md3xb5xb7", "Le7", "Mc7", "Ld6", "Mc7xe5#"]);
    let report = verify_record(crate::registry(), &rec);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    assert_eq!(
        report.turn,
        Some(kifu_core::rules::Turn::over(kifu_core::rules::Outcome::win(
            0,
            "the black lion was taken"
        )))
    );
    Ok(())
}

#[test]
fn a_congo_game_goes_out_to_pgn_and_back() -> Result<(), String> {
    let rec = chain_game()?;
    let pgn = PGN.write(&rec).map_err(|e| e.to_string())?;
    assert!(pgn.contains("[Variant \"Congo\"]"), "{pgn}");
    assert!(pgn.contains(&format!("[FEN \"{CHAIN_START}\"]")), "{pgn}");
    assert!(pgn.contains("1. Md3xb5xb7 Le7 2. Mc7 Ld6 3. Mc7xe5#"), "{pgn}");
    let drafts = PGN.read(&pgn);
    let draft = drafts.into_iter().next().ok_or("no game")?.map_err(|e| e.to_string())?;
    let back = build(crate::registry(), &draft, None).map_err(|e| e.to_string())?;
    assert_eq!(back.header.game, "congo");
    assert_eq!(moves(&back), moves(&rec));
    Ok(())
}

#[test]
fn a_pgn_move_congo_does_not_allow_is_refused_with_its_place() {
    let pgn = "[Variant \"Congo\"]\n\n1. c2c3 c6c5 2. Qd4 *\n";
    let drafts = PGN.read(pgn);
    let refused = drafts.into_iter().next().map(|d| {
        d.map_err(|e| e.to_string())
            .and_then(|d| build(crate::registry(), &d, None).map_err(|e| e.to_string()))
    });
    match refused {
        Some(Err(e)) => assert!(e.contains("Qd4"), "{e}"),
        other => panic!("accepted: {:?}", other.map(|r| r.map(|rec| rec.entries.len()))),
    }
}

#[test]
fn set_ups_congo_cannot_have_are_refused() {
    for (variant, fen, word) in [
        (Variant::Congo, "3l3/7/7/7/7/7/L6 w - - 0 1", "castle"),
        (Variant::Congo, "3l3/7/7/7/7/7/2LL3 w - - 0 1", "lions"),
        (Variant::Congo, "3l3/7/7/7/7/7/3LQ2 w - - 0 1", "queen"),
        (Variant::Congo, "3l3/7/7/7/7/7/P2L3 w - - 0 1", "pawn"),
        (Variant::Standard, "4k3/8/8/8/8/8/8/4K2L w - - 0 1", "lion"),
    ] {
        match parse_fen(variant, fen) {
            Ok(_) => panic!("{fen} was read"),
            Err(e) => assert!(e.contains(word), "{fen}: {e}"),
        }
    }
}

#[test]
fn typed_moves_congo_does_not_have_are_refused() {
    for bad in ["Ld5", "d3b5b7b5", "e2e4", "O-O"] {
        assert!(record(Some(CHAIN_START), &[bad]).is_err(), "{bad}");
    }
}
