//! A second, naive move generator for Stratomic, written from seeds/chess/stratomic.md alone: a
//! mailbox of 100 cells, every move tried on a copy and kept when the mover's king is not then
//! attacked by any piece of the other side (a nuclea attacking as a king). It shares no code
//! with the engine. No published perft figures for Stratomic exist to compare with.

use crate::variant::Variant;

/// A man: white or not, and its letter (PNBRQKU, U the nuclea).
type Man = (bool, u8);

/// How a move is made.
#[derive(Clone, Copy, PartialEq)]
enum How {
    Plain,
    Double,
    EnPassant,
    Launch,
}

/// From, to, how, and the letter a pawn becomes (0 for none).
type Step = (i32, i32, How, u8);

#[derive(Clone)]
struct Board {
    cells: [Option<Man>; 100],
    white_to_move: bool,
    /// White kingside, white queenside, black kingside, black queenside.
    rights: [bool; 4],
    ep: Option<i32>,
    /// A piece other than a pawn has been taken.
    armed: bool,
}

const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

fn at(x: i32, y: i32) -> Option<i32> {
    ((0..10).contains(&x) && (0..10).contains(&y)).then_some(y * 10 + x)
}

/// A square's name such as `f2` (files a to j, ranks 1 to 10).
fn cell(t: &str) -> i32 {
    let b = t.as_bytes();
    let rank: i32 = t[1..].parse().unwrap_or(1);
    (rank - 1) * 10 + i32::from(b[0] - b'a')
}

impl Board {
    fn read(fen: &str) -> Board {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut cells = [None; 100];
        for (i, row) in f[0].split('/').enumerate() {
            let y = 9 - i as i32;
            let mut x = 0;
            let mut run = 0;
            for c in row.bytes() {
                if c.is_ascii_digit() {
                    run = run * 10 + i32::from(c - b'0');
                    continue;
                }
                x += run;
                run = 0;
                cells[(y * 10 + x) as usize] = Some((c.is_ascii_uppercase(), c.to_ascii_uppercase()));
                x += 1;
            }
        }
        let c = f[2];
        Board {
            cells,
            white_to_move: f[1] == "w",
            rights: [c.contains('K'), c.contains('Q'), c.contains('k'), c.contains('q')],
            ep: (f[3] != "-").then(|| cell(f[3])),
            armed: f.contains(&"(armed)"),
        }
    }

    fn man(&self, sq: i32) -> Option<Man> {
        self.cells[sq as usize]
    }

    /// The squares the man on `sq` attacks (takes on, were an enemy there).
    fn attacks(&self, sq: i32) -> Vec<i32> {
        let Some((white, role)) = self.man(sq) else {
            return Vec::new();
        };
        let (x, y) = (sq % 10, sq / 10);
        let mut out = Vec::new();
        let slide = |dirs: &[(i32, i32)], out: &mut Vec<i32>| {
            for &(dx, dy) in dirs {
                let (mut cx, mut cy) = (x + dx, y + dy);
                while let Some(t) = at(cx, cy) {
                    out.push(t);
                    if self.man(t).is_some() {
                        break;
                    }
                    cx += dx;
                    cy += dy;
                }
            }
        };
        match role {
            b'P' => {
                let dy = if white { 1 } else { -1 };
                out.extend([at(x - 1, y + dy), at(x + 1, y + dy)].into_iter().flatten());
            }
            b'N' => out.extend(KNIGHT.iter().filter_map(|&(dx, dy)| at(x + dx, y + dy))),
            b'K' | b'U' => out.extend(KING.iter().filter_map(|&(dx, dy)| at(x + dx, y + dy))),
            b'R' => slide(&ROOK, &mut out),
            b'B' => slide(&BISHOP, &mut out),
            _ => {
                slide(&ROOK, &mut out);
                slide(&BISHOP, &mut out);
            }
        }
        out
    }

    fn attacked(&self, sq: i32, by: bool) -> bool {
        (0..100).any(|s| self.man(s).is_some_and(|(w, _)| w == by) && self.attacks(s).contains(&sq))
    }

    fn king(&self, white: bool) -> Option<i32> {
        (0..100).find(|&s| self.man(s) == Some((white, b'K')))
    }

    fn pseudo(&self) -> Vec<Step> {
        let white = self.white_to_move;
        let mut out = Vec::new();
        for sq in 0..100 {
            let Some((w, role)) = self.man(sq) else {
                continue;
            };
            if w != white {
                continue;
            }
            let (x, y) = (sq % 10, sq / 10);
            if role == b'P' {
                let dy = if white { 1 } else { -1 };
                let last = if white { 8 } else { 1 };
                let home = if white { 2 } else { 7 };
                let push = |to: i32, how: How, out: &mut Vec<Step>| {
                    if to / 10 == last {
                        for p in *b"QRBNU" {
                            out.push((sq, to, how, p));
                        }
                    } else {
                        out.push((sq, to, how, 0));
                    }
                };
                if let Some(one) = at(x, y + dy).filter(|&t| self.man(t).is_none()) {
                    push(one, How::Plain, &mut out);
                    if y == home {
                        if let Some(two) = at(x, y + 2 * dy).filter(|&t| self.man(t).is_none()) {
                            push(two, How::Double, &mut out);
                        }
                    }
                }
                for t in [at(x - 1, y + dy), at(x + 1, y + dy)].into_iter().flatten() {
                    if self.man(t).is_some_and(|(w, _)| w != white) {
                        push(t, How::Plain, &mut out);
                    } else if Some(t) == self.ep {
                        push(t, How::EnPassant, &mut out);
                    }
                }
                continue;
            }
            for t in self.attacks(sq) {
                if self.man(t).is_none_or(|(w, _)| w != white) {
                    out.push((sq, t, How::Plain, 0));
                }
            }
            if role == b'U' && self.armed && !self.attacked(sq, !white) {
                out.extend((0..100).map(|t| (sq, t, How::Launch, 0)));
            }
        }
        out
    }

