//! Turn order: red, blue, yellow, green; the player in power moves after each other player;
//! eliminated players are passed over; encirclement, surrender, the end and the draw.

use super::*;

/// The seats to move, after each of the given moves.
fn order(state: &State, moves: &[&str]) -> Vec<u8> {
    let mut seats = vec![state.to_move];
    let mut state = state.clone();
    for m in moves {
        state = play(&state, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        seats.push(state.to_move);
    }
    seats
}

#[test]
fn the_turn_goes_red_blue_yellow_green() {
    let seats = order(&start(), &["M c1-d1", "M g1-f1", "M g9-f9", "M c9-d9", "M d1-e1"]);
    assert_eq!(seats, [0, 1, 2, 3, 0, 1]);
}

#[test]
fn the_chief_in_power_moves_after_every_other_player() {
    // Yellow's chief holds the Labyrinth; red is to move.
    let state = at(
        &[
            ("a1", "rC"),
            ("c1", "rM"),
            ("i1", "bC"),
            ("g1", "bM"),
            ("e5", "yC"),
            ("g9", "yM"),
            ("a9", "gC"),
            ("c9", "gM"),
        ],
        "r r 0 0",
    );
    let seats = order(
        &state,
        &[
            "M c1-d1", "M g9-g8", "M g1-f1", "M g8-g7", "M c9-d9", "M g7-g6", "M d1-e1", "M g6-g5",
        ],
    );
    assert_eq!(seats, [0, 2, 1, 2, 3, 2, 0, 2, 1]);
}

#[test]
fn entering_the_labyrinth_gives_the_next_player_the_move_first() {
    let state = at(&[("e1", "rC"), ("i1", "bC"), ("g1", "bM"), ("a9", "gC")], "r r 0 0");
    let seats = order(&state, &["C e1-e5", "M g1-f1", "C e5-e4", "C a9-a8"]);
    // Red enters (its own turn; blue next), red's extra turn after blue, red leaves power;
    // yellow is out, so green, then red again.
    assert_eq!(seats, [0, 1, 0, 3, 0]);
}

#[test]
fn a_killed_chiefs_pieces_go_to_the_killer_and_its_player_is_passed_over() {
    let state = at(
        &[("a1", "rC"), ("a5", "bC"), ("h2", "bM"), ("i9", "yC"), ("a8", "gC")],
        "r r 0 0",
    );
    let after = play(&state, "C a1xa5 @b2").unwrap();
    assert!(!after.alive(1));
    assert_eq!(piece(&after, "h2"), living(Kind::Militant, 0));
    assert_eq!(after.to_move, 2, "blue is gone: yellow is next");
    assert!(
        legal(&after).iter().all(|m| m.starts_with("C i9")),
        "yellow has only its chief"
    );
    let after = played(&after, &["C i9-i8", "C a8-a7"]);
    assert_eq!(after.to_move, 0);
    assert!(
        legal(&after).contains(&"M h2-h3".to_string()),
        "red moves its new militant"
    );
}

#[test]
fn the_last_chief_alive_wins() {
    let state = at(&[("a1", "rC"), ("a5", "bC")], "r r 0 0");
    let after = play(&state, "C a1xa5 @b2").unwrap();
    let outcome = after.outcome.clone().expect("over");
    assert_eq!(outcome.winners, [0]);
    assert!(outcome.reason.contains("last chief alive is red's"), "{outcome:?}");
    assert!(legal(&after).is_empty());
    assert!(refused(&after, "C a5-a6").contains("the game is over"));
}

const WALLS: [(&str, &str); 2] = [("a2", "xM"), ("b2", "xM")];

fn walled(pieces: &[(&'static str, &'static str)]) -> State {
    let mut all = pieces.to_vec();
    all.extend(WALLS);
    at(&all, "b b 0 0")
}

#[test]
fn a_chief_walled_in_by_corpses_without_a_necromobile_is_eliminated() {
    let state = walled(&[("a1", "rC"), ("h5", "rA"), ("b5", "bC"), ("i9", "yC")]);
    assert!(state.alive(0));
    // Blue's chief kills red's assassin and closes the wall with its corpse on b1.
    let after = play(&state, "C b5xh5 @b1").unwrap();
    assert_eq!(piece(&after, "a1"), corpse(Kind::Chief));
    assert!(!after.alive(0));
    assert_eq!(after.to_move, 2, "red is out: yellow is next");
    // The same corpse elsewhere leaves red in the game.
    assert!(play(&state, "C b5xh5 @c1").unwrap().alive(0));
}

#[test]
fn an_encircled_players_pieces_wait_for_a_chief_in_power() {
    let state = walled(&[("a1", "rC"), ("h5", "rA"), ("g5", "rM"), ("b5", "bC"), ("e8", "yC")]);
    let after = play(&state, "C b5xg5 @b1").unwrap();
    assert!(!after.alive(0));
    assert_eq!(piece(&after, "h5").map(|p| p.owner), Some(None), "nobody's assassin");
    assert_eq!(after.to_move, 2);
    assert!(
        legal(&after).iter().all(|m| !m.contains("h5")),
        "it can be neither moved nor killed"
    );
    let after = play(&after, "C e8-e5").unwrap();
    assert_eq!(
        piece(&after, "h5"),
        living(Kind::Assassin, 2),
        "yellow, in power, takes it"
    );
}

#[test]
fn a_necromobile_or_the_labyrinth_saves_a_walled_chief() {
    let state = walled(&[("a1", "rC"), ("h5", "rN"), ("g5", "rM"), ("b5", "bC"), ("i9", "yC")]);
    assert!(play(&state, "C b5xg5 @b1").unwrap().alive(0), "red keeps a necromobile");
    let ring = ["d4", "e4", "f4", "d5", "f5", "d6", "e6"];
    let mut pieces: Vec<(&str, &str)> = ring.iter().map(|s| (*s, "xM")).collect();
    pieces.extend([("e5", "rC"), ("b5", "bC"), ("e8", "yM"), ("i9", "yC")]);
    let state = at(&pieces, "b b 0 0");
    let after = play(&state, "C b5xe8 @f6").unwrap();
    assert!(after.alive(0), "the chief in power cannot be walled in");
}

#[test]
fn a_hundred_moves_without_a_kill_draw_the_game() {
    let state = at(&[("a1", "rC"), ("i9", "bC")], "r r 99 300");
    let after = play(&state, "C a1-a2").unwrap();
    let outcome = after.outcome.expect("drawn");
    assert!(outcome.winners.is_empty());
    assert!(
        outcome.reason.contains("100 moves in a row without a kill"),
        "{outcome:?}"
    );
    let state = at(&[("a1", "rC"), ("a3", "bM"), ("i9", "bC")], "r r 99 300");
    let after = play(&state, "C a1xa3 @h1").unwrap();
    assert_eq!((after.quiet, after.outcome), (0, None), "a kill resets the count");
}

#[test]
fn a_player_with_no_move_passes_and_may_pass_only_then() {
    let corpses = ["a3", "b3", "c3", "c2", "c1"];
    let mut pieces: Vec<(&str, &str)> = corpses.iter().map(|s| (*s, "xM")).collect();
    pieces.extend([("a1", "rC"), ("a2", "rM"), ("b1", "rM"), ("b2", "rM"), ("i9", "bC")]);
    let state = at(&pieces, "r r 0 0");
    assert_eq!(legal(&state), ["pass"]);
    let after = play(&state, "pass").unwrap();
    assert_eq!(after.to_move, 1);
    assert!(refused(&after, "pass").contains("may pass only with no move left"));
}
