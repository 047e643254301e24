//! Records out to PGN and UCI and back through the readers: a Chess960 game made by position
//! number keeps its start (`SetUp`/`FEN`, `position fen`) and its castling, and comes back as
//! the same game with the same moves and the same final position.

use crate::notation::{PGN, UCI};
use kifu_core::format::{build, Format};
use kifu_core::record::{Actor, ChanceMode, Header, Record};
use kifu_core::replay::{verify_record, Replay};
use kifu_core::Game;

/// Position 0 (BBQNNRKR): both sides castle queen side. Position 959 (RKRNNQBB): both castle
/// king side. Position 518 (the standard array): both castle king side.
const GAMES: [(&str, &[&str]); 3] = [
    (
        "0",
        &["Nc3", "Nc6", "Nd3", "Nd6", "b3", "b6", "Qb2", "Qb7", "O-O-O", "O-O-O"],
    ),
    (
        "959",
        &[
            "Nc3", "Nc6", "Nd3", "Nd6", "f3", "f6", "Qf2", "Qf7", "h3", "h6", "Bh2", "Bh7", "O-O", "O-O",
        ],
    ),
    ("518", &["e4", "e5", "Nf3", "Nf6", "Bc4", "Bc5", "O-O", "O-O"]),
];

fn chess960(position: &str, moves: &[&str]) -> Record {
    let mut header = Header::new(
        "chess960",
        crate::CHESS960.version(),
        vec!["Ann".into(), "Bob".into()],
        ChanceMode::Observed,
    );
    header.options.insert("position".into(), position.into());
    let mut replay = Replay::start(crate::registry(), &header).unwrap_or_else(|f| panic!("{f}"));
    let mut record = Record::new(header);
    for text in moves {
        let entry = replay
            .play(None, text, None)
            .unwrap_or_else(|f| panic!("position {position}, {text}: {f}"));
        record.entries.push(entry);
    }
    record
}

fn moves(record: &Record) -> Vec<&str> {
    record
        .entries
        .iter()
        .filter(|e| matches!(e.actor, Actor::Seat(_)))
        .map(|e| e.command.as_str())
        .collect()
}

/// The final state as the rules' JSON view gives it (the position, its history).
fn final_fen(record: &Record) -> serde_json::Value {
    let mut replay = Replay::start(crate::registry(), &record.header).unwrap_or_else(|f| panic!("{f}"));
    for entry in &record.entries {
        replay.check(entry).unwrap_or_else(|f| panic!("{f}"));
    }
    replay.current().state_json(kifu_core::rules::View::Full)
}

fn back(format: &dyn Format, text: &str) -> Record {
    let drafts = format.read(text);
    assert_eq!(drafts.len(), 1, "{text}");
    let draft = drafts
        .into_iter()
        .next()
        .and_then(Result::ok)
        .unwrap_or_else(|| panic!("{text}"));
    build(crate::registry(), &draft, None).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn pgn_of_a_numbered_chess960_start_gives_setup_and_fen() {
    for (position, played) in GAMES {
        let record = chess960(position, played);
        let pgn = PGN.write(&record).unwrap_or_else(|e| panic!("{e}"));
        assert!(pgn.contains("[Variant \"Chess960\"]\n"), "{pgn}");
        let start = crate::start::chess960_fen(position.parse().unwrap_or(0)).unwrap_or_default();
        if position == "518" {
            assert!(!pgn.contains("[FEN "), "the standard array needs no FEN:\n{pgn}");
        } else {
            assert!(
                pgn.contains(&format!("[SetUp \"1\"]\n[FEN \"{start}\"]\n")),
                "position {position}:\n{pgn}"
            );
        }
        let again = back(&PGN, &pgn);
        assert_eq!(again.header.game, "chess960");
        assert_eq!(moves(&again), moves(&record), "{pgn}");
        assert!(moves(&again).iter().any(|m| m.starts_with("O-O")));
        assert_eq!(final_fen(&again), final_fen(&record), "{pgn}");
        assert!(verify_record(crate::registry(), &again).failure.is_none());
    }
}

#[test]
fn uci_of_a_numbered_chess960_start_gives_the_option_and_position_fen() {
    for (position, played) in GAMES {
        let record = chess960(position, played);
        let uci = UCI.write(&record).unwrap_or_else(|e| panic!("{e}"));
        let mut lines = uci.lines();
        assert_eq!(lines.next(), Some("setoption name UCI_Chess960 value true"), "{uci}");
        let line = lines.next().unwrap_or_default();
        if position == "518" {
            assert!(line.starts_with("position startpos moves "), "{uci}");
            assert!(
                line.contains(" e1h1 ") && line.ends_with(" e8h8"),
                "king takes rook: {uci}"
            );
        } else {
            let start = crate::start::chess960_fen(position.parse().unwrap_or(0)).unwrap_or_default();
            assert!(line.starts_with(&format!("position fen {start} moves ")), "{uci}");
        }
        let again = back(&UCI, &uci);
        assert_eq!(again.header.game, "chess960", "{uci}");
        assert_eq!(moves(&again), moves(&record), "{uci}");
        assert_eq!(final_fen(&again), final_fen(&record), "{uci}");
    }
}

#[test]
fn the_uci_chess960_option_holds_until_it_is_switched_off() {
    let text = "position startpos moves e2e4\n\
                setoption name uci_chess960 value TRUE\n\
                position startpos moves e2e4\n\
                setoption name Hash value 64\n\
                position startpos moves d2d4\n\
                setoption name UCI_Chess960 value false\n\
                e2e4 e7e5\n";
    let games: Vec<String> = UCI
        .read(text)
        .into_iter()
        .map(|d| d.map(|d| d.game).unwrap_or_default())
        .collect();
    assert_eq!(games, ["chess", "chess960", "chess960", "chess"]);
}
