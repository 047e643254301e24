//! Each piece's moves and kills as the published rules describe them, in small positions.

use super::*;

#[test]
fn the_start_is_the_published_corner_layout() {
    let state = start();
    assert_eq!(Board::start().write(), position::START.split(' ').next().unwrap());
    assert_eq!(position::write(&state), position::START);
    assert_eq!(piece(&state, "a1"), living(Kind::Chief, 0));
    assert_eq!(piece(&state, "b1"), living(Kind::Assassin, 0));
    assert_eq!(piece(&state, "a2"), living(Kind::Reporter, 0));
    assert_eq!(piece(&state, "b2"), living(Kind::Diplomat, 0));
    assert_eq!(piece(&state, "c3"), living(Kind::Necromobile, 0));
    assert_eq!(piece(&state, "i1"), living(Kind::Chief, 1));
    assert_eq!(piece(&state, "i9"), living(Kind::Chief, 2));
    assert_eq!(piece(&state, "a9"), living(Kind::Chief, 3));
    assert_eq!(piece(&state, "e5"), None);
    assert_eq!(state.board.pieces().count(), 36);
    assert_eq!(state.to_move, 0);
}

#[test]
fn a_militant_goes_one_or_two_squares_and_only_passes_over_the_labyrinth() {
    let state = at(&[("e3", "rM"), ("a1", "rC"), ("i9", "bC")], "r r 0 0");
    let mut moves: Vec<String> = legal(&state).into_iter().filter(|m| m.starts_with("M ")).collect();
    moves.sort();
    let mut expected = vec![
        "M e3-e4", "M e3-e2", "M e3-e1", "M e3-d3", "M e3-c3", "M e3-f3", "M e3-g3", "M e3-d4", "M e3-c5", "M e3-f4",
        "M e3-g5", "M e3-d2", "M e3-c1", "M e3-f2", "M e3-g1",
    ];
    expected.sort();
    assert_eq!(moves, expected);
    assert!(refused(&state, "M e3-e5").contains("only a chief may stop in the Labyrinth"));
    assert!(refused(&state, "M e3-e6").contains("cannot reach e6"));
}

#[test]
fn no_piece_jumps_a_corpse_or_a_living_piece() {
    let state = at(&[("a1", "rC"), ("a3", "xM"), ("c3", "rM"), ("i9", "bC")], "r r 0 0");
    let moves = legal(&state);
    assert!(moves.contains(&"C a1-a2".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("C a1-a4")));
    assert!(moves.contains(&"C a1-b2".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("C a1-d4")));
    assert!(refused(&state, "C a1-a5").contains("no piece jumps"));
}

#[test]
fn the_chief_kills_by_replacement_and_puts_the_corpse_on_any_empty_square_but_e5() {
    let state = at(&[("a1", "rC"), ("a5", "bM"), ("i9", "bC")], "r r 0 0");
    let after = play(&state, "C a1xa5 @b7").unwrap();
    assert_eq!(piece(&after, "a5"), living(Kind::Chief, 0));
    assert_eq!(piece(&after, "b7"), corpse(Kind::Militant));
    assert_eq!(piece(&after, "a1"), None);
    // The corpse may go to the square the chief left, never to the Labyrinth or a full square.
    assert!(play(&state, "C a1xa5 @a1").is_ok());
    assert!(refused(&state, "C a1xa5 @e5").contains("Labyrinth"));
    assert!(refused(&state, "C a1xa5 @i9").contains("i9 is not empty"));
    assert!(refused(&state, "C a1xa5").contains("add @SQUARE"));
    // 81 squares less the chief, the blue chief and the Labyrinth: 78 places for the corpse.
    assert_eq!(legal(&state).iter().filter(|m| m.starts_with("C a1xa5 @")).count(), 78);
}

