//! A Taluva game in progress: the island, each player's buildings and whether they are out,
//! the tiles left, whose turn and which step (draw, lay, build), and the end. It checks every
//! command fully before it changes anything.

use serde::{Deserialize, Serialize};

use kifu_core::record::Actor;
use kifu_core::rules::Outcome;

use super::board::{Board, Building};
use super::build::{self, Build, Supply};
use super::hex::Placement;
use super::tiles::{self, TileKind, TILES};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "step")]
pub enum Phase {
    /// Chance draws the next tile.
    Draw,
    /// The player lays the tile drawn.
    Lay { tile: TileKind },
    /// The player builds.
    Build,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    Draw(TileKind),
    Lay(Placement),
    Build(Build),
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct State {
    pub board: Board,
    pub supply: Vec<Supply>,
    pub eliminated: Vec<bool>,
    pub seat: u8,
    pub phase: Phase,
    /// Tiles of each kind (in `TILES` order) not yet drawn.
    pub pool: Vec<u8>,
    /// Tiles this game uses (12 a player) and how many have been drawn.
    pub tiles_in_play: u16,
    pub drawn: u16,
    pub outcome: Option<Outcome>,
    /// What the last command did, in words.
    pub last: Option<String>,
}

pub const FULL_SUPPLY: Supply = Supply {
    huts: tiles::HUTS,
    temples: tiles::TEMPLES,
    towers: tiles::TOWERS,
};

impl State {
    pub fn new(players: usize) -> State {
        State {
            board: Board::default(),
            supply: vec![FULL_SUPPLY; players],
            eliminated: vec![false; players],
            seat: 0,
            phase: Phase::Draw,
            pool: TILES.iter().map(|(_, _, n)| *n).collect(),
            tiles_in_play: tiles::tiles_for(players),
            drawn: 0,
            outcome: None,
            last: None,
        }
    }

    pub fn players(&self) -> usize {
        self.supply.len()
    }

    /// What the player at `seat` has built and still has on the island.
    pub fn built(&self, seat: usize, building: Building) -> u8 {
        FULL_SUPPLY.of(building) - self.supply[seat].of(building)
    }

    /// Everything that may be entered now.
    pub fn legal(&self) -> Vec<Command> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        match self.phase {
            Phase::Draw => (0..TILES.len())
                .filter(|k| self.pool[*k] > 0)
                .map(|k| Command::Draw(tiles::kind_at(k)))
                .collect(),
            Phase::Lay { .. } => self.board.placements().into_iter().map(Command::Lay).collect(),
            Phase::Build => build::legal(&self.board, self.seat, self.supply[usize::from(self.seat)])
                .into_iter()
                .map(Command::Build)
                .collect(),
        }
    }

    /// Checks `command` by `actor` and plays it, or says why not (the state unchanged).
    pub fn apply(&mut self, actor: Actor, command: Command, text: &str) -> Result<(), String> {
        if let Some(outcome) = &self.outcome {
            return Err(format!("the game is over: {outcome}"));
        }
        let player = Actor::Seat(self.seat);
        match (self.phase, command) {
            (Phase::Draw, Command::Draw(kind)) => {
                if actor != Actor::Chance {
                    return Err(format!("the tile is chance's to draw, not {actor}'s"));
                }
                let index =
                    tiles::kind_index(kind).ok_or_else(|| format!("{} is not a tile of the game", kind.name()))?;
                if self.pool[index] == 0 {
                    return Err(format!("no {} tile is left to draw", kind.name()));
                }
                self.pool[index] -= 1;
                self.drawn += 1;
                self.phase = Phase::Lay { tile: kind };
                self.last = Some(format!("{player} drew {}", kind.name()));
            }
            (Phase::Draw, _) => return Err(format!("a tile must be drawn for {player} first")),
            (_, Command::Draw(_)) => return Err(format!("{player} already holds a tile; it is not time to draw")),
            (_, _) if actor != player => return Err(format!("it is {player}'s turn, not {actor}'s")),
            (Phase::Lay { tile }, Command::Lay(placement)) => {
                self.board.check_placement(placement)?;
                for hut in self.board.lay(tile, placement) {
                    self.supply[usize::from(hut.owner)].huts += hut.count;
                }
                self.phase = Phase::Build;
                self.last = Some(format!("{player}: {text}"));
                if !build::possible(&self.board, self.seat, self.supply[usize::from(self.seat)]) {
                    self.eliminated[usize::from(self.seat)] = true;
                    self.last = Some(format!("{player}: {text}, then cannot build and is eliminated"));
                    self.next_turn();
                }
            }
            (Phase::Lay { .. }, Command::Build(_)) => {
                return Err(format!("{player} must lay the tile before building"))
            }
            (Phase::Build, Command::Lay(_)) => return Err(format!("{player} has laid a tile and must now build")),
            (Phase::Build, Command::Build(wanted)) => {
                let seat = usize::from(self.seat);
                let put = build::check(&self.board, self.seat, self.supply[seat], wanted)?;
                for (hex, standing) in put {
                    *self.supply[seat].of_mut(standing.building) -= standing.count;
                    if let Some(cell) = self.board.at_mut(hex) {
                        cell.standing = Some(standing);
                    }
                }
                self.last = Some(format!("{player}: {text}"));
                let used_up: Vec<&str> = [Building::Hut, Building::Temple, Building::Tower]
                    .into_iter()
                    .filter(|b| self.supply[seat].of(*b) == 0)
                    .map(|b| b.name())
                    .collect();
                if used_up.len() >= 2 {
                    self.outcome = Some(Outcome::win(
                        self.seat,
                        format!("built all of two kinds of building ({})", used_up.join(" and ")),
                    ));
                } else {
                    self.next_turn();
                }
            }
        }
        Ok(())
    }

    /// Passes the turn to the next player still in, or ends the game.
    fn next_turn(&mut self) {
        let standing: Vec<u8> = (0..self.players() as u8)
            .filter(|s| !self.eliminated[usize::from(*s)])
            .collect();
        if let [last] = standing[..] {
            self.outcome = Some(Outcome::win(last, "every other player was eliminated"));
            return;
        }
        if self.drawn >= self.tiles_in_play {
            self.outcome = Some(self.final_count(&standing));
            return;
        }
        let n = self.players() as u8;
        let mut seat = (self.seat + 1) % n;
        while self.eliminated[usize::from(seat)] {
            seat = (seat + 1) % n;
        }
        self.seat = seat;
        self.phase = Phase::Draw;
    }

    /// All tiles laid: most temples, then towers, then huts, among those still in; a tie
    /// after huts is shared.
    fn final_count(&self, standing: &[u8]) -> Outcome {
        let score = |seat: u8| {
            let s = usize::from(seat);
            (
                self.built(s, Building::Temple),
                self.built(s, Building::Tower),
                self.built(s, Building::Hut),
            )
        };
        let best = standing.iter().map(|s| score(*s)).max().unwrap_or_default();
        let winners: Vec<u8> = standing.iter().copied().filter(|s| score(*s) == best).collect();
        let counts: Vec<String> = standing
            .iter()
            .map(|s| {
                let (t, w, h) = score(*s);
                format!("{} {t}/{w}/{h}", Actor::Seat(*s))
            })
            .collect();
        Outcome {
            winners,
            reason: format!("all tiles laid; temples/towers/huts: {}", counts.join(", ")),
        }
    }
}
