//! Fives, fours, threes and forbidden points by the RIF definitions, for any rule set: a
//! five wins before anything else; an overline, two fours, or two free threes are fouls where
//! the colour's bans bar them. A three is free only if one stone turns it into a straight
//! four without making a five at the same time (the RIF definition of a three) and that
//! point is itself not forbidden, checked recursively. It never changes the board it is
//! given (scratch stones are taken back before returning).

use serde::{Deserialize, Serialize};

use super::board::{Board, Colour, Point, DIRECTIONS};
use super::ruleset::{Bans, Effect};

/// A barred shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Foul {
    DoubleThree,
    DoubleFour,
    Overline,
}

impl Foul {
    /// The kind's name in text and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Foul::DoubleThree => "double-three",
            Foul::DoubleFour => "double-four",
            Foul::Overline => "overline",
        }
    }
}

/// What a stone placed at an empty point does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// It makes a winning line (a five, or an overline where overlines win).
    Five,
    Foul(Foul),
    /// Neither: an ordinary move.
    Plain,
}

fn wins(len: i32, bans: &Bans) -> bool {
    len == 5 || (len > 5 && bans.overline == Effect::Win)
}

fn back(d: (i8, i8)) -> (i8, i8) {
    (-d.0, -d.1)
}

/// What `colour` playing at the empty point `p` makes.
pub fn judge(board: &Board, p: Point, colour: Colour, bans: &Bans) -> Verdict {
    judge_on(&mut board.clone(), p, colour, bans)
}

/// Every empty point where `colour` would commit a foul, with its kind, row by row from a1.
pub fn forbidden_points(board: &Board, colour: Colour, bans: &Bans) -> Vec<(Point, Foul)> {
    if !bans.any_barred() {
        return Vec::new();
    }
    let mut scratch = board.clone();
    let mut found = Vec::new();
    for p in board.points() {
        if board.get(p).is_none() {
            if let Verdict::Foul(foul) = judge_on(&mut scratch, p, colour, bans) {
                found.push((p, foul));
            }
        }
    }
    found
}

/// `judge` on a scratch board.
fn judge_on(board: &mut Board, p: Point, colour: Colour, bans: &Bans) -> Verdict {
    if !board.on_board(p) || board.get(p).is_some() {
        return Verdict::Plain;
    }
    board.set(p, Some(colour));
    let verdict = judge_placed(board, p, colour, bans);
    board.set(p, None);
    verdict
}

fn judge_placed(board: &mut Board, p: Point, colour: Colour, bans: &Bans) -> Verdict {
    let mut overline = false;
    for d in DIRECTIONS {
        let len = 1 + board.run(p, d, colour) + board.run(p, back(d), colour);
        if wins(len, bans) {
            return Verdict::Five;
        }
        overline |= len > 5;
    }
    if overline && bans.overline == Effect::Barred {
        return Verdict::Foul(Foul::Overline);
    }
    if bans.double_four == Effect::Barred && count_fours(board, p, colour, bans) >= 2 {
        return Verdict::Foul(Foul::DoubleFour);
    }
    if bans.double_three == Effect::Barred {
        let threes = DIRECTIONS
            .iter()
            .filter(|d| free_three(board, p, **d, colour, bans))
            .count();
        if threes >= 2 {
            return Verdict::Foul(Foul::DoubleThree);
        }
    }
    Verdict::Plain
}

/// The number of distinct fours the stone at `p` belongs to: rows of four that one more
/// stone turns into a winning line. A straight four (`.XXXX.`) is one four with two five
/// points; `X.XXX.X` holds two fours on one line.
pub fn count_fours(board: &mut Board, p: Point, colour: Colour, bans: &Bans) -> usize {
    let mut fours: Vec<(usize, u32)> = Vec::new();
    for (index, d) in DIRECTIONS.iter().enumerate() {
        for k in -4..=4 {
            let Some(q) = board.step(p, *d, k) else { continue };
            if k == 0 || board.get(q).is_some() {
                continue;
            }
            board.set(q, Some(colour));
            let lo = k - board.run(q, back(*d), colour);
            let hi = k + board.run(q, *d, colour);
            board.set(q, None);
            if wins(hi - lo + 1, bans) && lo <= 0 && 0 <= hi {
                // The four's stones as a bit mask of their offsets from p (-9..=9).
                let mask = (lo..=hi).filter(|o| *o != k).fold(0u32, |m, o| m | 1 << (o + 9));
                if !fours.contains(&(index, mask)) {
                    fours.push((index, mask));
                }
            }
        }
    }
    fours.len()
}

/// Whether the stone at `p` forms a free three along `d`: some empty point `q` turns it into
/// a straight four holding `p` and `q` (four in a row whose both ends make a winning line)
/// while making no five anywhere, and `q` is itself not forbidden.
fn free_three(board: &mut Board, p: Point, d: (i8, i8), colour: Colour, bans: &Bans) -> bool {
    for k in -3..=3 {
        let Some(q) = board.step(p, d, k) else { continue };
        if k == 0 || board.get(q).is_some() {
            continue;
        }
        board.set(q, Some(colour));
        let straight = straight_four(board, p, d, colour, bans, k);
        board.set(q, None);
        if !straight {
            continue;
        }
        if judge_on(board, q, colour, bans) == Verdict::Plain {
            return true;
        }
    }
    false
}

/// Whether the run through `p` along `d` is exactly four long, holds offset `k`, and both of
/// its ends are empty points that complete a winning line.
fn straight_four(board: &Board, p: Point, d: (i8, i8), colour: Colour, bans: &Bans, k: i32) -> bool {
    let neg = board.run(p, back(d), colour);
    let pos = board.run(p, d, colour);
    if neg + pos + 1 != 4 || k < -neg || k > pos {
        return false;
    }
    let end_wins = |end: Option<Point>, dir: (i8, i8)| match end {
        Some(e) if board.get(e).is_none() => wins(5 + board.run(e, dir, colour), bans),
        _ => false,
    };
    end_wins(board.step(p, d, -neg - 1), back(d)) && end_wins(board.step(p, d, pos + 1), d)
}
