//! A second, naive move generator for the horizontal cylinder (`cylinder` with `wrap=ranks`),
//! written from seeds/chess/cylinder.md alone: a mailbox board read from a FEN by its own
//! code, every move tried on a copy, ranks 1 and 8 joined for every piece but the pawn. It
//! shares no code with the engine and counts perft at depths 1 to 3 to compare.

use crate::variant::Variant;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Man {
    white: bool,
    kind: u8,
}

#[derive(Clone)]
struct Board {
    cells: [Option<Man>; 64],
    white_to_move: bool,
    /// Castling rook squares still usable: white a1, white h1, black a8, black h8.
    rights: [bool; 4],
    ep: Option<usize>,
}

/// A move: from, to, promotion letter (0 for none), and a castling marker.
type Step = (usize, usize, u8, bool);

fn at(f: i32, r: i32) -> usize {
    (r * 8 + f) as usize
}

impl Board {
    fn read(fen: &str) -> Board {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut cells = [None; 64];
        for (i, row) in fields[0].split('/').enumerate() {
            let r = 7 - i as i32;
            let mut f = 0;
            for c in row.bytes() {
                if c.is_ascii_digit() {
                    f += i32::from(c - b'0');
                } else {
                    cells[at(f, r)] = Some(Man {
                        white: c.is_ascii_uppercase(),
                        kind: c.to_ascii_uppercase(),
                    });
                    f += 1;
                }
            }
        }
        let castling = fields[2];
        let rights = [
            castling.contains('Q'),
            castling.contains('K'),
            castling.contains('q'),
            castling.contains('k'),
        ];
        let ep = fields[3].as_bytes();
        let ep = (ep.len() == 2).then(|| at(i32::from(ep[0] - b'a'), i32::from(ep[1] - b'1')));
        Board {
            cells,
            white_to_move: fields[1] == "w",
            rights,
            ep,
        }
    }

    /// One step away with ranks wrapping (files do not).
    fn step(sq: usize, df: i32, dr: i32) -> Option<usize> {
        let f = (sq % 8) as i32 + df;
        let r = ((sq / 8) as i32 + dr).rem_euclid(8);
        (0..8).contains(&f).then(|| at(f, r))
    }

