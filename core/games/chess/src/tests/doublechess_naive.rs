//! A second, naive move generator for double chess, written from seeds/chess/doublechess.md
//! alone: a 16x12 mailbox read from a FEN by its own code, every move tried on a copy, every
//! king royal, pawn steps of one to four from home with en passant onto any passed cell, and
//! castling by each king with the rooks of its own half. It shares no code with the engine.

use crate::variant::Variant;

const W: i32 = 16;
const H: i32 = 12;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Man {
    white: bool,
    kind: u8,
}

#[derive(Clone)]
struct Board {
    cells: Vec<Option<Man>>,
    white_to_move: bool,
    /// Castling rook files still usable, per colour (white first).
    rights: [Vec<i32>; 2],
    /// After a pawn's step of two or more: the cells it passed and where it stands.
    passed: Option<(Vec<usize>, usize)>,
}

/// A move: from, to, promotion letter (0 for none).
type Step = (usize, usize, u8);

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..W).contains(&f) && (0..H).contains(&r)).then_some((r * W + f) as usize)
}

fn fr(sq: usize) -> (i32, i32) {
    (sq as i32 % W, sq as i32 / W)
}

impl Board {
    fn read(fen: &str) -> Board {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut cells = vec![None; (W * H) as usize];
        for (i, row) in fields[0].split('/').enumerate() {
            let r = H - 1 - i as i32;
            let mut f = 0;
            let mut digits = 0;
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
        let files = |upper: bool| -> Vec<i32> {
            fields[2]
                .bytes()
                .filter(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == upper)
                .map(|c| i32::from(c.to_ascii_lowercase() - b'a'))
                .collect()
        };
        let white_to_move = fields[1] == "w";
        let mut board = Board {
            cells,
            white_to_move,
            rights: [files(true), files(false)],
            passed: None,
        };
        let ep = fields[3].as_bytes();
        if ep.len() >= 2 {
            // The first passed cell; the pawn stands on the first occupied cell beyond it.
            let f = i32::from(ep[0] - b'a');
            let r: i32 = fields[3][1..].parse::<i32>().unwrap_or(0) - 1;
            let dr = if white_to_move { -1 } else { 1 };
            let mut cells = Vec::new();
            let mut cur = r;
            while let Some(sq) = at(f, cur).filter(|&s| board.cells[s].is_none()) {
                cells.push(sq);
                cur += dr;
            }
            if let Some(pawn) = at(f, cur) {
                board.passed = Some((cells, pawn));
            }
        }
        board
    }

    fn reach(&self, sq: usize, man: Man) -> Vec<usize> {
        const ORTHO: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
        let (f, r) = fr(sq);
        let mut out = Vec::new();
        let mut slide = |dirs: &[(i32, i32)]| {
            for &(df, dr) in dirs {
                let mut k = 1;
                while let Some(t) = at(f + df * k, r + dr * k) {
                    out.push(t);
                    if self.cells[t].is_some() {
                        break;
                    }
                    k += 1;
                }
            }
        };
        match man.kind {
            b'R' => slide(&ORTHO),
            b'B' => slide(&DIAG),
            b'Q' => {
                slide(&ORTHO);
                slide(&DIAG);
            }
            b'N' => out.extend(KNIGHT.iter().filter_map(|&(df, dr)| at(f + df, r + dr))),
            b'K' => out.extend(ORTHO.iter().chain(&DIAG).filter_map(|&(df, dr)| at(f + df, r + dr))),
            _ => {
                let dr = if man.white { 1 } else { -1 };
                out.extend([-1, 1].iter().filter_map(|&df| at(f + df, r + dr)));
            }
        }
        out
    }

    fn attacked(&self, sq: usize, by_white: bool) -> bool {
        (0..self.cells.len()).any(|from| match self.cells[from] {
            Some(m) if m.white == by_white => self.reach(from, m).contains(&sq),
            _ => false,
        })
    }

    /// Whether any of `white`'s kings stands on a cell the other side attacks (one pass over
    /// the other side's pieces).
    fn any_king_attacked(&self, white: bool) -> bool {
        let mut hit = vec![false; self.cells.len()];
        for from in 0..self.cells.len() {
            if let Some(m) = self.cells[from].filter(|m| m.white != white) {
                for t in self.reach(from, m) {
                    hit[t] = true;
                }
            }
        }
        (0..self.cells.len()).any(|sq| hit[sq] && self.cells[sq] == Some(Man { white, kind: b'K' }))
    }

    fn pseudo(&self) -> Vec<Step> {
        let us = self.white_to_move;
        let mut out = Vec::new();
        for from in 0..self.cells.len() {
            let Some(man) = self.cells[from].filter(|m| m.white == us) else {
                continue;
            };
            let (f, r) = fr(from);
            if man.kind != b'P' {
                for to in self.reach(from, man) {
                    if self.cells[to].is_none_or(|m| m.white != us) {
                        out.push((from, to, 0));
                    }
                }
                continue;
            }
            let dr = if us { 1 } else { -1 };
            let last = if us { H - 1 } else { 0 };
            let home = if us { 1 } else { H - 2 };
            let mut add = |to: usize| {
                if fr(to).1 == last {
                    for p in *b"QRBN" {
                        out.push((from, to, p));
                    }
                } else {
                    out.push((from, to, 0));
                }
            };
            let steps = if r == home { 4 } else { 1 };
            for k in 1..=steps {
                match at(f, r + dr * k).filter(|&t| self.cells[t].is_none()) {
                    Some(t) => add(t),
                    None => break,
                }
            }
            for df in [-1, 1] {
                if let Some(t) = at(f + df, r + dr) {
                    let enemy = self.cells[t].is_some_and(|m| m.white != us);
                    let passed = self.passed.as_ref().is_some_and(|(cells, _)| cells.contains(&t));
                    if enemy || passed {
                        add(t);
                    }
                }
            }
        }
        // Castling: the king of each half with that half's rooks, on the board as drawn.
        let rank = if us { 0 } else { H - 1 };
        for &rook_file in &self.rights[usize::from(!us)] {
            let king_file = if rook_file < 8 { 4 } else { 12 };
            let toward = if rook_file < king_file { -1 } else { 1 };
            let (Some(king), Some(rook)) = (at(king_file, rank), at(rook_file, rank)) else {
                continue;
            };
            let between_empty = (rook_file.min(king_file) + 1..rook_file.max(king_file))
                .all(|f| at(f, rank).is_some_and(|s| self.cells[s].is_none()));
            let path_safe = (0..=2).all(|k| at(king_file + toward * k, rank).is_some_and(|s| !self.attacked(s, !us)));
            let pieces_home = self.cells[king] == Some(Man { white: us, kind: b'K' })
                && self.cells[rook] == Some(Man { white: us, kind: b'R' });
            if pieces_home && between_empty && path_safe {
                if let Some(to) = at(king_file + 2 * toward, rank) {
                    out.push((king, to, b'c'));
                }
            }
        }
        out
    }

    fn play(&self, &(from, to, promo): &Step) -> Board {
        let mut b = self.clone();
        let us = self.white_to_move;
        let man = b.cells[from].take().unwrap_or(Man { white: us, kind: b'P' });
        b.passed = None;
        let (ff, fr_) = fr(from);
        let (tf, tr) = fr(to);
        if promo == b'c' {
            // Castling: the rook of this side of the king's half hops next to it.
            let rook_file = if tf < ff {
                if ff == 4 {
                    0
                } else {
                    8
                }
            } else if ff == 4 {
                7
            } else {
                15
            };
            if let (Some(rs), Some(rt)) = (at(rook_file, fr_), at((ff + tf) / 2, fr_)) {
                b.cells[rt] = b.cells[rs].take();
            }
        }
        if man.kind == b'P' {
            if let Some((cells, pawn)) = &self.passed {
                if cells.contains(&to) && ff != tf {
                    b.cells[*pawn] = None;
                }
            }
            if (tr - fr_).abs() >= 2 {
                let dr = if us { 1 } else { -1 };
                let cells = (1..(tr - fr_).abs()).filter_map(|k| at(ff, fr_ + dr * k)).collect();
                b.passed = Some((cells, to));
            }
        }
        let placed = match promo {
            0 | b'c' => man,
            p => Man { white: us, kind: p },
        };
        b.cells[to] = Some(placed);
        for (c, rank) in [(0, 0), (1, H - 1)] {
            b.rights[c].retain(|&rf| {
                let king_file = if rf < 8 { 4 } else { 12 };
                ![at(rf, rank), at(king_file, rank)].contains(&Some(from)) && at(rf, rank) != Some(to)
            });
        }
        b.white_to_move = !us;
        b
    }

    fn legal(&self) -> Vec<Board> {
        let us = self.white_to_move;
        self.pseudo()
            .iter()
            .map(|s| self.play(s))
            .filter(|b| !b.any_king_attacked(us))
            .collect()
    }
}

/// The start, and positions built to make castling, long pawn steps with en passant,
/// promotion and two-king checks happen within three plies.
const POSITIONS: [&str; 4] = [
    crate::fairy::doublechess::START,
    "r3k2rr3k2r/pppppppppppppppp/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/R3K2RR3K2R w AHIPahip - 0 1",
    "4k7k3/16/16/16/16/16/16/3p12/16/16/4P10P/4K7K3 w - - 0 1",
    "4k7k3/1P14/16/16/16/16/16/16/16/4q11/16/R3K2RR3K3 w AHI - 0 1",
];

#[test]
#[cfg_attr(debug_assertions, ignore = "slow unoptimised: runs in the release suites (.ci/run)")]
fn doublechess_perft_agrees_with_naive_generator() {
    super::naive_perft::assert_agrees(Variant::DoubleChess, &POSITIONS, Board::read, Board::legal);
}
