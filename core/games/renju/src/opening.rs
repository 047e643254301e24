//! The opening rules as scripts of steps (stones in central squares, swaps, the declared
//! number of fifth-move offers, the offers and white's choice) and the symmetry test for
//! offers. It decides what step is due; the engine applies the commands.

use serde::{Deserialize, Serialize};

use super::board::{Board, Colour, Point};
use super::config::Opening;

/// How many fifth-move offers a step wants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    Fixed(u8),
    Declared,
}

/// One step of an opening; `by` is the colour whose current holder enters it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A stone of `colour`, within the central square of side `square` (`None`: anywhere).
    Place {
        colour: Colour,
        by: Colour,
        square: Option<u8>,
    },
    /// `swap` or `keep`.
    Swap { by: Colour },
    /// `offers N`, N from 1 to `max`.
    Declare { by: Colour, max: u8 },
    /// Black enters `offer P` until the count is reached.
    Offers(Count),
    /// White enters `choose P`.
    Choose,
    /// Taraguchi after the fourth move: black's holder swaps or keeps (a fifth move in the
    /// 9x9 square follows) or makes the first of ten offers.
    Fork,
}

use Colour::{Black as B, White as W};

const fn place(colour: Colour, by: Colour, square: u8) -> Step {
    Step::Place {
        colour,
        by,
        square: Some(square),
    }
}

const WHITE_ANYWHERE: Step = Step::Place {
    colour: W,
    by: W,
    square: None,
};

const RIF: &[Step] = &[
    place(B, B, 1),
    place(W, B, 3),
    place(B, B, 5),
    Step::Swap { by: W },
    WHITE_ANYWHERE,
    Step::Offers(Count::Fixed(2)),
    Step::Choose,
];

const YAMAGUCHI: &[Step] = &[
    place(B, B, 1),
    place(W, B, 3),
    place(B, B, 5),
    Step::Declare { by: B, max: 20 },
    Step::Swap { by: W },
    WHITE_ANYWHERE,
    Step::Offers(Count::Declared),
    Step::Choose,
];

const SOOSORV8: &[Step] = &[
    place(B, B, 1),
    place(W, B, 3),
    place(B, B, 5),
    Step::Swap { by: W },
    WHITE_ANYWHERE,
    Step::Declare { by: W, max: 8 },
    Step::Swap { by: B },
    Step::Offers(Count::Declared),
    Step::Choose,
];

const TARAGUCHI10: &[Step] = &[
    place(B, B, 1),
    Step::Swap { by: W },
    place(W, W, 3),
    Step::Swap { by: B },
    place(B, B, 5),
    Step::Swap { by: W },
    place(W, W, 7),
    Step::Fork,
];

/// Taraguchi's first choice after the fork's swap or keep.
const TARAGUCHI_PLACE: &[Step] = &[place(B, B, 9), Step::Swap { by: W }];
/// Taraguchi's second choice after the fork's first offer.
const TARAGUCHI_OFFERS: &[Step] = &[Step::Offers(Count::Fixed(10)), Step::Choose];

/// Where an opening stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    pub rule: Opening,
    /// 0 for the main script; 1 and 2 for Taraguchi's choices after the fork.
    pub branch: u8,
    pub step: usize,
    pub declared: Option<u8>,
    pub offers: Vec<Point>,
}

impl Progress {
    pub fn new(rule: Opening) -> Progress {
        Progress {
            rule,
            branch: 0,
            step: 0,
            declared: None,
            offers: Vec::new(),
        }
    }

    fn script(&self) -> &'static [Step] {
        match (self.rule, self.branch) {
            (Opening::Taraguchi10, 1) => TARAGUCHI_PLACE,
            (Opening::Taraguchi10, 2) => TARAGUCHI_OFFERS,
            (Opening::Rif, _) => RIF,
            (Opening::Yamaguchi, _) => YAMAGUCHI,
            (Opening::Soosorv8, _) => SOOSORV8,
            (Opening::Taraguchi10, _) => TARAGUCHI10,
        }
    }

    /// The step due, or `None` once the opening is over.
    pub fn due(&self) -> Option<Step> {
        self.script().get(self.step).copied()
    }

    /// The number of offers wanted at an `Offers` step.
    pub fn wanted(&self, count: Count) -> u8 {
        match count {
            Count::Fixed(n) => n,
            Count::Declared => self.declared.unwrap_or(1),
        }
    }

    /// The colour whose holder acts at the due step.
    pub fn actor(&self) -> Option<Colour> {
        Some(match self.due()? {
            Step::Place { by, .. } | Step::Swap { by } | Step::Declare { by, .. } => by,
            Step::Offers(_) | Step::Fork => B,
            Step::Choose => W,
        })
    }
}

/// Whether `p` lies in the central square of side `side` of the board.
pub fn in_square(board: &Board, p: Point, side: u8) -> bool {
    let centre = (board.size() / 2) as i32;
    let half = (side / 2) as i32;
    (p.x as i32 - centre).abs() <= half && (p.y as i32 - centre).abs() <= half
}

/// The eight symmetries of the square about its centre.
fn transform(board: &Board, p: Point, which: u8) -> Point {
    let m = board.size() - 1;
    let (x, y) = (p.x, p.y);
    let (x, y) = match which % 4 {
        0 => (x, y),
        1 => (m - y, x),
        2 => (m - x, m - y),
        _ => (y, m - x),
    };
    if which >= 4 {
        Point::new(m - x, y)
    } else {
        Point::new(x, y)
    }
}

/// Whether offers `a` and `b` are the same fifth move up to a symmetry of the position:
/// one of the square's eight rotations and reflections about the centre that maps every
/// stone onto a stone of the same colour maps `a` onto `b`.
pub fn symmetric(board: &Board, a: Point, b: Point) -> bool {
    (0..8).any(|which| {
        transform(board, a, which) == b
            && board
                .points()
                .all(|p| board.get(p).is_none() || board.get(transform(board, p, which)) == board.get(p))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    #[test]
    fn offers_are_symmetric_only_under_symmetries_of_the_position() {
        // h8 black, h9 white, h10 black: mirror in the h file only.
        let board = Position::parse("b:h8,h10 w:h9", 15)
            .map(|p| p.board)
            .unwrap_or_else(|e| panic!("{e}"));
        let p = |t: &str| Point::parse(t, 15).unwrap_or_else(|e| panic!("{e}"));
        assert!(symmetric(&board, p("g7"), p("i7")));
        assert!(!symmetric(&board, p("g7"), p("g9")));
        assert!(symmetric(&board, p("g7"), p("g7")));
        assert!(in_square(&board, p("g7"), 3));
        assert!(!in_square(&board, p("f8"), 3));
        assert!(in_square(&board, p("f8"), 5));
    }
}
