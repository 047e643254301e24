//! One hand-built position per rule of seeds/senet.md.

use std::collections::BTreeMap;

use super::{legal, play, position, squares, start};
use crate::{position as notation, Senet, THROW_WEIGHTS};
use kifu_core::record::Actor;
use kifu_core::rules::{Rules, Setup, Turn, View};

#[test]
fn the_start_has_p1_on_odd_squares_and_p1_throws_first() {
    let state = start();
    assert_eq!(squares(&state, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]), "xoxoxoxoxo.");
    assert_eq!(Senet.turn(&state), Turn::Chance);
    assert_eq!(legal(&state), ["1", "2", "3", "4", "5"]);
    assert_eq!(notation::write(&state), "xoxoxoxoxo/........../.......... p1");
    let mut state = state;
    assert_eq!(play(&mut state, "throw 2").unwrap(), "2");
    assert_eq!(Senet.turn(&state), Turn::seat(0));
    assert_eq!(legal(&state), ["9-11"]);
}

#[test]
fn throws_outside_one_to_five_are_refused() {
    let mut state = start();
    assert!(play(&mut state, "7").unwrap_err().reason.contains("1 to 5"));
    assert!(play(&mut state, "0").unwrap_err().reason.contains("enter 5"));
    assert!(play(&mut state, "three").unwrap_err().reason.contains("not a throw"));
    assert!(play(&mut state, "-1").is_err());
    assert_eq!(play(&mut state, " 5 ").unwrap(), "5");
}

#[test]
fn the_sticks_give_throws_in_sixteenths() {
    assert_eq!(THROW_WEIGHTS, [4, 6, 4, 1, 1]);
    assert_eq!(THROW_WEIGHTS.iter().sum::<u64>(), 16);
}

#[test]
fn landing_on_a_lone_piece_swaps_the_two() {
    let mut state = position(&[5, 20], &[8, 12], "p1:3");
    assert_eq!(play(&mut state, "5-8").unwrap(), "5-8");
    assert_eq!(squares(&state, &[5, 8]), "ox");
    assert_eq!(Senet.turn(&state), Turn::Chance);
    assert_eq!(state.seat, 1, "a throw of 3 gives no extra throw");
}

#[test]
fn a_piece_next_to_its_own_side_is_protected() {
    let mut state = position(&[5, 1], &[8, 9], "p1:3");
    assert_eq!(legal(&state), ["1-4"]);
    let why = play(&mut state, "5-8").unwrap_err().reason;
    assert!(why.contains("protected"), "{why}");
    // Protection follows the track round the corner from 10 to 11.
    let mut state = position(&[7, 1], &[10, 11], "p1:3");
    assert!(play(&mut state, "7-10").unwrap_err().reason.contains("protected"));
    // Three in a row are protected too, each of them.
    let state = position(&[5, 6, 7], &[8, 9, 10], "p1:3");
    assert_eq!(legal(&state), ["5-4"], "no forward move: a step back");
}

#[test]
fn own_pieces_never_share_a_square() {
    let mut state = position(&[3, 5], &[20], "p1:2");
    assert_eq!(legal(&state), ["5-7"]);
    assert!(play(&mut state, "3-5").unwrap_err().reason.contains("your own piece"));
}

#[test]
fn with_no_forward_move_a_piece_steps_back_one() {
    let mut state = position(&[23, 24], &[25, 26], "p1:2");
    assert_eq!(legal(&state), ["23-22"]);
    let why = play(&mut state.clone(), "24-23").unwrap_err().reason;
    assert!(why.contains("cannot step back"), "{why}");
    assert!(play(&mut state.clone(), "pass").unwrap_err().reason.contains("23-22"));
    assert_eq!(play(&mut state, "23").unwrap(), "23-22");
    assert_eq!(squares(&state, &[22, 23, 24]), "x.x");
}

#[test]
fn a_step_back_is_refused_while_a_forward_move_exists() {
    let mut state = position(&[10], &[20], "p1:2");
    let why = play(&mut state, "10-9").unwrap_err().reason;
    assert!(why.contains("only when no piece can move forward"), "{why}");
}