    /// One step away on the flat board (pawns never cross the seam).
    fn flat(sq: usize, df: i32, dr: i32) -> Option<usize> {
        let (f, r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        ((0..8).contains(&f) && (0..8).contains(&r)).then(|| at(f, r))
    }

    fn mine(&self, sq: usize, white: bool) -> bool {
        self.cells[sq].is_some_and(|m| m.white == white)
    }

    /// The squares a piece on `sq` attacks or moves to, pawns' pushes apart.
    fn reach(&self, sq: usize, man: Man) -> Vec<usize> {
        const ORTHO: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
        let mut out = Vec::new();
        let mut slide = |dirs: &[(i32, i32)]| {
            for &(df, dr) in dirs {
                let mut cur = sq;
                while let Some(next) = Board::step(cur, df, dr) {
                    if next == sq {
                        break;
                    }
                    out.push(next);
                    if self.cells[next].is_some() {
                        break;
                    }
                    cur = next;
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
            b'N' => out.extend(KNIGHT.iter().filter_map(|&(df, dr)| Board::step(sq, df, dr))),
            b'K' => out.extend(
                ORTHO
                    .iter()
                    .chain(&DIAG)
                    .filter_map(|&(df, dr)| Board::step(sq, df, dr)),
            ),
            _ => {
                let dr = if man.white { 1 } else { -1 };
                out.extend([-1, 1].iter().filter_map(|&df| Board::flat(sq, df, dr)));
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    fn attacked(&self, sq: usize, by_white: bool) -> bool {
        (0..64).any(|from| match self.cells[from] {
            Some(m) if m.white == by_white => self.reach(from, m).contains(&sq),
            _ => false,
        })
    }

    fn king(&self, white: bool) -> Option<usize> {
        (0..64).find(|&sq| self.cells[sq] == Some(Man { white, kind: b'K' }))
    }

    fn pseudo(&self) -> Vec<Step> {
        let us = self.white_to_move;
        let mut out = Vec::new();
        for from in 0..64 {
            let Some(man) = self.cells[from].filter(|m| m.white == us) else {
                continue;
            };
            if man.kind != b'P' {
                for to in self.reach(from, man) {
                    if !self.mine(to, us) {
                        out.push((from, to, 0, false));
                    }
                }
                continue;
            }
            let dr = if us { 1 } else { -1 };
            let last = if us { 7 } else { 0 };
            let home = if us { 1 } else { 6 };
            let mut add = |to: usize| {
                if (to / 8) as i32 == last {
                    for p in *b"QRBN" {
                        out.push((from, to, p, false));
                    }
                } else {
                    out.push((from, to, 0, false));
                }
            };
            if let Some(one) = Board::flat(from, 0, dr).filter(|&t| self.cells[t].is_none()) {
                add(one);
                if (from / 8) as i32 == home {
                    if let Some(two) = Board::flat(one, 0, dr).filter(|&t| self.cells[t].is_none()) {
                        add(two);
                    }
                }
            }
            for df in [-1, 1] {
                if let Some(t) = Board::flat(from, df, dr) {
                    if self.cells[t].is_some_and(|m| m.white != us) || Some(t) == self.ep {
                        add(t);
                    }
                }
            }
        }
        // Castling on the board as drawn: king e-file to c or g, rook to d or f.
        let (rank, base) = if us { (0, 0) } else { (7, 2) };
        let king = at(4, rank);
        if self.cells[king] == Some(Man { white: us, kind: b'K' }) && !self.attacked(king, !us) {
            for (side, rook_file, between, crossed, target) in [(0, 0, &[1, 2, 3][..], 3, 2), (1, 7, &[5, 6][..], 5, 6)]
            {
                let rook = at(rook_file, rank);
                let ok = self.rights[base + side]
                    && self.cells[rook] == Some(Man { white: us, kind: b'R' })
                    && between.iter().all(|&f| self.cells[at(f, rank)].is_none())
                    && !self.attacked(at(crossed, rank), !us);
                if ok {
                    out.push((king, at(target, rank), 0, true));
                }
            }
        }
        out
    }

    fn play(&self, &(from, to, promo, castle): &Step) -> Board {
        let mut b = self.clone();
        let us = self.white_to_move;
        let man = b.cells[from].take().unwrap_or(Man { white: us, kind: b'P' });
        b.ep = None;
        if castle {
            let rank = to / 8;
            let (rook_from, rook_to) = if to % 8 == 6 { (7, 5) } else { (0, 3) };
            b.cells[rank * 8 + rook_to] = b.cells[rank * 8 + rook_from].take();
        }
        if man.kind == b'P' {
            if Some(to) == self.ep && self.cells[to].is_none() {
                b.cells[(from / 8) * 8 + to % 8] = None;
            }
            if from.abs_diff(to) == 16 {
                b.ep = Some((from + to) / 2);
            }
        }
        b.cells[to] = Some(if promo != 0 {
            Man { white: us, kind: promo }
        } else {
            man
        });
        for (i, sq) in [0, 7, 56, 63].into_iter().enumerate() {
            if from == sq || to == sq {
                b.rights[i] = false;
            }
        }
        if man.kind == b'K' {
            let base = if us { 0 } else { 2 };
            b.rights[base] = false;
            b.rights[base + 1] = false;
        }
        b.white_to_move = !us;
        b
    }

    fn legal(&self) -> Vec<Board> {
        let us = self.white_to_move;
        self.pseudo()
            .iter()
            .map(|s| self.play(s))
            .filter(|b| b.king(us).is_none_or(|k| !b.attacked(k, !us)))
            .collect()
    }
}

/// Positions built to exercise the seam: castling with attacks across it, en passant and
/// promotion beside it, and sliders running round it.
const POSITIONS: [&str; 3] = [
    "r1k4r/pp3ppp/2n5/2p5/4P3/5N2/PPP2PPP/R3K2R w KQ - 0 1",
    "8/1P4p1/7k/3pP3/8/8/6p1/R3K3 w Q d6 0 1",
    "6k1/2p5/8/1b6/8/8/3P4/R1Q1K2R w KQ - 0 1",
];

#[test]
fn horizontal_cylinder_perft_agrees_with_naive_generator() {
    super::naive_perft::assert_agrees(Variant::CylinderRanks, &POSITIONS, Board::read, Board::legal);
}
