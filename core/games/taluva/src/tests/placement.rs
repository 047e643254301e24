//! Where tiles may lie: the first at the origin, on the sea touching the island, stacked
//! volcano on volcano across two or three tiles of one level, never burying a settlement.

use super::*;
use crate::board::{Building, Standing};
use crate::hex::Hex;
use crate::tiles::{Terrain, HUTS, TEMPLES, TILES, TOWERS};

#[test]
fn the_tile_table_is_the_csv_and_holds_48_tiles() {
    let csv = include_str!("../../data/taluva_tiles_48.csv");
    let rows: Vec<(String, String, u8)> = csv
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("left,"))
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[0].to_string(), f[1].to_string(), f[2].parse().unwrap())
        })
        .collect();
    let table: Vec<(String, String, u8)> = TILES
        .iter()
        .map(|(l, r, n)| (l.name().to_string(), r.name().to_string(), *n))
        .collect();
    assert_eq!(rows, table);
    assert_eq!(TILES.iter().map(|t| u32::from(t.2)).sum::<u32>(), 48);
    let buildings = include_str!("../../data/taluva_buildings_per_player.csv");
    for (name, n) in [("hut", HUTS), ("temple", TEMPLES), ("tower", TOWERS)] {
        assert!(buildings.lines().any(|l| l == format!("{name},{n}")), "{name}");
    }
}

#[test]
fn the_first_tile_lies_with_its_volcano_at_the_origin() {
    let mut state = State::new(2);
    enter(&mut state, "draw jungle-clearing").unwrap();
    refused(&mut state, "tile 1,0 0", "0,0");
    enter(&mut state, "tile 0,0 4").unwrap();
    let cell = |q, r| state.board.at(Hex::new(q, r)).cloned().unwrap();
    assert_eq!(cell(0, 0).terrain, Terrain::Volcano);
    assert_eq!(cell(-1, 1).terrain, Terrain::Jungle); // direction 4: south-west
    assert_eq!(cell(0, 1).terrain, Terrain::Clearing); // then south-east
    assert_eq!(state.phase, Phase::Build);
}

#[test]
fn a_tile_on_the_sea_must_touch_the_island() {
    let mut state = island(2, &FLAT[..1]);
    state.phase = Phase::Lay {
        tile: TileKind::parse("sand-sand").unwrap(),
    };
    refused(&mut state, "tile 3,0 0", "touch the island");
    // (2,0) touches (1,0) along an edge.
    enter(&mut state, "tile 2,0 0").unwrap();
    assert_eq!(state.board.cells.len(), 6);
}

#[test]
fn a_tile_may_not_overhang_the_sea() {
    let mut state = island(2, &FLAT);
    state.phase = Phase::Lay {
        tile: TileKind::parse("sand-sand").unwrap(),
    };
    refused(&mut state, "tile -1,-1 3", "overhang");
}

#[test]
fn a_stacked_volcano_lies_on_a_volcano_of_the_same_level() {
    let mut state = island(2, &FLAT);
    state.phase = Phase::Lay {
        tile: TileKind::parse("rock-rock").unwrap(),
    };
    refused(&mut state, "tile 1,0 2", "volcano must lie on a volcano");
    enter(&mut state, "tile 0,0 2").unwrap();
    for hex in [Hex::new(0, 0), Hex::new(0, -1), Hex::new(-1, 0)] {
        assert_eq!(state.board.at(hex).unwrap().level, 2, "{hex}");
    }
    assert_eq!(state.board.at(Hex::new(0, -1)).unwrap().terrain, Terrain::Rock);
    // Volcano -1,1 is level 1 and its neighbours 0,0 and -1,0 are now level 2.
    state.phase = Phase::Lay {
        tile: TileKind::parse("lake-lake").unwrap(),
    };
    refused(&mut state, "tile -1,1 1", "of one level");
}

#[test]
fn a_stacked_tile_never_lies_exactly_on_one_tile() {
    let mut state = island(2, &FLAT);
    state.phase = Phase::Lay {
        tile: TileKind::parse("rock-rock").unwrap(),
    };
    // The seed's wording: the volcano may not face the way of the one beneath.
    refused(&mut state, "tile 0,0 0", "not lie exactly on one");
    assert!(!state
        .legal()
        .iter()
        .any(|c| matches!(c, crate::state::Command::Lay(p) if p.volcano == Hex::ORIGIN && p.direction == 0)));
}

#[test]
fn covering_huts_sends_them_home_and_temples_cannot_be_covered() {
    let mut state = island(2, &FLAT);
    let hut = Standing {
        building: Building::Hut,
        owner: 1,
        count: 1,
    };
    state.board.at_mut(Hex::new(0, -1)).unwrap().standing = Some(hut);
    state.board.at_mut(Hex::new(1, -1)).unwrap().standing = Some(hut);
    state.supply[1].huts -= 2;
    state.phase = Phase::Lay {
        tile: TileKind::parse("rock-rock").unwrap(),
    };
    let mut temple_case = state.clone();
    temple_case.board.at_mut(Hex::new(-1, 0)).unwrap().standing = Some(Standing {
        building: Building::Temple,
        owner: 0,
        count: 1,
    });
    refused(&mut temple_case, "tile 0,0 2", "temples and towers cannot be covered");
    // The hut at 0,-1 goes under; p2's settlement 0,-1 + 1,-1 survives at 1,-1.
    enter(&mut state, "tile 0,0 2").unwrap();
    assert_eq!(state.supply[1].huts, HUTS - 1);
    assert_eq!(state.board.at(Hex::new(0, -1)).unwrap().standing, None);
}

/// The seed's example: two huts form a settlement; a tile may not cover both.
#[test]
fn the_seeds_example_a_settlement_of_two_huts_cannot_be_buried_whole() {
    let mut state = island(2, &FLAT);
    let hut = Standing {
        building: Building::Hut,
        owner: 1,
        count: 1,
    };
    state.board.at_mut(Hex::new(0, -1)).unwrap().standing = Some(hut);
    state.board.at_mut(Hex::new(-1, 0)).unwrap().standing = Some(hut);
    state.supply[1].huts -= 2;
    state.phase = Phase::Lay {
        tile: TileKind::parse("rock-rock").unwrap(),
    };
    // 0,-1 and -1,0 touch: one settlement, which tile 0,0 2 would bury whole.
    refused(&mut state, "tile 0,0 2", "bury the whole settlement");
}

#[test]
fn draws_are_chances_and_only_from_the_tiles_left() {
    let mut state = State::new(2);
    assert!(enter_as(&mut state, Actor::Seat(0), "draw jungle-clearing")
        .unwrap_err()
        .contains("chance"));
    state.pool[crate::tiles::kind_index(TileKind::parse("lake-lake").unwrap()).unwrap()] = 0;
    refused(&mut state, "draw lake-lake", "no lake-lake tile is left");
    refused(&mut state, "draw lava-lake", "not a terrain");
    refused(&mut state, "tile 0,0 0", "must be drawn");
    enter(&mut state, "draw l-s").unwrap();
    assert_eq!(
        state.phase,
        Phase::Lay {
            tile: TileKind::parse("lake-sand").unwrap()
        }
    );
    refused(&mut state, "draw jungle-clearing", "not time to draw");
    refused(&mut state, "tile 0,0 6", "direction 0 to 5");
    refused(&mut state, "tile 0;0 1", "not a hex");
    refused(&mut state, "hut 1,0", "lay the tile before building");
    assert!(enter_as(&mut state, Actor::Seat(1), "tile 0,0 1")
        .unwrap_err()
        .contains("p1's turn"));
}