#[test]
fn a_step_back_onto_a_lone_piece_swaps() {
    let mut state = position(&[23, 24], &[22, 25, 26], "p1:2");
    assert_eq!(legal(&state), ["23-22"]);
    play(&mut state, "23-22").unwrap();
    assert_eq!(squares(&state, &[22, 23]), "xo");
}

#[test]
fn with_no_move_at_all_the_player_must_pass() {
    let mut state = position(&[1, 28], &[3, 4], "p1:2");
    assert_eq!(legal(&state), ["pass"]);
    let why = play(&mut state.clone(), "1-3").unwrap_err().reason;
    assert!(why.contains("enter 'pass'"), "{why}");
    assert_eq!(play(&mut state, "Pass").unwrap(), "pass");
    assert_eq!((Senet.turn(&state), state.seat), (Turn::Chance, 1));
    assert_eq!(state.last_move.as_deref(), Some("p1 2:pass"));
}

#[test]
fn throws_of_one_four_and_five_throw_again_even_after_a_pass() {
    for (throw, again) in [(1, true), (2, false), (3, false), (4, true), (5, true)] {
        let mut state = position(&[1], &[20], &format!("p1:{throw}"));
        play(&mut state, "1").unwrap();
        assert_eq!(state.seat == 0, again, "throw {throw}");
    }
    let mut state = position(&[1, 28], &[5, 6], "p1:4");
    play(&mut state, "pass").unwrap();
    assert_eq!((Senet.turn(&state), state.seat), (Turn::Chance, 0));
}

#[test]
fn no_piece_passes_square_26_without_stopping() {
    let mut state = position(&[24], &[1], "p1:3");
    assert_eq!(legal(&state), ["24-23"], "24 + 3 passes 26, so the piece steps back");
    let why = play(&mut state, "24-27").unwrap_err().reason;
    assert!(why.contains("26"), "{why}");
    assert_eq!(legal(&position(&[24], &[1], "p1:2")), ["24-26"]);
    assert_eq!(legal(&position(&[25], &[1], "p1:1")), ["25-26"]);
}

#[test]
fn from_26_each_throw_goes_on_and_five_bears_off() {
    for (throw, expected) in [(1, "26-27"), (2, "26-28"), (3, "26-29"), (4, "26-30"), (5, "26-off")] {
        let state = position(&[26], &[1], &format!("p1:{throw}"));
        assert_eq!(legal(&state), [expected]);
    }
}

#[test]
fn the_water_goes_back_to_15_or_off_with_a_four() {
    let mut state = position(&[27, 2], &[1], "p1:4");
    assert_eq!(legal(&state), ["2-6", "27-off", "27-15"]);
    let why = play(&mut state.clone(), "27").unwrap_err().reason;
    assert!(why.contains("27-off or 27-15"), "{why}");
    play(&mut state, "27-off").unwrap();
    assert_eq!(state.board.borne_off(0), 4);
    // Any other throw: back to 15 or wait while another piece moves.
    assert_eq!(legal(&position(&[27, 2], &[1], "p1:2")), ["2-4", "27-15"]);
    assert_eq!(legal(&position(&[27], &[1], "p1:3")), ["27-15"]);
    // 15 taken: the nearest empty square before it.
    assert_eq!(legal(&position(&[27], &[15], "p1:3")), ["27-14"]);
    assert_eq!(legal(&position(&[27, 14], &[15], "p1:3")), ["14-17", "27-13"]);
    let mut state = position(&[27], &[15, 14], "p1:2");
    play(&mut state, "27-13").unwrap();
    assert_eq!(squares(&state, &[13, 14, 15, 27]), "xoo.");
}

