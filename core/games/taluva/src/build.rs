//! The four ways to build (a hut founding a settlement, extending a settlement over one
//! terrain, a temple, a tower): which are allowed and what they put down. It never changes a
//! board; the state does that with what `check` returns.

use serde::{Deserialize, Serialize};

use super::board::{Board, Building, Settlement, Standing};
use super::hex::Hex;
use super::tiles::{Terrain, BUILDABLE};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Build {
    Hut(Hex),
    Temple(Hex),
    Tower(Hex),
    /// The settlement named by its first hex in (q, r) order, and the terrain.
    Extend(Hex, Terrain),
}

/// The buildings a player still holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Supply {
    pub huts: u8,
    pub temples: u8,
    pub towers: u8,
}

impl Supply {
    pub fn of(&self, building: Building) -> u8 {
        match building {
            Building::Hut => self.huts,
            Building::Temple => self.temples,
            Building::Tower => self.towers,
        }
    }

    pub fn of_mut(&mut self, building: Building) -> &mut u8 {
        match building {
            Building::Hut => &mut self.huts,
            Building::Temple => &mut self.temples,
            Building::Tower => &mut self.towers,
        }
    }
}

/// Checks a single building's hex: on the island, not a volcano, nothing on it.
fn free_hex(board: &Board, hex: Hex) -> Result<u8, String> {
    let cell = board
        .at(hex)
        .ok_or_else(|| format!("{hex} is sea: no tile lies there"))?;
    if cell.terrain == Terrain::Volcano {
        return Err(format!("{hex} is a volcano: nothing is built on a volcano"));
    }
    if let Some(s) = cell.standing {
        return Err(format!("{hex} already holds a {}", s.building.name()));
    }
    Ok(cell.level)
}

/// Why `seat` may not make `build`, or `Ok` with what it puts down where.
pub fn check(board: &Board, seat: u8, supply: Supply, build: Build) -> Result<Vec<(Hex, Standing)>, String> {
    check_among(board, &board.settlements(), seat, supply, build)
}

/// `check` with the board's settlements already found.
fn check_among(
    board: &Board,
    settlements: &[Settlement],
    seat: u8,
    supply: Supply,
    build: Build,
) -> Result<Vec<(Hex, Standing)>, String> {
    let one = |building: Building, hex: Hex| {
        vec![(
            hex,
            Standing {
                building,
                owner: seat,
                count: 1,
            },
        )]
    };
    let own: Vec<&Settlement> = settlements.iter().filter(|s| s.owner == seat).collect();
    let touching = |hex: Hex| {
        own.iter()
            .filter(move |s| s.hexes.iter().any(|h| hex.neighbours().contains(h)))
    };
    match build {
        Build::Hut(hex) => {
            let level = free_hex(board, hex)?;
            if supply.huts == 0 {
                return Err("no huts left".into());
            }
            if level != 1 {
                return Err(format!("{hex} is at level {level}: a new hut goes on level 1"));
            }
            if touching(hex).next().is_some() {
                return Err(format!("{hex} touches one of your settlements: extend it instead"));
            }
            Ok(one(Building::Hut, hex))
        }
        Build::Temple(hex) => {
            free_hex(board, hex)?;
            if supply.temples == 0 {
                return Err("no temples left".into());
            }
            if !touching(hex).any(|s| s.hexes.len() >= 3 && !s.has(board, Building::Temple)) {
                return Err(format!(
                    "{hex} touches none of your settlements of three or more hexes without a temple"
                ));
            }
            Ok(one(Building::Temple, hex))
        }
        Build::Tower(hex) => {
            let level = free_hex(board, hex)?;
            if supply.towers == 0 {
                return Err("no towers left".into());
            }
            if level < 3 {
                return Err(format!("{hex} is at level {level}: a tower needs level 3 or higher"));
            }
            if touching(hex).next().is_none() {
                return Err(format!("{hex} touches none of your settlements"));
            }
            Ok(one(Building::Tower, hex))
        }
        Build::Extend(hex, terrain) => {
            let settlement = own
                .iter()
                .find(|s| s.hexes.contains(&hex))
                .ok_or_else(|| format!("none of your settlements stands on {hex}"))?;
            let targets: Vec<_> = settlement
                .border(board)
                .into_iter()
                .filter(|c| c.terrain == terrain)
                .collect();
            if targets.is_empty() {
                return Err(format!(
                    "no free {} hex touches the settlement at {}",
                    terrain.name(),
                    settlement.hexes[0]
                ));
            }
            let needed: u32 = targets.iter().map(|c| u32::from(c.level)).sum();
            if needed > u32::from(supply.huts) {
                return Err(format!(
                    "extending over {} takes {needed} huts and you hold {}",
                    terrain.name(),
                    supply.huts
                ));
            }
            Ok(targets
                .iter()
                .map(|c| {
                    (
                        c.hex,
                        Standing {
                            building: Building::Hut,
                            owner: seat,
                            count: c.level,
                        },
                    )
                })
                .collect())
        }
    }
}

/// The canonical form of a build: an extension names its settlement's first hex.
pub fn canonical(board: &Board, build: Build) -> Build {
    match build {
        Build::Extend(hex, terrain) => match board.settlement_at(hex) {
            Some(s) => Build::Extend(s.hexes[0], terrain),
            None => build,
        },
        other => other,
    }
}

/// Every build `seat` may make now, in one fixed order.
pub fn legal(board: &Board, seat: u8, supply: Supply) -> Vec<Build> {
    let settlements = board.settlements();
    candidates(board, &settlements, seat)
        .filter(|b| check_among(board, &settlements, seat, supply, *b).is_ok())
        .collect()
}

/// Whether `seat` can build anything at all (stops at the first build found).
pub fn possible(board: &Board, seat: u8, supply: Supply) -> bool {
    let settlements = board.settlements();
    let found =
        candidates(board, &settlements, seat).any(|b| check_among(board, &settlements, seat, supply, b).is_ok());
    found
}

fn candidates<'a>(board: &'a Board, settlements: &'a [Settlement], seat: u8) -> impl Iterator<Item = Build> + 'a {
    let singles = board
        .cells
        .iter()
        .filter(|c| c.terrain != Terrain::Volcano && c.standing.is_none())
        .flat_map(|c| [Build::Hut(c.hex), Build::Temple(c.hex), Build::Tower(c.hex)]);
    let extensions = settlements
        .iter()
        .filter(move |s| s.owner == seat)
        .flat_map(|s| BUILDABLE.map(|t| Build::Extend(s.hexes[0], t)));
    singles.chain(extensions)
}
