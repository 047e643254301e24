//! Scoring by the gods on the personality cards (final, and the interim variant after each
//! player's first Tribune) and the winner with its tie-break. It never changes the board.

use serde::Serialize;

use crate::cards::{self, God, Kind};
use crate::goods::Good;
use crate::state::State;
use kifu_core::rules::Outcome;

/// One player's points by god, as the seed's worked example lists them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Score {
    pub vesta: u32,
    pub jupiter: u32,
    pub saturnus: u32,
    pub mercurius: u32,
    pub mars: u32,
    pub minerva: u32,
    pub concordia: u32,
}

impl Score {
    pub fn total(&self) -> u32 {
        self.vesta + self.jupiter + self.saturnus + self.mercurius + self.mars + self.minerva + self.concordia
    }
}

/// What one card of each god is worth to `seat` now.
pub fn per_card(state: &State, seat: u8) -> [u32; 6] {
    let p = &state.players[usize::from(seat)];
    let cities: Vec<usize> = state.cities_of(seat).collect();
    let goods_of = |c: &usize| state.city_goods[*c];
    let vesta = (p.coins + p.goods.value()) / 10;
    let jupiter = cities.iter().filter(|c| goods_of(c) != Some(Good::Brick)).count() as u32;
    let mut provinces: Vec<usize> = cities
        .iter()
        .filter_map(|c| state.board().cities[*c].province)
        .collect();
    provinces.sort_unstable();
    provinces.dedup();
    let saturnus = provinces.len() as u32;
    let kinds = Good::ALL
        .iter()
        .filter(|g| cities.iter().any(|c| goods_of(c) == Some(**g)))
        .count() as u32;
    let mercurius = 2 * kinds;
    let mars = 2 * p.colonists.len() as u32;
    [vesta, jupiter, saturnus, mercurius, mars, 0]
}

/// `seat`'s score by god over every card it owns, the Concordia card included.
pub fn score(state: &State, seat: u8) -> Score {
    let unit = per_card(state, seat);
    let p = &state.players[usize::from(seat)];
    let mut s = Score::default();
    for id in p.cards() {
        let card = cards::get(id);
        match card.god {
            God::Vesta => s.vesta += unit[0],
            God::Jupiter => s.jupiter += unit[1],
            God::Saturnus => s.saturnus += unit[2],
            God::Mercurius => s.mercurius += unit[3],
            God::Mars => s.mars += unit[4],
            God::Minerva => {
                if let Kind::Specialist(good) = card.kind {
                    let houses = state
                        .cities_of(seat)
                        .filter(|c| state.city_goods[*c] == Some(good))
                        .count() as u32;
                    s.minerva += card.minerva * houses;
                }
            }
        }
    }
    if p.concordia {
        s.concordia = 7;
    }
    s
}

/// Records `seat`'s interim score; once every player has one, the highest get 2 sestertii
/// and the next-highest score 1 (every player tied at either gets it).
pub fn interim(state: &mut State, seat: u8) {
    let total = score(state, seat).total();
    state.players[usize::from(seat)].interim = Some(total);
    if state.interim_paid || state.players.iter().any(|p| p.interim.is_none()) {
        return;
    }
    state.interim_paid = true;
    let mut scores: Vec<u32> = state.players.iter().filter_map(|p| p.interim).collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores.dedup();
    for p in state.players.iter_mut() {
        let s = p.interim.unwrap_or(0);
        if Some(&s) == scores.first() {
            p.coins += 2;
        } else if Some(&s) == scores.get(1) {
            p.coins += 1;
        }
    }
}

/// The winner: the highest score; on a tie the holder of the Praefectus Magnus, then the
/// players in the order it would pass to them (to the right).
pub fn outcome(state: &State) -> Outcome {
    let seats = state.seats();
    let totals: Vec<u32> = (0..seats).map(|s| score(state, s).total()).collect();
    let best = totals.iter().copied().max().unwrap_or(0);
    let winner = (0..seats)
        .map(|k| (state.magnus + seats - k) % seats)
        .find(|s| totals[usize::from(*s)] == best)
        .unwrap_or(0);
    let list: Vec<String> = totals
        .iter()
        .enumerate()
        .map(|(s, t)| format!("p{} {t}", s + 1))
        .collect();
    Outcome::win(winner, format!("final scores {}", list.join(", ")))
}