#[test]
fn the_assassin_leaves_the_corpse_on_the_square_it_came_from() {
    let state = at(&[("a1", "rC"), ("b1", "rA"), ("b6", "bR"), ("i9", "bC")], "r r 0 0");
    let after = play(&state, "A b1xb6").unwrap();
    assert_eq!(piece(&after, "b6"), living(Kind::Assassin, 0));
    assert_eq!(piece(&after, "b1"), corpse(Kind::Reporter));
    assert!(play(&state, "A b1xb6 @b1").is_ok(), "the implied square may be written");
    assert!(refused(&state, "A b1xb6 @c4").contains("the square it came from, b1"));
}

#[test]
fn the_reporter_kills_one_piece_beside_where_it_stops_and_the_corpse_stays() {
    let state = at(
        &[
            ("a1", "rC"),
            ("a4", "rR"),
            ("e5", "bC"),
            ("d5", "bM"),
            ("c5", "yM"),
            ("i9", "yC"),
        ],
        "r r 0 0",
    );
    let moves = legal(&state);
    // From d4: d5 above it, e4 and c4 empty, d3 empty; c5 and e5 are diagonal.
    assert!(moves.contains(&"R a4-d4 xd5".to_string()));
    assert!(moves.contains(&"R a4-d4".to_string()), "the kill may be left");
    assert!(!moves.contains(&"R a4-d4 xe5".to_string()));
    assert!(refused(&state, "R a4-d4 xc5").contains("c5 is not beside d4"));
    let after = play(&state, "R a4-d4 xd5").unwrap();
    assert_eq!(piece(&after, "d5"), corpse(Kind::Militant));
    assert_eq!(piece(&after, "d4"), living(Kind::Reporter, 0));
    // The chief in power is killed where it sits: its corpse stays in the Labyrinth.
    let after = play(&state, "R a4-a5 xa6");
    assert!(after.unwrap_err().contains("no living enemy piece stands on a6"));
    let after = play(&state, "R a4-e4 xe5").unwrap();
    assert_eq!(piece(&after, "e5"), corpse(Kind::Chief));
    assert_eq!(
        piece(&after, "d5"),
        living(Kind::Militant, 0),
        "blue's pieces are red's now"
    );
    assert!(refused(&state, "R a4-a5xa6 @b2").contains("no living enemy"));
}

#[test]
fn the_diplomat_moves_a_living_enemy_and_may_put_a_chief_in_power() {
    let state = at(
        &[
            ("a1", "rC"),
            ("b2", "rD"),
            ("b3", "rM"),
            ("f6", "bM"),
            ("b8", "bC"),
            ("i9", "yC"),
        ],
        "r r 0 0",
    );
    let after = play(&state, "D b2-f6 @h2").unwrap();
    assert_eq!(piece(&after, "f6"), living(Kind::Diplomat, 0));
    assert_eq!(piece(&after, "h2"), living(Kind::Militant, 1), "moved, not killed");
    assert!(refused(&state, "D b2-f6 @e5").contains("Labyrinth"));
    assert!(refused(&state, "D b2-b3 @c4").contains("your own"));
    // Blue's chief put in the Labyrinth is in power and moves at once, before blue's turn.
    assert!(
        refused(&state, "D b2-b8 @e5").contains("cannot reach b8"),
        "b3 is in the way"
    );
    let state = at(&[("a1", "rC"), ("b2", "rD"), ("b7", "bC"), ("i9", "yC")], "r r 0 0");
    let after = play(&state, "D b2-b7 @e5").unwrap();
    assert_eq!(after.board.in_power(), Some(1));
    assert_eq!(after.to_move, 1);
}

#[test]
fn the_necromobile_moves_corpses_and_nothing_else() {
    let state = at(
        &[
            ("a1", "rC"),
            ("c3", "rN"),
            ("c6", "xA"),
            ("f3", "bM"),
            ("a3", "rM"),
            ("c1", "rA"),
            ("i9", "bC"),
        ],
        "r r 0 0",
    );
    let after = play(&state, "N c3-c6 @h8").unwrap();
    assert_eq!(piece(&after, "c6"), living(Kind::Necromobile, 0));
    assert_eq!(piece(&after, "h8"), corpse(Kind::Assassin));
    assert!(refused(&state, "N c3-f3 @h8").contains("necromobile moves corpses"));
    assert!(refused(&state, "N c3-c6 @e5").contains("Labyrinth"));
    let killers = at(&[("a1", "rC"), ("a3", "xM"), ("i9", "bC")], "r r 0 0");
    assert!(refused(&killers, "C a1xa3 @b5").contains("only a necromobile moves corpses"));
}