#[test]
fn the_last_squares_bear_off_with_their_exact_throw() {
    for throw in 1..=5u8 {
        let side = format!("p1:{throw}");
        let off: Vec<String> = [28, 29, 30]
            .iter()
            .filter(|square| legal(&position(&[**square], &[1], &side)) == [format!("{square}-off")])
            .map(|square| square.to_string())
            .collect();
        let expected: Vec<&str> = match throw {
            2 => vec!["29", "30"],
            3 => vec!["28", "30"],
            _ => vec!["30"],
        };
        assert_eq!(off, expected, "throw {throw}");
    }
    let mut state = position(&[28], &[1], "p1:1");
    assert_eq!(legal(&state), ["pass"], "pieces on 27-30 neither move on nor step back");
    assert!(play(&mut state, "28-29")
        .unwrap_err()
        .reason
        .contains("only with a throw of 3"));
}

#[test]
fn a_piece_attacked_on_28_to_30_goes_to_the_water_if_it_is_empty() {
    let mut state = position(&[26], &[29], "p1:3");
    play(&mut state, "26-29").unwrap();
    assert_eq!(squares(&state, &[26, 27, 29]), ".ox");
    // The water taken: an ordinary swap.
    let mut state = position(&[26, 27], &[30], "p1:4");
    play(&mut state, "26-30").unwrap();
    assert_eq!(squares(&state, &[26, 27, 30]), "oxx");
    // A piece in the water attacked goes where the attacker came from.
    let mut state = position(&[26], &[27], "p1:1");
    play(&mut state, "26-27").unwrap();
    assert_eq!(squares(&state, &[26, 27]), "ox");
}

#[test]
fn pieces_on_27_to_30_are_never_protected_and_protect_nothing() {
    let mut state = position(&[26], &[28, 29], "p1:2");
    play(&mut state, "26-28").unwrap();
    assert_eq!(squares(&state, &[27, 28, 29]), "oxo");
    let mut state = position(&[24], &[26, 27], "p1:2");
    play(&mut state, "24-26").unwrap();
    assert_eq!(squares(&state, &[24, 26, 27]), "oxo");
    assert_eq!(
        legal(&position(&[24], &[25, 26], "p1:2")),
        ["24-23"],
        "25-26 is a protected pair"
    );
}

#[test]
fn bearing_off_the_fifth_piece_wins() {
    let mut state = position(&[30], &[1, 2], "p1:2");
    play(&mut state, "30-off").unwrap();
    match Senet.turn(&state) {
        Turn::Over { outcome } => assert_eq!(outcome.winners, [0]),
        turn => panic!("game not over: {turn}"),
    }
    assert!(legal(&state).is_empty());
    assert!(play(&mut state, "3").unwrap_err().reason.contains("over"));
    assert!(Senet.render(&state, View::Public).contains("p1 wins"));
}

#[test]
fn moves_read_in_lenient_forms_and_write_one_way() {
    for text in [
        "14-17",
        "14",
        "move 14",
        "14 17",
        "14>17",
        "14->17",
        "14 to 17",
        " MOVE 14-17 ",
    ] {
        let mut state = position(&[14], &[1], "p1:3");
        assert_eq!(play(&mut state, text).unwrap(), "14-17", "{text}");
    }
    for text in ["28-off", "28 off", "28"] {
        assert_eq!(play(&mut position(&[28], &[1], "p1:3"), text).unwrap(), "28-off");
    }
    let mut state = position(&[14], &[1], "p1:3");
    assert!(play(&mut state, "14-18").unwrap_err().reason.contains("may play 14-17"));
    assert!(play(&mut state, "31").unwrap_err().reason.contains("1 to 30"));
    assert!(play(&mut state, "1").unwrap_err().reason.contains("p2's piece"));
    assert!(play(&mut state, "2").unwrap_err().reason.contains("empty"));
    assert!(play(&mut state, "14-17-20").unwrap_err().reason.contains("not a move"));
    assert!(play(&mut state, "").is_err());
}

