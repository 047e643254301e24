//! A chess record through the kernel: entries made with `Replay::play` (typed loosely, kept
//! as canonical SAN), then verified from scratch with `verify_record`, from a set-up FEN too.

use kifu_core::record::{ChanceMode, Header, Record};
use kifu_core::replay::{verify_record, Replay};
use kifu_core::rules::Turn;

fn record(game: &str, start: Option<&str>, moves: &[&str]) -> Result<(Record, Vec<String>), String> {
    let mut header = Header::new(
        game,
        1,
        vec!["Ann".to_string(), "Bob".to_string()],
        ChanceMode::Observed,
    );
    header.start = start.map(str::to_string);
    let mut replay = Replay::start(crate::registry(), &header).map_err(|e| e.to_string())?;
    let mut rec = Record::new(header);
    let mut texts = Vec::new();
    for text in moves {
        let entry = replay.play(None, text, None).map_err(|e| e.to_string())?;
        texts.push(entry.command.clone());
        rec.entries.push(entry);
    }
    Ok((rec, texts))
}

#[test]
fn typed_moves_are_kept_as_san_and_verify() -> Result<(), String> {
    let (rec, texts) = record("chess", None, &["e2e4", "e7-e5", "g1f3", "nc6", "Bb5", "a6", "0-0"])?;
    assert_eq!(texts, vec!["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"]);
    let report = verify_record(crate::registry(), &rec);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    assert_eq!(report.entries, 7);
    assert_eq!(report.turn, Some(Turn::seat(1)));
    Ok(())
}

#[test]
fn crazyhouse_record_from_a_fen_with_pockets() -> Result<(), String> {
    let (rec, texts) = record(
        "crazyhouse",
        Some("2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1"),
        &["Q@c7", "Kxc7"],
    )?;
    assert_eq!(texts, vec!["Q@c7+", "Kxc7"]);
    assert!(verify_record(crate::registry(), &rec).failure.is_none());
    Ok(())
}

#[test]
fn an_illegal_move_is_refused_with_its_reason() {
    let result = record("chess", None, &["e4", "e5", "Ke3"]);
    assert!(result.is_err_and(|e| e.contains("Ke3") && e.contains("king")));
}
