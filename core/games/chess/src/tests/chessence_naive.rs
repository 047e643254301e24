//! A second, naive move generator for Chessence, written from seeds/chess/chessence.md alone:
//! a 6x9 mailbox with the eight holes listed by name, a man's powers found by looking at its
//! neighbours afresh for every move, every move tried on a copy and kept when no enemy man
//! can then reach the mover's king. It shares no code with the engine.

use crate::variant::Variant;

const W: i32 = 6;
const H: i32 = 9;
const HOLES: [&str; 8] = ["a2", "b3", "b5", "c6", "d4", "e5", "e7", "f8"];
const WHITE_STARTS: [&str; 6] = ["d2", "d3", "e1", "e2", "e3", "f2"];
const BLACK_STARTS: [&str; 6] = ["a8", "b7", "b8", "b9", "c7", "c8"];
const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// White or not, and `K` or `P`.
type Man = (bool, u8);

#[derive(Clone)]
struct Board {
    cells: [Option<Man>; 54],
    white_to_move: bool,
    /// Men in reserve: white's, black's.
    reserve: [u8; 2],
}

fn index(name: &str) -> i32 {
    let b = name.as_bytes();
    i32::from(b[0] - b'a') + W * (name[1..].parse::<i32>().unwrap_or(0) - 1)
}

fn is_hole(x: i32, y: i32) -> bool {
    HOLES.iter().any(|h| index(h) == y * W + x)
}

/// The cell at (x, y) if it is on the board and not a hole.
fn at(x: i32, y: i32) -> Option<i32> {
    ((0..W).contains(&x) && (0..H).contains(&y) && !is_hole(x, y)).then_some(y * W + x)
}

impl Board {
    fn read(fen: &str) -> Board {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let (placement, pocket) = f[0].split_once('[').unwrap_or((f[0], "]"));
        let mut cells = [None; 54];
        for (i, row) in placement.split('/').enumerate() {
            let y = H - 1 - i as i32;
            let mut x = 0;
            for c in row.bytes() {
                if c.is_ascii_digit() {
                    x += i32::from(c - b'0');
                } else {
                    if c != b'*' {
                        cells[(y * W + x) as usize] = Some((c.is_ascii_uppercase(), c.to_ascii_uppercase()));
                    }
                    x += 1;
                }
            }
        }
        let mut reserve = [0; 2];
        for c in pocket.trim_end_matches(']').bytes() {
            reserve[usize::from(c == b'p')] += 1;
        }
        Board {
            cells,
            white_to_move: f[1] == "w",
            reserve,
        }
    }

    fn man(&self, i: i32) -> Option<Man> {
        self.cells[i as usize]
    }

    fn friendly_man(&self, x: i32, y: i32, white: bool) -> bool {
        at(x, y).and_then(|i| self.man(i)) == Some((white, b'P'))
    }

    /// The cells the man of colour `white` on `i` may move to, by the men around it.
    fn reach(&self, i: i32, white: bool) -> Vec<i32> {
        let (x, y) = (i % W, i / W);
        let has = |steps: &[(i32, i32)]| steps.iter().any(|&(dx, dy)| self.friendly_man(x + dx, y + dy, white));
        let mut out = Vec::new();
        let slide = |steps: &[(i32, i32)], out: &mut Vec<i32>| {
            for &(dx, dy) in steps {
                let (mut cx, mut cy) = (x + dx, y + dy);
                while let Some(t) = at(cx, cy) {
                    match self.man(t) {
                        None => out.push(t),
                        Some((w, _)) => {
                            if w != white {
                                out.push(t);
                            }
                            break;
                        }
                    }
                    cx += dx;
                    cy += dy;
                }
            }
        };
        if has(&ROOK) {
            slide(&ROOK, &mut out);
        }
        if has(&BISHOP) {
            slide(&BISHOP, &mut out);
        }
        if has(&KNIGHT) {
            for &(dx, dy) in &KNIGHT {
                if let Some(t) = at(x + dx, y + dy) {
                    if self.man(t).is_none_or(|(w, _)| w != white) {
                        out.push(t);
                    }
                }
            }
        }
        out
    }

    fn king(&self, white: bool) -> Option<i32> {
        (0..54).find(|&i| self.man(i) == Some((white, b'K')))
    }

    fn attacked(&self, target: i32, by_white: bool) -> bool {
        (0..54).any(|i| self.man(i) == Some((by_white, b'P')) && self.reach(i, by_white).contains(&target))
    }

    fn legal(&self) -> Vec<Board> {
        let white = self.white_to_move;
        let mut next = Vec::new();
        for i in 0..54 {
            if self.man(i) != Some((white, b'P')) {
                continue;
            }
            for t in self.reach(i, white) {
                let mut b = self.clone();
                b.cells[t as usize] = b.cells[i as usize];
                b.cells[i as usize] = None;
                next.push(b);
            }
        }
        let side = usize::from(!white);
        if self.reserve[side] > 0 {
            let starts = if white { WHITE_STARTS } else { BLACK_STARTS };
            for s in starts {
                let i = index(s);
                if self.man(i).is_none() {
                    let mut b = self.clone();
                    b.cells[i as usize] = Some((white, b'P'));
                    b.reserve[side] -= 1;
                    next.push(b);
                }
            }
        }
        next.into_iter()
            .map(|mut b| {
                b.white_to_move = !white;
                b
            })
            .filter(|b| b.king(white).is_some_and(|k| !b.attacked(k, !white)))
            .collect()
    }
}

/// The start; a middle game with entries left and checks about; a sparse one where men are
/// stranded; a crowded one next to both kings.
const POSITIONS: [&str; 4] = [
    "kp4/ppp2*/1pp1*1/2*3/1*2*1/3*2/1*1PP1/*2PPP/4PK[PPPppp] w - - 0 1",
    "k5/p1p2*/1p2*1/2*p2/1*P1*1/2P*2/1*1P2/*2P1P/4PK[Pp] b - - 0 1",
    "kp4/5*/4*1/p1*3/1*2*1/3*p1/1*1P2/*4P/5K[p] w - - 0 1",
    "k5/pP3*/1p2*1/2*3/1*2*1/3*2/1*4/*3pP/3P1K[PPp] w - - 0 1",
];

#[test]
#[cfg_attr(debug_assertions, ignore = "slow unoptimised: runs in the release suites (.ci/run)")]
fn chessence_perft_agrees_with_naive_generator() {
    super::naive_perft::assert_agrees(Variant::Chessence, &POSITIONS, Board::read, Board::legal);
}

#[test]
fn chessence_start_has_36_moves_by_hand() {
    // Counted by hand from the rules (seeds/chess/chessence.md): d2 7, d3 11, e1 6, e2 2,
    // e3 3, f2 7, and no entry (every start cell is taken).
    let start = Board::read(POSITIONS[0]);
    assert_eq!(start.legal().len(), 36);
    assert_eq!(crate::perft::perft(Variant::Chessence, POSITIONS[0], 1), Ok(36));
}
