//! Resolving an Apocalypse turn once both moves are opened: which moves stand, penalties, men
//! leaving and arriving together, the same-square rule, promotion and the game's end. It
//! sees the two moves only after both openings matched their commitments.

use kifu_core::Outcome;

use super::board::{count, has_move, last_rank, standing, Board, Declared, Kind, Man, Side, Standing, SIZE};

/// What the players wrote: a readable move, or text that is none (a penalty like any
/// illegal move).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Written {
    Move(Declared),
    Unreadable(String),
}

/// What a turn did, in words for the log and tests.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Resolution {
    /// Per side, why its move was not played (a penalty), if it was not.
    pub illegal: [Option<String>; 2],
}

/// Plays both declared moves on `board` and returns what stood.
pub fn resolve(board: &mut Board, penalties: &mut [u8; 2], written: [&Written; 2]) -> Resolution {
    let before = board.clone();
    let judged: Vec<Result<(Declared, Standing), String>> = (0..2)
        .map(|side| match written[side] {
            Written::Move(m) => standing(&before, side, m).map(|s| (*m, s)),
            Written::Unreadable(text) => Err(format!("'{text}' is not a move (from-square, to-square)")),
        })
        .collect();
    // A speculative diagonal step needs the enemy's move, legal outright, to arrive there;
    // two speculative steps cannot justify each other.
    let arrives = |side: Side| -> Option<u8> {
        match &judged[side] {
            Ok((m, Standing::Legal)) => Some(m.redeploy.unwrap_or(m.to)),
            _ => None,
        }
    };
    let mut played: [Option<Declared>; 2] = [None, None];
    let mut resolution = Resolution::default();
    for side in 0..2 {
        match &judged[side] {
            Ok((m, Standing::Legal)) => played[side] = Some(*m),
            Ok((m, Standing::IfEnemyArrives)) if arrives(1 - side) == Some(m.to) => played[side] = Some(*m),
            Ok((m, Standing::IfEnemyArrives)) => {
                resolution.illegal[side] = Some(format!(
                    "{} steps diagonally onto an empty square no enemy reached",
                    m.text()
                ))
            }
            Err(reason) => resolution.illegal[side] = Some(reason.clone()),
        }
        if resolution.illegal[side].is_some() {
            penalties[side] += 1;
        }
    }
    let arriving: Vec<Option<(u8, Man)>> = (0..2)
        .map(|side| {
            let m = played[side]?;
            let man = before[m.from as usize]?;
            let promoted = man.kind == Kind::Footman && m.to / SIZE == last_rank(side) && m.redeploy.is_none();
            let kind = if promoted { Kind::Horseman } else { man.kind };
            Some((m.redeploy.unwrap_or(m.to), Man { side, kind }))
        })
        .collect();
    for m in played.iter().flatten() {
        board[m.from as usize] = None;
    }
    match (arriving[0], arriving[1]) {
        (Some((a, white)), Some((b, black))) if a == b => {
            board[a as usize] = match (white.kind, black.kind) {
                (Kind::Horseman, Kind::Footman) => Some(white),
                (Kind::Footman, Kind::Horseman) => Some(black),
                _ => None,
            };
        }
        _ => {
            for (sq, man) in arriving.into_iter().flatten() {
                board[sq as usize] = Some(man);
            }
        }
    }
    resolution
}

/// The game's end after a turn, if it ended.
pub fn outcome(board: &Board, penalties: &[u8; 2]) -> Option<Outcome> {
    let footmen = [count(board, 0, Kind::Footman), count(board, 1, Kind::Footman)];
    match footmen {
        [0, 0] => return Some(Outcome::draw("both sides lost their last footmen together")),
        [_, 0] => return Some(Outcome::win(0, "Black has no footman left")),
        [0, _] => return Some(Outcome::win(1, "White has no footman left")),
        _ => {}
    }
    match (penalties[0] >= 2, penalties[1] >= 2) {
        (true, true) => return Some(Outcome::draw("both sides reached two penalty points together")),
        (true, false) => return Some(Outcome::win(1, "White reached two penalty points")),
        (false, true) => return Some(Outcome::win(0, "Black reached two penalty points")),
        _ => {}
    }
    if !has_move(board, 0) || !has_move(board, 1) {
        return Some(Outcome::draw("a side has no legal move"));
    }
    None
}