#[test]
fn only_the_player_to_act_may_act() {
    let state = position(&[14], &[1], "p1:3");
    let command = Senet.parse(&state, Actor::Seat(0), "14").unwrap();
    for actor in [Actor::Seat(1), Actor::Chance, Actor::Arbiter] {
        assert!(Senet.apply(&mut state.clone(), actor, &command).is_err(), "{actor}");
    }
    let state = position(&[14], &[1], "p2");
    let throw = Senet.parse(&state, Actor::Chance, "3").unwrap();
    assert!(Senet.apply(&mut state.clone(), Actor::Seat(1), &throw).is_err());
    assert!(Senet.apply(&mut state.clone(), Actor::Chance, &throw).is_ok());
}

#[test]
fn positions_read_back_and_bad_ones_say_why() {
    for text in [
        "xoxoxoxoxo/........../.......... p1",
        "x........./........o./.....xo..x p2:3",
    ] {
        assert_eq!(notation::write(&notation::parse(text).unwrap()), text);
    }
    let flat = notation::parse(&format!("x{}o p2", ".".repeat(29))).unwrap_err();
    assert!(flat.reason.contains("30 letters"), "{}", flat.reason);
    for (text, why) in [
        ("xxxxxx..../........../.........o p1", "five"),
        ("xoxoxoxoxo/........../.......... p3", "not a side"),
        ("xoxoxoxoxo/........../.......... p1:7", "1 to 5"),
        ("xoxoxoxoxo/........../.......... p1 extra", "unexpected"),
        ("xoxoxoxoxo/........../.......... ", "who acts"),
        ("xoxoxoxoxo/........./........... p1", "three groups"),
        ("xoxoxoxoxq/........../.......... p1", "square 10"),
        ("x........./........../.......... p1", "p2 has no piece"),
    ] {
        let reason = notation::parse(text).unwrap_err().reason;
        assert!(reason.contains(why), "{text}: {reason}");
    }
}

#[test]
fn options_are_refused() {
    for (key, value) in [("rules", "kendall"), ("speed", "fast")] {
        let options = BTreeMap::from([(key.to_string(), value.to_string())]);
        let setup = Setup {
            options: &options,
            players: 2,
            start: None,
        };
        assert!(Senet.setup(&setup).is_err(), "{key}");
    }
    let options = BTreeMap::new();
    let setup = Setup {
        options: &options,
        players: 2,
        start: Some("nonsense"),
    };
    assert!(Senet.setup(&setup).unwrap_err().reason.starts_with("start position"));
}

#[test]
fn the_board_shows_the_s_and_the_json_the_state() {
    let mut state = start();
    play(&mut state, "4").unwrap();
    let text = Senet.render(&state, View::Full);
    assert!(text.contains("| 1 X| 2 O|"), "{text}");
    assert!(text.contains(" .--|20  |19  |"), "{text}");
    assert!(text.contains("27 ~|"), "{text}");
    assert!(text.contains("p1 threw 4 and moves, then throws again"), "{text}");
    let json = Senet.state_json(&state, View::Public);
    assert_eq!(json["throw"], 4);
    assert_eq!(json["phase"], "move");
    assert_eq!(json["pieces"]["p2"], serde_json::json!([2, 4, 6, 8, 10]));
    assert_eq!(json["borne_off"]["p1"], 0);
    assert_eq!(json["squares"][0], "p1");
    assert_eq!(json["position"], "xoxoxoxoxo/........../.......... p1:4");
}

#[test]
fn odd_states_from_a_snapshot_do_not_panic() {
    use kifu_core::game::Game;
    let mut state = position(&[30], &[1], "p1:3");
    state.seat = 200;
    state.throw = Some(250);
    state.winner = None;
    let bytes = bincode::serde::encode_to_vec(&state, bincode::config::standard()).unwrap();
    let mut game = crate::GAME.restore(&bytes).unwrap();
    let _ = game.legal();
    let _ = game.render(View::Full);
    let _ = game.state_json(View::Full);
    let _ = game.apply(Actor::Seat(200), "30-off");
    let _ = game.apply(Actor::Seat(200), "pass");
    assert!(crate::GAME.restore(b"\xff\xff").is_err());
}