#[test]
fn only_a_chief_stops_in_the_labyrinth_and_there_it_is_in_power() {
    let state = at(&[("e1", "rC"), ("e3", "rA"), ("i9", "bC")], "r r 0 0");
    assert!(refused(&state, "A e3-e5").contains("only a chief may stop"));
    assert!(
        legal(&state).contains(&"A e3-e7".to_string()),
        "it passes over the empty Labyrinth"
    );
    let state = at(&[("e1", "rC"), ("i9", "bC")], "r r 0 0");
    let after = play(&state, "C e1-e5").unwrap();
    assert_eq!(after.board.in_power(), Some(0));
    assert_eq!(after.to_move, 1, "the next player moves before the chief's extra turn");
}

#[test]
fn a_militant_cannot_kill_the_chief_in_power_but_a_chief_can_and_takes_its_place() {
    let state = at(
        &[("e8", "rC"), ("e4", "rM"), ("e5", "bC"), ("e3", "bM"), ("i9", "yC")],
        "r r 0 0",
    );
    assert!(refused(&state, "M e4xe5 @a5").contains("a militant cannot kill a chief in power"));
    let after = play(&state, "C e8xe5 @a5").unwrap();
    assert_eq!(after.board.in_power(), Some(0));
    assert_eq!(piece(&after, "a5"), corpse(Kind::Chief));
    assert_eq!(
        piece(&after, "e3"),
        living(Kind::Militant, 0),
        "the dead chief's pieces surrender"
    );
    assert!(!after.alive(1));
    assert_eq!(after.to_move, 2, "blue is out: yellow is next");
}

#[test]
fn a_piece_that_acts_in_the_labyrinth_leaves_it_in_the_same_turn() {
    let state = at(&[("a1", "rC"), ("c5", "rA"), ("e5", "bC"), ("i9", "yC")], "r r 0 0");
    assert!(refused(&state, "A c5xe5").contains("an assassin may not stay in the Labyrinth: add >SQUARE"));
    assert!(refused(&state, "A c5xe5 >c5").contains("cannot leave e5 for c5"));
    let after = play(&state, "A c5xe5 >e8").unwrap();
    assert_eq!(piece(&after, "e5"), None);
    assert_eq!(piece(&after, "c5"), corpse(Kind::Chief));
    assert_eq!(piece(&after, "e8"), living(Kind::Assassin, 0));
    let exits = legal(&state).iter().filter(|m| m.starts_with("A c5xe5 >")).count();
    // Eight lines of four squares from e5, less c5 (the corpse) with b5 and a5 behind it, and
    // the squares of the two chiefs, a1 and i9.
    assert_eq!(exits, 32 - 3 - 2);

    let state = at(&[("a1", "rC"), ("c5", "rD"), ("e5", "bC"), ("i9", "yC")], "r r 0 0");
    let after = play(&state, "D c5-e5 @a9 >e2").unwrap();
    assert_eq!(piece(&after, "a9"), living(Kind::Chief, 1), "moved out of power, alive");
    assert_eq!(piece(&after, "e2"), living(Kind::Diplomat, 0));
    assert_eq!(after.board.in_power(), None);

    let state = at(
        &[("a1", "rC"), ("c5", "rN"), ("e5", "xC"), ("i9", "yC"), ("i1", "bC")],
        "r r 0 0",
    );
    let after = play(&state, "N c5-e5 @h1 >e9").unwrap();
    assert_eq!(piece(&after, "h1"), corpse(Kind::Chief));
    assert_eq!(piece(&after, "e5"), None);
    assert!(refused(&state, "N c5-e5 @h1").contains(">SQUARE"));
}
