//! How a game ends: a player who cannot build is out (the last one in wins), using up two
//! kinds of building wins at once, and after the last tile the count of temples, towers, huts.

use super::*;
use crate::board::{Building, Standing};
use crate::hex::Hex;
use crate::state::Command;
use kifu_core::rules::Turn;

fn empty_handed(state: &mut State, seat: usize) {
    state.supply[seat].huts = 0;
}

#[test]
fn a_player_who_cannot_build_is_eliminated_and_the_last_in_wins() {
    let mut state = island(2, &FLAT);
    state.phase = Phase::Lay {
        tile: TileKind::parse("sand-sand").unwrap(),
    };
    empty_handed(&mut state, 0);
    enter(&mut state, "tile 2,0 0").unwrap();
    assert!(state.eliminated[0]);
    match Taluva.turn(&state) {
        Turn::Over { outcome } => {
            assert_eq!(outcome.winners, vec![1]);
            assert!(outcome.reason.contains("eliminated"));
        }
        turn => panic!("{turn:?}"),
    }
}

#[test]
fn an_eliminated_player_is_skipped_and_their_buildings_stay() {
    let mut state = island(3, &FLAT);
    state.board.at_mut(Hex::new(1, 0)).unwrap().standing = Some(Standing {
        building: Building::Hut,
        owner: 0,
        count: 1,
    });
    state.phase = Phase::Lay {
        tile: TileKind::parse("sand-sand").unwrap(),
    };
    empty_handed(&mut state, 0);
    enter(&mut state, "tile 2,0 0").unwrap();
    assert!(state.eliminated[0] && state.outcome.is_none());
    assert_eq!((state.seat, state.phase), (1, Phase::Draw));
    assert!(state.board.at(Hex::new(1, 0)).unwrap().standing.is_some());
    for text in ["draw rock-rock", "tile 0,2 0", "hut 1,2"] {
        enter(&mut state, text).unwrap();
    }
    assert_eq!(state.seat, 2);
    for text in ["draw lake-lake", "tile 2,-2 0", "hut 3,-2"] {
        enter(&mut state, text).unwrap();
    }
    assert_eq!(state.seat, 1, "p1 is out and skipped");
}

#[test]
fn using_up_two_kinds_of_building_wins_at_once() {
    let mut state = island(2, &FLAT);
    for (q, r) in [(1, 0), (1, -1), (0, -1)] {
        state.board.at_mut(Hex::new(q, r)).unwrap().standing = Some(Standing {
            building: Building::Hut,
            owner: 0,
            count: 1,
        });
    }
    state.supply[0].temples = 1;
    state.supply[0].towers = 0;
    enter(&mut state, "temple -1,0").unwrap();
    let outcome = state.outcome.clone().expect("over");
    assert_eq!(outcome.winners, vec![0]);
    assert!(outcome.reason.contains("temple and tower"), "{}", outcome.reason);
    refused(&mut state, "hut 2,0", "the game is over");
    assert!(state.legal().is_empty());
}

/// The last tile laid and built on: p2 builds one hut, then the count.
fn count(p1: (u8, u8, u8), p2: (u8, u8, u8)) -> kifu_core::rules::Outcome {
    let mut state = island(2, &FLAT);
    state.drawn = state.tiles_in_play;
    state.seat = 1;
    for (seat, (huts, temples, towers)) in [(0, p1), (1, p2)] {
        state.supply[seat] = crate::build::Supply { huts, temples, towers };
    }
    enter(&mut state, "hut 1,0").unwrap();
    state.outcome.expect("counted")
}

#[test]
fn the_final_count_goes_by_temples_then_towers_then_huts() {
    // Supplies held (huts, temples, towers); p2 then builds one more hut.
    assert_eq!(count((19, 1, 2), (5, 2, 1)).winners, vec![0], "temples first");
    assert_eq!(count((19, 2, 1), (5, 2, 2)).winners, vec![0], "then towers");
    assert_eq!(count((10, 2, 1), (12, 2, 1)).winners, vec![0], "then huts");
    let tie = count((10, 2, 1), (11, 2, 1));
    assert_eq!(tie.winners, vec![0, 1], "a full tie is shared");
    assert!(
        tie.reason.contains("p1 1/1/10") || tie.reason.contains("1/1/10"),
        "{}",
        tie.reason
    );
}

#[test]
fn an_eliminated_player_cannot_win_the_count() {
    let mut state = island(3, &FLAT);
    state.eliminated[0] = true;
    state.supply[0].temples = 0;
    state.drawn = state.tiles_in_play;
    state.seat = 1;
    enter(&mut state, "hut 1,0").unwrap();
    assert_eq!(state.outcome.expect("counted").winners, vec![1]);
}

#[test]
fn the_game_uses_twelve_tiles_a_player() {
    for players in 2..=4 {
        let state = State::new(players);
        assert_eq!(state.tiles_in_play, 12 * players as u16);
        let draws = state.legal().iter().filter(|c| matches!(c, Command::Draw(_))).count();
        assert_eq!(draws, 25, "all 25 kinds can be drawn at first");
    }
}
