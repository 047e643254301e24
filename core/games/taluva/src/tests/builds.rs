//! The four builds: a hut on level 1 apart from one's settlements, an extension over one
//! terrain (huts as many as the level), a temple beside a settlement of three hexes, a tower
//! on level 3 or higher.

use super::*;
use crate::board::{Building, Standing};
use crate::hex::Hex;
use crate::tiles::HUTS;

fn put(state: &mut State, q: i16, r: i16, building: Building, owner: u8) {
    state.board.at_mut(Hex::new(q, r)).unwrap().standing = Some(Standing {
        building,
        owner,
        count: 1,
    });
    *state.supply[usize::from(owner)].of_mut(building) -= 1;
}

fn standing(state: &State, q: i16, r: i16) -> Option<Standing> {
    state.board.at(Hex::new(q, r)).unwrap().standing
}

/// FLAT with tile 0,0 2 (rock-rock) stacked: 0,0 volcano, 0,-1 and -1,0 rock at level 2.
fn stacked() -> State {
    let mut tiles = FLAT.to_vec();
    tiles.push(("rock-rock", "0,0 2"));
    island(2, &tiles)
}

#[test]
fn a_hut_goes_on_a_free_level_1_hex_that_is_not_a_volcano() {
    let mut state = stacked();
    refused(&mut state, "hut 0,0", "volcano");
    refused(&mut state, "hut 5,5", "sea");
    refused(&mut state, "hut 0,-1", "level 2");
    enter(&mut state, "hut 1,0").unwrap();
    assert_eq!(
        standing(&state, 1, 0),
        Some(Standing {
            building: Building::Hut,
            owner: 0,
            count: 1
        })
    );
    assert_eq!(state.supply[0].huts, HUTS - 1);
    assert_eq!((state.seat, state.phase), (1, Phase::Draw));
}

#[test]
fn a_new_hut_may_not_touch_ones_own_settlement_but_may_touch_anothers() {
    let mut state = island(2, &FLAT);
    put(&mut state, 1, 0, Building::Hut, 0);
    refused(&mut state, "hut 1,-1", "touches one of your settlements");
    refused(&mut state, "hut 1,0", "already holds a hut");
    let mut other = state.clone();
    other.seat = 1;
    enter(&mut other, "hut 1,-1").unwrap();
}

#[test]
fn extending_puts_as_many_huts_as_the_level_on_each_touching_hex_of_the_terrain() {
    let mut state = stacked();
    put(&mut state, 0, -2, Building::Hut, 0);
    refused(&mut state, "extend 0,-2 jungle", "no free jungle hex");
    enter(&mut state, "extend 0,-2 rock").unwrap();
    assert_eq!(
        standing(&state, 0, -1),
        Some(Standing {
            building: Building::Hut,
            owner: 0,
            count: 2
        })
    );
    // -1,0 is rock of level 2 too, but touches 0,-1 only, not the settlement as it was.
    assert_eq!(standing(&state, -1, 0), None);
    assert_eq!(state.supply[0].huts, HUTS - 3);
}

#[test]
fn an_extension_every_hex_at_once_or_not_at_all() {
    let mut state = island(2, &FLAT);
    // p1's settlement 1,-1 touches jungle 1,0 and, through 0,-1, jungle -1,0.
    put(&mut state, 1, -1, Building::Hut, 0);
    put(&mut state, 0, -1, Building::Hut, 0);
    state.supply[0].huts = 1;
    refused(&mut state, "extend 1,-1 jungle", "takes 2 huts and you hold 1");
    state.supply[0].huts = 2;
    // Any hex of the settlement names it; the record keeps its first hex in (q, r) order.
    let command = Taluva.parse(&state, Actor::Seat(0), "extend 1,-1 j").unwrap();
    assert_eq!(Taluva.format(&state, &command), "extend 0,-1 jungle");
    enter(&mut state, "extend 1,-1 jungle").unwrap();
    assert!(standing(&state, 1, 0).is_some() && standing(&state, -1, 0).is_some());
    assert_eq!(state.supply[0].huts, 0);
}

#[test]
fn only_ones_own_settlement_can_be_extended() {
    let mut state = island(2, &FLAT);
    put(&mut state, 0, -1, Building::Hut, 1);
    refused(&mut state, "extend 0,-1 jungle", "none of your settlements");
    refused(&mut state, "extend 1,0 jungle", "none of your settlements");
}

#[test]
fn a_temple_needs_a_settlement_of_three_hexes_without_a_temple() {
    let mut state = island(2, &FLAT);
    put(&mut state, 1, 0, Building::Hut, 0);
    put(&mut state, 1, -1, Building::Hut, 0);
    refused(&mut state, "temple 0,-1", "three or more hexes");
    put(&mut state, 0, -2, Building::Hut, 0);
    // 1,0 - 1,-1 - 0,-1? 0,-1 is empty: 0,-2 touches 1,-1? No: 0,-2's neighbours are 1,-2,
    // 1,-3, 0,-3, -1,-2, -1,-1, 0,-1. So the settlements are {1,0 1,-1} and {0,-2}.
    refused(&mut state, "temple 0,-1", "three or more hexes");
    let mut three = island(2, &FLAT);
    put(&mut three, 1, 0, Building::Hut, 0);
    put(&mut three, 1, -1, Building::Hut, 0);
    put(&mut three, 0, -1, Building::Hut, 0);
    enter(&mut three, "temple -1,0").unwrap();
    assert_eq!(three.supply[0].temples, 2);
    let mut again = three.clone();
    again.seat = 0;
    again.phase = Phase::Build;
    refused(&mut again, "temple 0,-2", "without a temple");
}

#[test]
fn a_tower_needs_level_3_beside_ones_settlement() {
    let mut state = stacked();
    put(&mut state, 1, -1, Building::Hut, 0);
    refused(&mut state, "tower 0,-1", "level 2");
    state.board.at_mut(Hex::new(0, -1)).unwrap().level = 3;
    state.board.at_mut(Hex::new(-1, 0)).unwrap().level = 3;
    refused(&mut state, "tower -1,0", "touches none of your settlements");
    enter(&mut state, "tower 0,-1").unwrap();
    assert_eq!(standing(&state, 0, -1).map(|s| s.building), Some(Building::Tower));
}

#[test]
fn legal_builds_are_exactly_the_accepted_ones() {
    let mut state = stacked();
    put(&mut state, 0, -2, Building::Hut, 0);
    let legal: Vec<String> = state.legal().iter().map(crate::command::format).collect();
    assert!(legal.contains(&"extend 0,-2 rock".to_string()), "{legal:?}");
    assert!(legal.contains(&"hut 1,0".to_string()));
    assert!(
        !legal.iter().any(|c| c.starts_with("temple") || c.starts_with("tower")),
        "{legal:?}"
    );
    for text in &legal {
        enter(&mut state.clone(), text).unwrap();
    }
}
