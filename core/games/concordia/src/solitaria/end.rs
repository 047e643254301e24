//! The end of a Solitaria game: both scores (the base game's gods plus the points on the
//! track), the winner (a tie goes to the Concordia card's holder) and, in a campaign, the
//! next game's starting points. It never changes the position.

use super::builds::CONTRARIUS;
use super::state::Solo;
use crate::scoring;
use kifu_core::rules::Outcome;

/// The player's and Contrarius's totals.
pub fn totals(solo: &Solo) -> (u32, u32) {
    let player = solo.start_points + scoring::score(&solo.base, 0).total();
    let contrarius = solo.points + scoring::score(&solo.base, CONTRARIUS).total();
    (player, contrarius)
}

/// The next campaign game's starting points: after a win by `margin` points, a fifth of the
/// margin (rounded down) less; after a loss the same. None once they reach 0 (the campaign is
/// over: on to the veteran level).
pub fn campaign_next(start: u32, won: bool, margin: u32) -> Option<u32> {
    let next = if won { start.saturating_sub(margin / 5) } else { start };
    (next > 0).then_some(next)
}

pub fn outcome(solo: &Solo) -> Outcome {
    let (player, contrarius) = totals(solo);
    let won = player > contrarius || (player == contrarius && solo.base.players[0].concordia);
    let mut reason = format!("final scores p1 {player}, Contrarius {contrarius}");
    if solo.campaign {
        match campaign_next(solo.start_points, won, player.abs_diff(contrarius)) {
            Some(n) => reason.push_str(&format!("; campaign: the next game starts at {n} points")),
            None => reason.push_str("; campaign complete: play on at the veteran level"),
        }
    }
    Outcome::win(if won { 0 } else { CONTRARIUS }, reason)
}
