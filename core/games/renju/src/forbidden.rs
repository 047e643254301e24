//! Fives, fours, threes and forbidden points by the RIF definitions, for any rule set: a
//! five wins before anything else; an overline, two fours, or two free threes are fouls where
//! the colour's bans bar them. A three is free only if one stone turns it into a straight
//! four without making a five at the same time (the RIF definition of a three) and that
//! point is itself not forbidden, checked recursively. It never changes the board it is
//! given (scratch stones are taken back before returning).

use serde::{Deserialize, Serialize};

use super::board::{Board, Colour, Point, DIRECTIONS};
use super::crowding::may_foul;
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
    let crowded = may_foul(board, colour, bans);
    for (p, crowded) in board.points().zip(crowded) {
        if crowded && board.get(p).is_none() {
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
    let lines = DIRECTIONS.map(|d| Line::through(board, p, d, colour));
    let mut overline = false;
    for line in &lines {
        let len = 1 + line.run(0, -1) + line.run(0, 1);
        if wins(len, bans) {
            return Verdict::Five;
        }
        overline |= len > 5;
    }
    if overline && bans.overline == Effect::Barred {
        return Verdict::Foul(Foul::Overline);
    }
    let near = Nearby::of(&lines);
    if bans.double_four == Effect::Barred && near.may_hold_two_fours() {
        let fours: usize = lines.iter().map(|line| fours_on(line, bans)).sum();
        if fours >= 2 {
            return Verdict::Foul(Foul::DoubleFour);
        }
    }
    if bans.double_three == Effect::Barred && near.may_hold_two_threes() {
        let mut threes = 0;
        for (line, possible) in lines.iter().zip(near.three_lines) {
            if possible && free_three(board, p, line, colour, bans) {
                threes += 1;
                if threes == 2 {
                    return Verdict::Foul(Foul::DoubleThree);
                }
            }
        }
    }
    Verdict::Plain
}

/// How far along a line from the judged point the searches read: nine points each way. A
/// five point is at most four away and a run through it that reaches the window's edge is then
/// longer than five either way, so no verdict (five, overline, four, straight four) changes
/// with what lies beyond; nor can two fours' stone sets look alike only for being cut there.
const REACH: i32 = 9;

/// What a point on a line holds, for the colour being judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cell {
    Own,
    Empty,
    /// The other colour's stone, or off the board.
    Blocked,
}

/// The line through `p` along `d`, by offset from `p` up to [`REACH`] each way, as `colour`
/// sees it: read from the board once, so the searches below never step point by point again.
#[derive(Clone)]
struct Line {
    direction: (i8, i8),
    cells: [Cell; 2 * REACH as usize + 1],
}

impl Line {
    fn through(board: &Board, p: Point, d: (i8, i8), colour: Colour) -> Line {
        let mut cells = [Cell::Blocked; 2 * REACH as usize + 1];
        board.window(p, d, REACH, |k, stone| {
            cells[(k + REACH) as usize] = match stone {
                Some(c) if c == colour => Cell::Own,
                Some(_) => Cell::Blocked,
                None => Cell::Empty,
            };
        });
        Line { direction: d, cells }
    }

    fn at(&self, k: i32) -> Cell {
        if (-REACH..=REACH).contains(&k) {
            self.cells[(k + REACH) as usize]
        } else {
            Cell::Blocked
        }
    }

    fn put(&mut self, k: i32, cell: Cell) {
        self.cells[(k + REACH) as usize] = cell;
    }

    /// How many own stones run from offset `k` (exclusive) stepping by `step` without a gap.
    fn run(&self, k: i32, step: i32) -> i32 {
        let mut count = 0;
        while self.at(k + step * (count + 1)) == Cell::Own {
            count += 1;
        }
        count
    }
}

/// A quick bound, no more: which lines through `p` hold enough own stones for a four or a
/// three. A four through `p` needs three more stones within four points of it along its line,
/// and two fours on one line (`X.XXX.X`, `XXX.X.XXX`) four more within eight; a three needs two
/// more within three points. Where the stones are not there, the exact (and slower) searches
/// are skipped: they could find nothing.
struct Nearby {
    four_lines: usize,
    two_fours_on_a_line: bool,
    three_lines: [bool; 4],
}

