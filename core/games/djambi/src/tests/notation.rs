//! The move text and the position text: every listed move reads back as itself, lenient
//! forms are read, and bad input is refused with the reason.

use super::*;
use kifu_core::chance::ChanceRng;
use kifu_core::rules::Setup;
use std::collections::BTreeMap;

#[test]
fn every_listed_move_reads_back_as_itself_along_random_games() {
    for game in 0..2u64 {
        let mut rng = ChanceRng::for_entry(b"djambi notation", game);
        let mut state = start();
        while state.outcome.is_none() {
            let actor = Actor::Seat(state.to_move);
            let commands = Djambi.legal(&state).unwrap();
            for command in &commands {
                let text = Djambi.format(&state, command);
                assert_eq!(Djambi.parse(&state, actor, &text).as_ref(), Ok(command), "{text}");
            }
            let pick = commands[rng.below(commands.len() as u64) as usize];
            Djambi.apply(&mut state, actor, &pick).unwrap();
            let text = position::write(&state);
            if state.outcome.is_none() {
                assert_eq!(position::write(&position::parse(&text).unwrap()), text);
            }
        }
    }
}

#[test]
fn lenient_forms_are_read_and_written_canonically() {
    let state = at(
        &[("a1", "rC"), ("b1", "rA"), ("b6", "bR"), ("a5", "bM"), ("i9", "bC")],
        "r r 0 0",
    );
    let canonical = |text: &str| {
        let command = Djambi
            .parse(&state, Actor::Seat(0), text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        Djambi.format(&state, &command)
    };
    assert_eq!(canonical("Ab1xb6"), "A b1xb6");
    assert_eq!(canonical("b1-b6"), "A b1xb6");
    assert_eq!(canonical("A b1 x b6 @b1"), "A b1xb6");
    assert_eq!(canonical("a1xa5@c4"), "C a1xa5 @c4");
    assert_eq!(canonical("  C a1-a3 "), "C a1-a3");
}

#[test]
fn bad_moves_are_refused_with_the_reason() {
    let state = at(
        &[("a1", "rC"), ("b1", "rA"), ("c3", "xM"), ("b6", "bR"), ("i9", "bC")],
        "r r 0 0",
    );
    let cases = [
        ("", "is not a square"),
        ("hello", "is not a square"),
        ("A b1", "is not a move"),
        ("A b1-j4", "'j4' in 'A b1-j4' is not a square"),
        ("A b1-b3 ?c4", "'?' in 'A b1-b3 ?c4' is not understood"),
        ("A b1-b3 @c4 @c5", "gives '@' twice"),
        ("d4-d5", "d4 is empty"),
        ("c3-c4", "the militant on c3 is dead"),
        ("b6-b7", "is blue (p2)'s, and it is red (p1)'s move"),
        ("R b1-b3", "b1 holds an assassin, not a reporter"),
        ("A b1-b3 xb4", "only a reporter kills beside"),
        ("C a1-b2 >b3", "only a piece that acted in the Labyrinth"),
        ("C a1-b2 @b4", "b2 is empty: there is nothing to put elsewhere"),
        ("pass", "may pass only with no move left"),
    ];
    for (text, reason) in cases {
        let refused = refused(&state, text);
        assert!(refused.contains(reason), "{text:?}: {refused}");
    }
    // Out of turn: blue may not move while red is to move.
    let mut copy = state.clone();
    let command = Djambi.parse(&state, Actor::Seat(0), "A b1xb6").unwrap();
    let wrong = Djambi.apply(&mut copy, Actor::Seat(1), &command).unwrap_err();
    assert!(
        wrong.reason.contains("it is red (p1)'s move, not p2's"),
        "{}",
        wrong.reason
    );
}

fn setup(start: Option<&str>, options: &[(&str, &str)]) -> Result<State, String> {
    let options: BTreeMap<String, String> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    Djambi
        .setup(&Setup {
            options: &options,
            players: 4,
            start,
        })
        .map_err(|e| e.reason)
}

#[test]
fn bad_positions_and_options_are_refused_with_the_reason() {
    assert_eq!(position::write(&setup(None, &[]).unwrap()), position::START);
    assert!(setup(None, &[("rules", "bga")])
        .unwrap_err()
        .contains("unknown option 'rules'"));
    let board = position::START.split(' ').next().unwrap();
    let cases = [
        (format!("{board} r r 0"), "a position has 5 fields"),
        (format!("{board} q r 0 0"), "the colour to move 'q' is not a colour"),
        (format!("{board} r r x 0"), "the quiet-move count 'x' is not a number"),
        (format!("{board} b r 0 0"), "only the player in power"),
        ("9/9/9/9/9/9/9/9 r r 0 0".to_string(), "the board has 8 ranks"),
        (
            "rCrC7/9/9/9/9/9/9/9/bC8 r r 0 0".to_string(),
            "controls 2 living chiefs",
        ),
        (
            "rC8/9/9/9/9/9/9/9/bM8 r r 0 0".to_string(),
            "controls pieces but has no living chief",
        ),
        (
            "rC8/9/9/9/4rM4/9/9/9/bC8 r r 0 0".to_string(),
            "only a chief may stand in the Labyrinth",
        ),
        (
            "rC8/9/9/9/9/9/9/9/bC9 r r 0 0".to_string(),
            "rank 1 has more than 9 squares",
        ),
        (
            "rC8/9/9/9/9/9/9/9/bC7 r r 0 0".to_string(),
            "rank 1 has 8 squares, not 9",
        ),
        ("rQ8/9/9/9/9/9/9/9/bC8 r r 0 0".to_string(), "is not a piece"),
        ("qC8/9/9/9/9/9/9/9/bC8 r r 0 0".to_string(), "'q' is not a colour"),
        (
            "rC8/9/9/9/9/9/9/9/9 r r 0 0".to_string(),
            "the game would already be over",
        ),
        (
            "rC8/9/9/9/9/9/9/9/bC8 y y 0 0".to_string(),
            "yellow (p3) is to move but has no living chief",
        ),
        (
            "rC8/9/9/9/4bC4/9/9/9/nM8 r r 0 0".to_string(),
            "pieces belong to nobody while a chief is in power",
        ),
    ];
    for (text, reason) in cases {
        let refused = setup(Some(&text), &[]).unwrap_err();
        assert!(refused.starts_with("start position: "), "{refused}");
        assert!(refused.contains(reason), "{text}: {refused}");
    }
}
