//! The notation of Taluva commands: `draw jungle-clearing`, `tile 0,-1 3` (volcano hex and
//! direction), `hut 1,0`, `temple 1,0`, `tower 1,0`, `extend 1,0 jungle`. Text only; it
//! never judges whether a command is allowed.

use super::board::Board;
use super::build::{canonical, Build};
use super::hex::{Hex, Placement};
use super::state::{Command, Phase, State};
use super::tiles::{Terrain, TileKind};

pub fn format(command: &Command) -> String {
    match command {
        Command::Draw(kind) => format!("draw {}", kind.name()),
        Command::Lay(p) => format!("tile {} {}", p.volcano, p.direction),
        Command::Build(Build::Hut(h)) => format!("hut {h}"),
        Command::Build(Build::Temple(h)) => format!("temple {h}"),
        Command::Build(Build::Tower(h)) => format!("tower {h}"),
        Command::Build(Build::Extend(h, t)) => format!("extend {h} {}", t.name()),
    }
}

fn one_hex(words: &[&str], usage: &str) -> Result<Hex, String> {
    match words {
        [hex] => Hex::parse(hex),
        _ => Err(format!("write {usage}")),
    }
}

/// Reads a command; an extension may name any hex of its settlement.
pub fn parse(state: &State, text: &str) -> Result<Command, String> {
    let lower = text.trim().to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let Some((verb, rest)) = words.split_first() else {
        return Err("an empty command".into());
    };
    let build = |b: Build, board: &Board| Ok(Command::Build(canonical(board, b)));
    match *verb {
        "draw" => match rest {
            [tile] => TileKind::parse(tile).map(Command::Draw),
            _ => Err("write draw LEFT-RIGHT, e.g. draw jungle-clearing".into()),
        },
        "tile" => match rest {
            [hex, direction] => {
                let volcano = Hex::parse(hex)?;
                let direction: u8 = direction
                    .parse()
                    .ok()
                    .filter(|d| *d < 6)
                    .ok_or_else(|| format!("'{direction}' is not a direction 0 to 5"))?;
                Ok(Command::Lay(Placement { volcano, direction }))
            }
            _ => Err("write tile Q,R D: the volcano's hex and a direction 0-5".into()),
        },
        "hut" => build(Build::Hut(one_hex(rest, "hut Q,R")?), &state.board),
        "temple" => build(Build::Temple(one_hex(rest, "temple Q,R")?), &state.board),
        "tower" => build(Build::Tower(one_hex(rest, "tower Q,R")?), &state.board),
        "extend" => match rest {
            [hex, terrain] => build(Build::Extend(Hex::parse(hex)?, Terrain::parse(terrain)?), &state.board),
            _ => Err("write extend Q,R TERRAIN: a hex of your settlement and a terrain".into()),
        },
        _ if matches!(state.phase, Phase::Draw) && !rest.is_empty() => Err(format!("'{text}' is not a command")),
        _ if matches!(state.phase, Phase::Draw) => TileKind::parse(verb).map(Command::Draw),
        _ => Err(format!(
            "'{text}' is not a command: draw LEFT-RIGHT, tile Q,R D, hut Q,R, temple Q,R, tower Q,R or extend Q,R TERRAIN"
        )),
    }
}