impl Nearby {
    fn of(lines: &[Line; 4]) -> Nearby {
        let mut near = Nearby {
            four_lines: 0,
            two_fours_on_a_line: false,
            three_lines: [false; 4],
        };
        for (index, line) in lines.iter().enumerate() {
            // Own stones within 3, 4 and 8 points of p, both ways.
            let (mut within3, mut within4, mut within8) = (0, 0, 0);
            for k in 1..=8 {
                let here = usize::from(line.at(k) == Cell::Own) + usize::from(line.at(-k) == Cell::Own);
                within8 += here;
                if k <= 4 {
                    within4 += here;
                }
                if k <= 3 {
                    within3 += here;
                }
            }
            near.two_fours_on_a_line |= within8 >= 4;
            near.four_lines += usize::from(within4 >= 3);
            near.three_lines[index] = within3 >= 2;
        }
        near
    }

    fn may_hold_two_fours(&self) -> bool {
        self.two_fours_on_a_line || self.four_lines >= 2
    }

    fn may_hold_two_threes(&self) -> bool {
        self.three_lines.iter().filter(|t| **t).count() >= 2
    }
}

/// The number of distinct fours the stone at `p` belongs to: rows of four that one more
/// stone turns into a winning line. A straight four (`.XXXX.`) is one four with two five
/// points; `X.XXX.X` holds two fours on one line.
pub fn count_fours(board: &mut Board, p: Point, colour: Colour, bans: &Bans) -> usize {
    DIRECTIONS
        .iter()
        .map(|d| fours_on(&Line::through(board, p, *d, colour), bans))
        .sum()
}

/// The distinct fours through offset 0 of `line` (which holds the stone judged).
fn fours_on(line: &Line, bans: &Bans) -> usize {
    // Each four as the set of its stones' offsets (bit k + REACH), so a straight four's two
    // five points count it once.
    let mut fours: Vec<u64> = Vec::new();
    for k in -4..=4 {
        if k == 0 || line.at(k) != Cell::Empty {
            continue;
        }
        let lo = k - line.run(k, -1);
        let hi = k + line.run(k, 1);
        if wins(hi - lo + 1, bans) && lo <= 0 && 0 <= hi {
            let stones = (lo..=hi).filter(|o| *o != k).fold(0u64, |m, o| m | 1 << (o + REACH));
            if !fours.contains(&stones) {
                fours.push(stones);
            }
        }
    }
    fours.len()
}

/// Whether the stone at `p` forms a free three along `line`: some empty point `q` turns it into
/// a straight four holding `p` and `q` (four in a row whose both ends make a winning line)
/// while making no five anywhere, and `q` is itself not forbidden.
fn free_three(board: &mut Board, p: Point, line: &Line, colour: Colour, bans: &Bans) -> bool {
    let mut line = line.clone();
    for k in -3..=3 {
        if k == 0 || line.at(k) != Cell::Empty {
            continue;
        }
        line.put(k, Cell::Own);
        let straight = straight_four(&line, bans, k);
        line.put(k, Cell::Empty);
        if !straight {
            continue;
        }
        let Some(q) = board.step(p, line.direction, k) else {
            continue;
        };
        if judge_on(board, q, colour, bans) == Verdict::Plain {
            return true;
        }
    }
    false
}

/// Whether the run through offset 0 is exactly four long, holds offset `k`, and both of its
/// ends are empty points that complete a winning line.
fn straight_four(line: &Line, bans: &Bans, k: i32) -> bool {
    let neg = line.run(0, -1);
    let pos = line.run(0, 1);
    if neg + pos + 1 != 4 || k < -neg || k > pos {
        return false;
    }
    let end_wins = |end: i32, step: i32| line.at(end) == Cell::Empty && wins(5 + line.run(end, step), bans);
    end_wins(-neg - 1, -1) && end_wins(pos + 1, 1)
}
