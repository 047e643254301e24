//! The board of a five-in-a-row game: points, colours and the coordinate text (`h8`, a1 at
//! the bottom left). It knows nothing of rules; it never panics on a point off the board.

use serde::{Deserialize, Serialize};

/// The smallest and largest board sizes: five in a row needs five points, and files are
/// named by the 26 letters.
pub const MIN_SIZE: u8 = 5;
pub const MAX_SIZE: u8 = 26;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }
}

/// A point: file `x` from 0 (`a`, left) and rank `y` from 0 (rank 1, bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

impl Point {
    pub fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// The coordinate text: file letter and rank number (`h8`).
    pub fn text(self) -> String {
        format!("{}{}", (b'a' + self.x) as char, self.y as u32 + 1)
    }

    /// Reads `h8` (or `H8`) on a board of `size`, refusing points off the board.
    pub fn parse(text: &str, size: u8) -> Result<Point, String> {
        let text = text.trim();
        let mut chars = text.chars();
        let file = chars.next().ok_or_else(|| "an empty point".to_string())?;
        let rank = chars.as_str();
        if !file.is_ascii_alphabetic() || rank.is_empty() || !rank.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "'{text}' is not a point (a file letter then a rank number, like h8)"
            ));
        }
        let x = file.to_ascii_lowercase() as u8 - b'a';
        let y: u32 = rank
            .parse()
            .map_err(|_| format!("'{text}' has a rank that is too large"))?;
        if x >= size || y == 0 || y > size as u32 {
            return Err(format!("{text} is off the {size}x{size} board"));
        }
        Ok(Point::new(x, (y - 1) as u8))
    }
}

/// The stones on a square board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    size: u8,
    cells: Vec<Option<Colour>>,
}

/// The four line directions: across, up, up-right diagonal, up-left diagonal.
pub const DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

impl Board {
    pub fn new(size: u8) -> Board {
        Board {
            size,
            cells: vec![None; size as usize * size as usize],
        }
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    /// The point `steps` steps from `p` along `d`, if it is on the board.
    pub fn step(&self, p: Point, d: (i8, i8), steps: i32) -> Option<Point> {
        let x = p.x as i32 + d.0 as i32 * steps;
        let y = p.y as i32 + d.1 as i32 * steps;
        let n = self.size as i32;
        if (0..n).contains(&x) && (0..n).contains(&y) {
            Some(Point::new(x as u8, y as u8))
        } else {
            None
        }
    }

    pub fn get(&self, p: Point) -> Option<Colour> {
        self.cells
            .get(p.y as usize * self.size as usize + p.x as usize)
            .copied()
            .flatten()
    }

    pub fn on_board(&self, p: Point) -> bool {
        p.x < self.size && p.y < self.size
    }

    pub fn set(&mut self, p: Point, stone: Option<Colour>) {
        let index = p.y as usize * self.size as usize + p.x as usize;
        if let Some(cell) = self.cells.get_mut(index) {
            *cell = stone;
        }
    }

    /// Every point, row by row from a1.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.size).flat_map(move |y| (0..self.size).map(move |x| Point::new(x, y)))
    }

    pub fn is_full(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// The points holding `colour`, row by row from a1.
    pub fn stones(&self, colour: Colour) -> Vec<Point> {
        self.points().filter(|p| self.get(*p) == Some(colour)).collect()
    }

    /// Calls `visit(k, stone)` for each offset `k` in `-reach..=reach`, in order, whose point `k`
    /// steps from `p` along `d` is on the board: a window of a line read by index, without
    /// stepping and checking point by point.
    pub fn window(&self, p: Point, d: (i8, i8), reach: i32, mut visit: impl FnMut(i32, Option<Colour>)) {
        let n = self.size as i32;
        // The offsets that keep one coordinate on the board.
        let span = |at: u8, step: i8| match step {
            0 => (-reach, reach),
            1 => (-(at as i32), n - 1 - at as i32),
            _ => (at as i32 - (n - 1), at as i32),
        };
        let (x_lo, x_hi) = span(p.x, d.0);
        let (y_lo, y_hi) = span(p.y, d.1);
        let (lo, hi) = (x_lo.max(y_lo).max(-reach), x_hi.min(y_hi).min(reach));
        let origin = p.y as i32 * n + p.x as i32;
        let stride = d.1 as i32 * n + d.0 as i32;
        for k in lo..=hi {
            if let Some(stone) = self.cells.get((origin + k * stride) as usize) {
                visit(k, *stone);
            }
        }
    }

    /// How many stones of `colour` run from `p` (exclusive) along `d` without a gap.
    pub fn run(&self, p: Point, d: (i8, i8), colour: Colour) -> i32 {
        let mut count = 0;
        while let Some(q) = self.step(p, d, count + 1) {
            if self.get(q) != Some(colour) {
                break;
            }
            count += 1;
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_and_print() {
        assert_eq!(Point::parse("h8", 15), Ok(Point::new(7, 7)));
        assert_eq!(Point::parse("A1", 15), Ok(Point::new(0, 0)));
        assert_eq!(Point::parse("o15", 15).map(Point::text), Ok("o15".to_string()));
        for bad in ["p1", "a0", "a16", "", "8h", "h", "h8x", "é1", "a99999999999"] {
            assert!(Point::parse(bad, 15).is_err(), "{bad}");
        }
    }

    #[test]
    fn runs_stop_at_gaps_and_edges() {
        let mut b = Board::new(15);
        for x in [3, 4, 5, 7] {
            b.set(Point::new(x, 0), Some(Colour::Black));
        }
        assert_eq!(b.run(Point::new(6, 0), (-1, 0), Colour::Black), 3);
        assert_eq!(b.run(Point::new(6, 0), (1, 0), Colour::Black), 1);
        assert_eq!(b.run(Point::new(3, 0), (0, -1), Colour::Black), 0);
    }

    #[test]
    fn a_window_reads_what_stepping_reads() {
        let mut b = Board::new(9);
        for (i, p) in b.points().collect::<Vec<_>>().into_iter().enumerate() {
            let stone = [None, Some(Colour::Black), Some(Colour::White)][i * 7 % 3];
            b.set(p, stone);
        }
        for p in b.points() {
            for d in DIRECTIONS.iter().chain(&[(-1, 0), (0, -1), (-1, -1), (1, -1)]) {
                let mut read = Vec::new();
                b.window(p, *d, 5, |k, stone| read.push((k, stone)));
                let stepped: Vec<_> = (-5..=5)
                    .filter_map(|k| b.step(p, *d, k).map(|q| (k, b.get(q))))
                    .collect();
                assert_eq!(read, stepped, "{p:?} {d:?}");
            }
        }
    }
}
