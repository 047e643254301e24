//! The state of a game of Concordia and its set-up from the header's options: data and small
//! queries only. What a card does lives in the actions module, what scores in scoring.

use serde::{Deserialize, Serialize};

use crate::cards::{self, CardId};
use crate::goods::{Good, Goods, STOREHOUSE_SLOTS};
use crate::map::{self, Map, RouteKind};
use kifu_core::rules::{Outcome, RuleError, Setup};

pub const OPTIONS: [&str; 2] = ["map", "interim"];

/// Where a colonist stands: in a city (Roma or a city with its owner's house) or on a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    City(usize),
    Route(usize),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Colonist {
    pub kind: RouteKind,
    pub at: Place,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub hand: Vec<CardId>,
    /// Played cards, the last one on top (what a Diplomat may copy).
    pub discard: Vec<CardId>,
    pub coins: u32,
    pub goods: Goods,
    /// Colonists on the board.
    pub colonists: Vec<Colonist>,
    /// Colonists still in the storehouse: land, sea.
    pub stored: [u32; 2],
    pub houses_left: u32,
    pub concordia: bool,
    /// The interim score, once this player's first Tribune has been played (interim=yes).
    pub interim: Option<u32>,
}

impl Player {
    /// Free storehouse slots for goods.
    pub fn room(&self) -> u32 {
        STOREHOUSE_SLOTS.saturating_sub(self.goods.total() + self.stored[0] + self.stored[1])
    }
    /// Every card this player owns (hand and discard), for scoring.
    pub fn cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.hand.iter().chain(self.discard.iter()).copied()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub map: String,
    pub interim: bool,
    /// The good each city produces, once dealt; None for Roma.
    pub city_goods: Vec<Option<Good>>,
    pub dealt: bool,
    /// Per province: its bonus tile shows the coin side (it has produced since the last
    /// Prefect took coins).
    pub coin_side: Vec<bool>,
    /// Per city: the seats with a house there, in the order built.
    pub houses: Vec<Vec<u8>>,
    pub players: Vec<Player>,
    /// The market display, slot 1 first.
    pub display: Vec<CardId>,
    /// The undrawn cards of decks I..N (one list per deck, drawn from the lowest first).
    pub decks: Vec<Vec<CardId>>,
    pub current: u8,
    /// The holder of the Praefectus Magnus.
    pub magnus: u8,
    /// The seat that ended the game and how many final turns remain.
    pub ended_by: Option<u8>,
    pub final_turns: u32,
    /// The interim bonus has been paid.
    pub interim_paid: bool,
    pub over: Option<Outcome>,
    /// What the last command did, in words.
    pub last: Option<String>,
}

impl State {
    pub fn board(&self) -> &'static Map {
        map::map(&self.map).unwrap_or_else(|| map::map("imperium").expect("the imperium map"))
    }
    pub fn seats(&self) -> u8 {
        self.players.len() as u8
    }
    pub fn player(&self, seat: u8) -> Result<&Player, RuleError> {
        match self.players.get(usize::from(seat)) {
            Some(p) => Ok(p),
            None => kifu_core::refuse!("there is no seat p{}", u16::from(seat) + 1),
        }
    }
    pub fn player_mut(&mut self, seat: u8) -> Result<&mut Player, RuleError> {
        match self.players.get_mut(usize::from(seat)) {
            Some(p) => Ok(p),
            None => kifu_core::refuse!("there is no seat p{}", u16::from(seat) + 1),
        }
    }
    /// The province's bonus good: the most valuable good among its cities.
    pub fn bonus_good(&self, province: usize) -> Option<Good> {
        self.board().provinces[province]
            .cities
            .iter()
            .filter_map(|c| self.city_goods[*c])
            .max()
    }
    /// Who stands on a route, if anyone.
    pub fn route_taken(&self, route: usize) -> bool {
        self.players
            .iter()
            .any(|p| p.colonists.iter().any(|c| c.at == Place::Route(route)))
    }
    /// The display is to be refilled from the decks.
    pub fn draw_due(&self) -> bool {
        self.dealt && self.over.is_none() && self.display.len() < 7 && self.decks.iter().any(|d| !d.is_empty())
    }
    /// The deck cards are drawn from now (1-based numeral index), if any remain.
    pub fn drawing_deck(&self) -> Option<usize> {
        self.decks.iter().position(|d| !d.is_empty())
    }
    /// Cities where `seat` has a house.
    pub fn cities_of(&self, seat: u8) -> impl Iterator<Item = usize> + '_ {
        (0..self.houses.len()).filter(move |c| self.houses[*c].contains(&seat))
    }
}

pub fn seat_name(seat: u8) -> String {
    format!("p{}", u16::from(seat) + 1)
}

/// The opening position: each seat holds the seven starting cards, 5 + its place in turn
/// order sestertii, one good of each kind and a second food, a land and a sea colonist in
/// Roma and two of each in the storehouse; the last seat holds the Praefectus Magnus.
pub fn start(setup: &Setup) -> Result<State, RuleError> {
    setup.only_options(&OPTIONS)?;
    if setup.start.is_some() {
        kifu_core::refuse!("concordia starts from its set-up only (no start position)");
    }
    let players = setup.players;
    let default_map = if players == 2 { "italia" } else { "imperium" };
    let name = setup.option("map").unwrap_or(default_map).to_ascii_lowercase();
    let Some(board) = map::map(&name) else {
        kifu_core::refuse!("option map: unknown map '{name}' (imperium or italia)");
    };
    let range = if name == "imperium" { 3..=5 } else { 2..=4 };
    if !range.contains(&players) {
        kifu_core::refuse!(
            "the {name} map takes {} to {} players, not {players}",
            range.start(),
            range.end()
        );
    }
    let interim = match setup.option("interim") {
        None | Some("no") => false,
        Some("yes") => true,
        Some(other) => kifu_core::refuse!("option interim: '{other}' is not yes or no"),
    };
    Ok(fresh(name, board, players, interim))
}

/// The opening position on `board` for `players` seats, the city goods not dealt yet.
pub fn fresh(name: String, board: &Map, players: usize, interim: bool) -> State {
    let decks = (1..=players.max(2) as u8).map(cards::deck).collect();
    let players = (0..players)
        .map(|seat| {
            let mut goods = Goods::default();
            Good::ALL.iter().for_each(|g| goods.add(*g, 1));
            goods.add(Good::Food, 1);
            Player {
                hand: cards::starting_hand(),
                discard: Vec::new(),
                coins: 5 + seat as u32,
                goods,
                colonists: vec![
                    Colonist {
                        kind: RouteKind::Land,
                        at: Place::City(board.capital),
                    },
                    Colonist {
                        kind: RouteKind::Sea,
                        at: Place::City(board.capital),
                    },
                ],
                stored: [2, 2],
                houses_left: 15,
                concordia: false,
                interim: None,
            }
        })
        .collect::<Vec<_>>();
    let seats = players.len() as u8;
    State {
        map: name,
        interim,
        city_goods: vec![None; board.cities.len()],
        dealt: false,
        coin_side: vec![false; board.provinces.len()],
        houses: vec![Vec::new(); board.cities.len()],
        players,
        display: Vec::new(),
        decks,
        current: 0,
        magnus: seats - 1,
        ended_by: None,
        final_turns: 0,
        interim_paid: false,
        over: None,
        last: None,
    }
}