    fn play(&self, (from, to, how, promo): Step) -> Board {
        let mut b = self.clone();
        let white = self.white_to_move;
        b.ep = None;
        b.white_to_move = !white;
        if how == How::Launch {
            b.cells[from as usize] = None;
            let (x, y) = (to % 10, to / 10);
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if let Some(t) = at(x + dx, y + dy) {
                        if b.man(t).is_some_and(|(_, r)| r != b'K') {
                            b.cells[t as usize] = None;
                        }
                    }
                }
            }
        } else {
            let (_, role) = self.man(from).unwrap_or((white, b'P'));
            if self.man(to).is_some_and(|(_, r)| r != b'P') {
                b.armed = true;
            }
            if how == How::EnPassant {
                b.cells[(to - if white { 10 } else { -10 }) as usize] = None;
            }
            if how == How::Double {
                b.ep = Some((from + to) / 2);
            }
            b.cells[from as usize] = None;
            b.cells[to as usize] = Some((white, if promo != 0 { promo } else { role }));
            if role == b'K' {
                let i = if white { 0 } else { 2 };
                b.rights[i] = false;
                b.rights[i + 1] = false;
            }
        }
        // A right lapses once its rook is not on its corner of the second (ninth) rank.
        for (i, (sq, w)) in [(18, true), (11, true), (88, false), (81, false)]
            .into_iter()
            .enumerate()
        {
            if b.man(sq) != Some((w, b'R')) || (how != How::Launch && (from == sq || to == sq)) {
                b.rights[i] = false;
            }
        }
        b
    }

    /// Castling: the king on f2 (f9) two squares towards the rook on i2 or b2 (i9, b9), the
    /// rook to the square it crossed; the squares between empty, the king not in check and not
    /// crossing an attacked square.
    fn castles(&self) -> Vec<Board> {
        let white = self.white_to_move;
        let base = if white { 10 } else { 80 };
        let (ks, qs) = if white { (0, 1) } else { (2, 3) };
        let king = base + 5;
        let mut out = Vec::new();
        if self.man(king) != Some((white, b'K')) || self.attacked(king, !white) {
            return out;
        }
        // (right, rook square, king target, rook target, squares to be empty)
        let sides = [
            (ks, base + 8, base + 7, base + 6, vec![base + 6, base + 7]),
            (qs, base + 1, base + 3, base + 4, vec![base + 2, base + 3, base + 4]),
        ];
        for (right, rook, kt, rt, empty) in sides {
            if !self.rights[right] || self.man(rook) != Some((white, b'R')) {
                continue;
            }
            if empty.iter().any(|&s| self.man(s).is_some()) {
                continue;
            }
            let crossed = (king + kt) / 2;
            if self.attacked(crossed, !white) {
                continue;
            }
            let mut b = self.clone();
            b.cells[king as usize] = None;
            b.cells[rook as usize] = None;
            b.cells[kt as usize] = Some((white, b'K'));
            b.cells[rt as usize] = Some((white, b'R'));
            b.rights[ks] = false;
            b.rights[qs] = false;
            b.ep = None;
            b.white_to_move = !white;
            if !b.attacked(kt, !white) {
                out.push(b);
            }
        }
        out
    }

    fn legal(&self) -> Vec<Board> {
        let white = self.white_to_move;
        let mut out: Vec<Board> = self
            .pseudo()
            .into_iter()
            .map(|s| self.play(s))
            .filter(|b| b.king(white).is_some_and(|k| !b.attacked(k, !white)))
            .collect();
        out.extend(self.castles());
        out
    }
}

/// The start; an open middlegame with both sides still able to castle, an en passant
/// capture and promotions near (launches not yet armed).
const UNARMED: [&str; 2] = [
    crate::fairy::stratomic::START,
    "10/ur3k2ru/pp1p1ppqpp/2n2b4/2pPp5/5B4/2N7/PPP2PPPPP/UR3K2RU/10 w KQkq e7 0 9",
];

/// Launches armed: a few men each, so that the hundred launch squares of each nuclea keep
/// three plies small: a nuclea attacked (it may not launch), one that may, kings in the blast,
/// a launch that must clear a check, a pawn about to promote to a nuclea.
const ARMED: [&str; 3] = [
    "10/4k5/3n6/10/4U5/10/10/10/5K4/10 w - - (armed) 0 1",
    "10/1u2k5/10/10/8P1/10/3q6/10/U4K4/10 w - - (armed) 0 1",
    "10/3uk5/2P7/10/10/10/10/10/2U2K2r1/10 w - - (armed) 0 1",
];

#[test]
fn stratomic_perft_agrees_with_naive_generator() {
    super::naive_perft::assert_agrees(Variant::Stratomic, &UNARMED, Board::read, Board::legal);
}

#[test]
fn stratomic_perft_with_launches_agrees_with_naive_generator() {
    super::naive_perft::assert_agrees(Variant::Stratomic, &ARMED, Board::read, Board::legal);
}
