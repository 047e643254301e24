//! OpenTafl notation: a real saved game from OpenTafl imported move for move (its written
//! captures checked against the engine's), round trips, and files refused with their line.

use crate::FORMAT;
use kifu_core::format::{build, Format};
use kifu_core::replay::verify_record;
use kifu_core::rules::Turn;

use super::{board, game, play};

const SEA_BATTLE: &str = include_str!("../../../../../fixtures/tablut/sea-battle-triathlon-2015.otg");

#[test]
fn an_opentafl_saved_game_imports_with_its_captures() {
    let drafts = FORMAT.read(SEA_BATTLE);
    let draft = drafts[0].clone().expect("read");
    assert_eq!(draft.players, ["Steve Lonsdale", "Altti Piirsoo"]);
    assert_eq!(draft.options.get("rules").map(String::as_str), Some("linnaeus"));
    assert_eq!(draft.options.get("escape"), None, "edge escape is Linnaeus's default");
    assert_eq!(draft.start, None);
    assert_eq!(draft.tags.get("event").map(String::as_str), Some("Tafl Triathlon 2015"));
    assert!(
        !draft.tags.contains_key("result"),
        "the result is worked out, not copied"
    );
    assert_eq!(draft.moves.len(), 57);
    let record = build(crate::registry(), &draft, None).expect("every move legal, every capture as written");
    let captures: Vec<&str> = record
        .entries
        .iter()
        .map(|e| e.command.as_str())
        .filter(|c| c.contains('x'))
        .collect();
    assert_eq!(captures.len(), 6, "{captures:?}");
    assert!(
        captures.contains(&"c3-d3xd4"),
        "the armed king on d5 is the anvil: {captures:?}"
    );
    // White resigned: the game is not over on the board.
    let report = verify_record(crate::registry(), &record);
    assert!(report.failure.is_none());
    assert!(matches!(report.turn, Some(Turn::Seat { seat: 1 })));
    // Under the seed's rules (unarmed king) the same file fails where the king captures.
    let mut seed = draft.clone();
    seed.options.clear();
    let err = build(crate::registry(), &seed, None).unwrap_err();
    assert_eq!(err.ply, Some(38), "{err}");
    assert!(err.reason.contains("captures nothing, not d4"), "{err}");
}

#[test]
fn rule_sets_survive_the_rules_string() {
    for options in [
        vec![],
        vec![("capture", "single")],
        vec![("escape", "edge")],
        vec![("rules", "linnaeus")],
        vec![("rules", "linnaeus"), ("escape", "corner")],
        vec![("rules", "ashton")],
    ] {
        let state = game(&options, None).unwrap();
        let mut header = kifu_core::record::Header::new(
            "tablut",
            1,
            vec!["A".into(), "B".into()],
            kifu_core::record::ChanceMode::Observed,
        );
        header.options = state.rules.options();
        let record = kifu_core::record::Record::new(header.clone());
        let text = FORMAT.write(&record).unwrap();
        let draft = FORMAT.read(&text)[0].clone().unwrap();
        assert_eq!(draft.options, header.options, "{text}");
    }
}

#[test]
fn a_start_position_travels_in_the_rules_string() {
    let start = board(&[("c3", 'K'), ("h8", 't'), ("d4", 'T')]);
    let mut state = game(&[], Some(&start)).unwrap();
    let first = play(&mut state, "h8-h7").unwrap();
    let text = format!("[rules:dim:9 esc:c ka:n ks:y start:{start}]\n\n1. {first}\n");
    let draft = FORMAT.read(&text)[0].clone().unwrap();
    assert_eq!(draft.start.as_deref(), Some(start.as_str()));
    let record = build(crate::registry(), &draft, None).unwrap();
    assert_eq!(record.entries.len(), 1);
}

#[test]
fn bad_files_are_refused_with_their_line() {
    let rules = "[rules:dim:9 ka:n start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/]";
    for (text, line, why) in [
        ("1. e2-g2\n".to_string(), Some(1), "no [rules"),
        ("[rules:dim:11 start:/11/]\n".to_string(), Some(1), "dim:11"),
        ("[rules:dim:9 sw:s start:/9/]\n".to_string(), Some(1), "sw:s"),
        ("[rules:dim:9 atkf:n start:/9/]\n".to_string(), Some(1), "atkf:n"),
        (
            "[rules:dim:9 ks:n ka:n start:/9/]\n".to_string(),
            Some(1),
            "no rule set",
        ),
        (format!("{rules}\n\n2. e2-g2\n"), Some(3), "turn 2 where turn 1"),
        (format!("{rules}\n\n1. e2-g2 e3-h3 d1-d3\n"), Some(3), "3 moves"),
        (format!("{rules}\n\nfirst e2-g2\n"), Some(3), "is not a turn"),
        (format!("{rules}\n[event:open\n"), Some(2), "never closed"),
        (
            format!("{rules}\n[kifu-options:rules=chess]\n"),
            Some(2),
            "rule sets are",
        ),
        ("[kifu-options:rules=seed]\n".to_string(), Some(1), "no [rules"),
    ] {
        let err = FORMAT.read(&text)[0].clone().unwrap_err();
        assert_eq!(err.line, line, "{text}: {err}");
        assert!(err.reason.contains(why), "{text}: {err}");
    }
    // A move the rules refuse names its line and ply.
    let draft = FORMAT.read(&format!("{rules}\n\n1. e2-g2 e3-e1\n"))[0].clone().unwrap();
    let err = build(crate::registry(), &draft, None).unwrap_err();
    assert_eq!((err.line, err.ply), (Some(3), Some(2)));
}
