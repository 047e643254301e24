//! A second, naive move generator for Chad, written from seeds/chess/chad.md alone: a 12x12
//! mailbox read from a FEN by its own code, castles and walls listed by hand, every move tried
//! on a copy, check as the plain line of sight of an enemy rook or queen. It shares no code
//! with the engine.

use crate::variant::Variant;

const N: i32 = 12;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Man {
    white: bool,
    kind: u8,
}

#[derive(Clone)]
struct Board {
    cells: Vec<Option<Man>>,
    white_to_move: bool,
}

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..N).contains(&f) && (0..N).contains(&r)).then_some((r * N + f) as usize)
}

fn fr(sq: usize) -> (i32, i32) {
    (sq as i32 % N, sq as i32 / N)
}

/// White's castle c3-e5, black's h8-j10 (0-based lowest corners (2,2) and (7,7)).
fn in_castle(white: bool, sq: usize) -> bool {
    let (f, r) = fr(sq);
    let lo = if white { 2 } else { 7 };
    (lo..lo + 3).contains(&f) && (lo..lo + 3).contains(&r)
}

/// The wall: cells beside a castle side, not diagonal to its corners.
fn on_wall(white: bool, sq: usize) -> bool {
    let (f, r) = fr(sq);
    let lo = if white { 2 } else { 7 };
    let band = |x: i32| (lo..lo + 3).contains(&x);
    let edge = |x: i32| x == lo - 1 || x == lo + 3;
    (band(f) && edge(r)) || (edge(f) && band(r))
}

impl Board {
    fn read(fen: &str) -> Board {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut cells = vec![None; (N * N) as usize];
        for (i, row) in fields[0].split('/').enumerate() {
            let r = N - 1 - i as i32;
            let (mut f, mut digits) = (0, 0);
            for c in row.bytes() {
                if c.is_ascii_digit() {
                    digits = digits * 10 + i32::from(c - b'0');
                    continue;
                }
                f += digits;
                digits = 0;
                if let Some(sq) = at(f, r) {
                    cells[sq] = Some(Man {
                        white: c.is_ascii_uppercase(),
                        kind: c.to_ascii_uppercase(),
                    });
                }
                f += 1;
            }
        }
        Board {
            cells,
            white_to_move: fields[1] == "w",
        }
    }

    /// Cells a rook or queen on `sq` sees: empty ones, then the first piece on each line.
    fn sight(&self, sq: usize, kind: u8) -> Vec<usize> {
        let ortho = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let dirs: Vec<(i32, i32)> = if kind == b'Q' {
            ortho.iter().chain(&diag).copied().collect()
        } else {
            ortho.to_vec()
        };
        let (f, r) = fr(sq);
        let mut out = Vec::new();
        for (df, dr) in dirs {
            let mut k = 1;
            while let Some(t) = at(f + df * k, r + dr * k) {
                out.push(t);
                if self.cells[t].is_some() {
                    break;
                }
                k += 1;
            }
        }
        out
    }

    fn in_check(&self, white: bool) -> bool {
        let Some(king) = (0..self.cells.len()).find(|&s| self.cells[s] == Some(Man { white, kind: b'K' })) else {
            return false;
        };
        (0..self.cells.len()).any(|s| match self.cells[s] {
            Some(m) if m.white != white && m.kind != b'K' => self.sight(s, m.kind).contains(&king),
            _ => false,
        })
    }

    fn pseudo(&self) -> Vec<(usize, usize)> {
        let us = self.white_to_move;
        let mut out = Vec::new();
        for from in 0..self.cells.len() {
            let Some(man) = self.cells[from].filter(|m| m.white == us) else {
                continue;
            };
            if man.kind == b'K' {
                let (f, r) = fr(from);
                let jumps = [
                    (1, 0),
                    (-1, 0),
                    (0, 1),
                    (0, -1),
                    (1, 1),
                    (1, -1),
                    (-1, 1),
                    (-1, -1),
                    (1, 2),
                    (2, 1),
                    (2, -1),
                    (1, -2),
                    (-1, -2),
                    (-2, -1),
                    (-2, 1),
                    (-1, 2),
                ];
                for (df, dr) in jumps {
                    if let Some(t) = at(f + df, r + dr) {
                        if in_castle(us, t) && self.cells[t].is_none_or(|m| m.white != us) {
                            out.push((from, t));
                        }
                    }
                }
                continue;
            }
            for t in self.sight(from, man.kind) {
                match self.cells[t] {
                    None => out.push((from, t)),
                    Some(m) if m.white != us => {
                        let from_enemy_wall = on_wall(!us, from) && in_castle(!us, t);
                        let from_own_castle = in_castle(us, from) && on_wall(us, t);
                        if from_enemy_wall || from_own_castle {
                            out.push((from, t));
                        }
                    }
                    Some(_) => {}
                }
            }
        }
        out
    }

    fn play(&self, (from, to): (usize, usize)) -> Board {
        let mut b = self.clone();
        let us = self.white_to_move;
        let mut man = b.cells[from].take().unwrap_or(Man { white: us, kind: b'R' });
        if man.kind == b'R' && in_castle(!us, to) {
            man.kind = b'Q';
        }
        b.cells[to] = Some(man);
        b.white_to_move = !us;
        b
    }

    fn legal(&self) -> Vec<Board> {
        let us = self.white_to_move;
        self.pseudo()
            .into_iter()
            .map(|m| self.play(m))
            .filter(|b| !b.in_check(us))
            .collect()
    }
}

/// The start, and positions built so that captures between walls and castles, promotion and
/// checks happen within three plies.
const POSITIONS: [&str; 3] = [
    crate::fairy::chad::START,
    "12/12/7r4/7rkr2/6R1r3/12/12/2R1r7/2RKR7/1r1Q8/12/12 w - - 0 1",
    "12/12/8r3/6r1k3/12/7Q4/2r9/12/3K8/12/12/12 b - - 0 1",
];

#[test]
#[cfg_attr(debug_assertions, ignore = "slow unoptimised: runs in the release suites (.ci/run)")]
fn chad_perft_agrees_with_naive_generator() {
    super::naive_perft::assert_agrees(Variant::Chad, &POSITIONS, Board::read, Board::legal);
}
