//! How a Taluva position looks: text for a terminal and JSON for pages (every hex with its
//! level, terrain, building and owner). Taluva hides nothing; this never changes a state.

use serde_json::json;

use super::board::Building;
use super::state::{Phase, State};
use super::tiles::TILES;
use kifu_core::record::Actor;

fn building_text(state: &State, seat: usize) -> String {
    let s = state.supply[seat];
    format!(
        "{}{}: holds {} huts, {} temples, {} towers; built {}/{}/{}",
        Actor::Seat(seat as u8),
        if state.eliminated[seat] { " (eliminated)" } else { "" },
        s.huts,
        s.temples,
        s.towers,
        state.built(seat, Building::Temple),
        state.built(seat, Building::Tower),
        state.built(seat, Building::Hut)
    )
}

pub fn render(state: &State) -> String {
    let mut out = String::from("hex     level terrain   building\n");
    for cell in &state.board.cells {
        let standing = match cell.standing {
            Some(s) => format!(
                "{} {}{}",
                Actor::Seat(s.owner),
                s.building.name(),
                if s.count > 1 {
                    format!(" x{}", s.count)
                } else {
                    String::new()
                }
            ),
            None => String::new(),
        };
        out.push_str(&format!(
            "{:<8}{:<6}{:<10}{standing}\n",
            cell.hex.to_string(),
            cell.level,
            cell.terrain.name()
        ));
    }
    for seat in 0..state.players() {
        out.push_str(&format!("{}\n", building_text(state, seat)));
    }
    out.push_str(&format!("tiles drawn {} of {}\n", state.drawn, state.tiles_in_play));
    if let Some(last) = &state.last {
        out.push_str(&format!("last: {last}\n"));
    }
    match (&state.outcome, state.phase) {
        (Some(outcome), _) => out.push_str(&format!("{outcome}\n")),
        (None, Phase::Draw) => out.push_str(&format!("a tile is drawn for {}\n", Actor::Seat(state.seat))),
        (None, Phase::Lay { tile }) => out.push_str(&format!("{} lays {}\n", Actor::Seat(state.seat), tile.name())),
        (None, Phase::Build) => out.push_str(&format!("{} builds\n", Actor::Seat(state.seat))),
    }
    out
}

pub fn json(state: &State) -> serde_json::Value {
    let hexes: Vec<_> = state
        .board
        .cells
        .iter()
        .map(|c| {
            json!({
                "q": c.hex.q, "r": c.hex.r, "level": c.level, "terrain": c.terrain.name(), "tile": c.tile,
                "building": c.standing.map(|s| s.building.name()),
                "owner": c.standing.map(|s| s.owner),
                "count": c.standing.map(|s| s.count),
            })
        })
        .collect();
    let players: Vec<_> = (0..state.players())
        .map(|seat| {
            let s = state.supply[seat];
            json!({
                "seat": seat, "eliminated": state.eliminated[seat],
                "holds": {"huts": s.huts, "temples": s.temples, "towers": s.towers},
                "built": {"huts": state.built(seat, Building::Hut), "temples": state.built(seat, Building::Temple), "towers": state.built(seat, Building::Tower)},
            })
        })
        .collect();
    let pool: Vec<_> = TILES
        .iter()
        .zip(&state.pool)
        .map(|((l, r, _), n)| json!({"left": l.name(), "right": r.name(), "undrawn": n}))
        .collect();
    json!({
        "coordinates": "axial q,r; pointy-top hexes; neighbours in directions 0-5: (+1,0) (+1,-1) (0,-1) (-1,0) (-1,+1) (0,+1)",
        "hexes": hexes,
        "players": players,
        "seat": state.seat,
        "phase": state.phase,
        "tiles_in_play": state.tiles_in_play,
        "drawn": state.drawn,
        "pool": pool,
        "last": state.last,
        "outcome": state.outcome,
    })
}
