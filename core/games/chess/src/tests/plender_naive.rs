//! A second, naive move generator for Plender, written from seeds/chess/plender.md alone: a
//! mailbox of 64 cells, each man with its vest, every move tried on a copy and kept when the
//! mover's king is not then taken by any move (own or vest) of the other side. It shares no
//! code with the engine.

use crate::variant::Variant;

/// A man: white or not, its letter (PNBRQK), and the letter of its vest if it wears one.
type Man = (bool, u8, Option<u8>);

/// How a move is made.
#[derive(Clone, Copy, PartialEq)]
enum How {
    Plain,
    Double,
    EnPassant,
    Vest,
}

/// From, to, how, and the letter a pawn becomes (0 for none).
type Step = (i32, i32, How, u8);

#[derive(Clone)]
struct Board {
    cells: [Option<Man>; 64],
    white_to_move: bool,
    /// White kingside, white queenside, black kingside, black queenside.
    rights: [bool; 4],
    ep: Option<i32>,
}

const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

fn at(x: i32, y: i32) -> Option<i32> {
    ((0..8).contains(&x) && (0..8).contains(&y)).then_some(y * 8 + x)
}

/// Whether a vest of `vest`'s move gives `wearer` a move it lacks (the pawn's vest is its
/// step and diagonal capture, which queen and king have).
fn adds(wearer: u8, vest: u8) -> bool {
    !(vest == b'K' || wearer == vest || (wearer == b'Q' && b"RBP".contains(&vest)) || (wearer == b'K' && vest == b'P'))
}

impl Board {
    fn read(fen: &str) -> Board {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut cells = [None; 64];
        for (i, row) in f[0].split('/').enumerate() {
            let y = 7 - i as i32;
            let mut x = 0;
            for c in row.bytes() {
                if c.is_ascii_digit() {
                    x += i32::from(c - b'0');
                } else {
                    cells[(y * 8 + x) as usize] = Some((c.is_ascii_uppercase(), c.to_ascii_uppercase(), None));
                    x += 1;
                }
            }
        }
        let cell = |t: &str| {
            let b = t.as_bytes();
            i32::from(b[1] - b'1') * 8 + i32::from(b[0] - b'a')
        };
        if let Some(v) = f.iter().find(|t| t.starts_with('(')) {
            for e in v
                .trim_matches(|c| c == '(' || c == ')')
                .split(',')
                .filter(|e| !e.is_empty())
            {
                let sq = cell(&e[..2]) as usize;
                cells[sq] = cells[sq].map(|(w, r, _)| (w, r, Some(e.as_bytes()[2])));
            }
        }
        let c = f[2];
        Board {
            cells,
            white_to_move: f[1] == "w",
            rights: [c.contains('K'), c.contains('Q'), c.contains('k'), c.contains('q')],
            ep: (f[3] != "-").then(|| cell(f[3])),
        }
    }

    fn man(&self, sq: i32) -> Option<Man> {
        self.cells[sq as usize]
    }

    /// Where a `role` of colour `white` on `sq` goes by that role's pattern; `full` adds a
    /// pawn's double step and en passant (a vest's pawn has neither).
    fn pattern(&self, sq: i32, white: bool, role: u8, full: bool) -> Vec<(i32, How)> {
        let (x, y) = (sq % 8, sq / 8);
        let free = |t: i32| self.man(t).is_none();
        let enemy = |t: i32| self.man(t).is_some_and(|m| m.0 != white);
        let mut out = Vec::new();
        let leap = |deltas: &[(i32, i32)], out: &mut Vec<(i32, How)>| {
            for &(dx, dy) in deltas {
                if let Some(t) = at(x + dx, y + dy).filter(|&t| free(t) || enemy(t)) {
                    out.push((t, How::Plain));
                }
            }
        };
        match role {
            b'N' => leap(&KNIGHT, &mut out),
            b'K' => leap(&KING, &mut out),
            b'P' => {
                let dy = if white { 1 } else { -1 };
                if let Some(t) = at(x, y + dy).filter(|&t| free(t)) {
                    out.push((t, How::Plain));
                    let home = if white { 1 } else { 6 };
                    if let Some(t2) = at(x, y + 2 * dy).filter(|&t2| full && y == home && free(t2)) {
                        out.push((t2, How::Double));
                    }
                }
                for dx in [-1, 1] {
                    if let Some(t) = at(x + dx, y + dy) {
                        if enemy(t) {
                            out.push((t, How::Plain));
                        } else if full && self.ep == Some(t) {
                            out.push((t, How::EnPassant));
                        }
                    }
                }
            }
            _ => {
                let mut dirs = Vec::new();
                if role != b'B' {
                    dirs.extend([(1, 0), (-1, 0), (0, 1), (0, -1)]);
                }
                if role != b'R' {
                    dirs.extend([(1, 1), (1, -1), (-1, 1), (-1, -1)]);
                }
                for (dx, dy) in dirs {
                    let mut n = 1;
                    while let Some(t) = at(x + n * dx, y + n * dy) {
                        if free(t) || enemy(t) {
                            out.push((t, How::Plain));
                        }
                        if !free(t) {
                            break;
                        }
                        n += 1;
                    }
                }
            }
        }
        out
    }

    /// Every move of `white`'s men by their own pattern or their vest's, castling apart.
    fn pseudo(&self, white: bool) -> Vec<Step> {
        let mut out = Vec::new();
        for sq in 0..64 {
            let Some((w, role, vest)) = self.man(sq) else { continue };
            if w != white {
                continue;
            }
            let own = self.pattern(sq, white, role, true);
            let mut steps: Vec<(i32, How)> = own.clone();
            if let Some(v) = vest {
                for (t, _) in self.pattern(sq, white, v, false) {
                    let first = role == b'P' && t / 8 == if white { 0 } else { 7 };
                    if !first && !own.iter().any(|o| o.0 == t) && !steps.iter().any(|s| s.0 == t && s.1 == How::Vest) {
                        steps.push((t, How::Vest));
                    }
                }
            }
            for (t, how) in steps {
                if role == b'P' && t / 8 == if white { 7 } else { 0 } {
                    for p in *b"QRBN" {
                        out.push((sq, t, how, p));
                    }
                } else {
                    out.push((sq, t, how, 0));
                }
            }
        }
        out
    }

    fn attacked(&self, sq: i32, by: bool) -> bool {
        self.pseudo(by).iter().any(|s| s.1 == sq)
    }

    fn king(&self, white: bool) -> Option<i32> {
        (0..64).find(|&sq| self.man(sq).is_some_and(|m| m.0 == white && m.1 == b'K'))
    }

    fn play(&self, (from, to, how, promo): Step) -> Board {
        let mut b = self.clone();
        let (white, role, vest) = self.man(from).expect("a man moves");
        let mut taken = self.man(to).map(|m| m.1);
        if how == How::EnPassant {
            let behind = to + if white { -8 } else { 8 };
            taken = self.man(behind).map(|m| m.1);
            b.cells[behind as usize] = None;
        }
        let now = if promo != 0 { promo } else { role };
        let mut worn = vest.filter(|&v| how != How::Vest && adds(now, v));
        if let Some(t) = taken.filter(|&t| adds(now, t)) {
            worn = Some(t);
        }
        b.cells[from as usize] = None;
        b.cells[to as usize] = Some((white, now, worn));
        b.ep = (how == How::Double).then(|| (from + to) / 2);
        b.white_to_move = !white;
        for (i, corner) in [7, 0, 63, 56].into_iter().enumerate() {
            if from == corner || to == corner {
                b.rights[i] = false;
            }
        }
        if role == b'K' {
            let i = if white { 0 } else { 2 };
            b.rights[i] = false;
            b.rights[i + 1] = false;
        }
        b
    }

    /// Castling as in chess: king and rook unmoved, the cells between empty, the king not in
    /// check and not crossing or landing on an attacked cell; both carry their vests.
    fn castles(&self) -> Vec<Board> {
        let white = self.white_to_move;
        let base = if white { 0 } else { 56 };
        let mut out = Vec::new();
        for (side, right) in [(0usize, if white { 0 } else { 2 }), (1, if white { 1 } else { 3 })] {
            if !self.rights[right] {
                continue;
            }
            let (rook, between, king_to, rook_to, path): (i32, &[i32], i32, i32, [i32; 2]) = if side == 0 {
                (base + 7, &[5, 6], base + 6, base + 5, [base + 5, base + 6])
            } else {
                (base, &[1, 2, 3], base + 2, base + 3, [base + 3, base + 2])
            };
            let king = base + 4;
            if self.man(king).map(|m| m.1) != Some(b'K') || self.man(rook).map(|m| m.1) != Some(b'R') {
                continue;
            }
            if between.iter().any(|&d| self.man(base + d).is_some()) || self.attacked(king, !white) {
                continue;
            }
            let safe = path.iter().all(|&p| {
                let mut probe = self.clone();
                probe.cells[p as usize] = probe.cells[king as usize];
                probe.cells[king as usize] = None;
                !probe.attacked(p, !white)
            });
            if !safe {
                continue;
            }
            let mut b = self.clone();
            b.cells[king_to as usize] = self.cells[king as usize];
            b.cells[rook_to as usize] = self.cells[rook as usize];
            b.cells[king as usize] = None;
            b.cells[rook as usize] = None;
            b.rights[if white { 0 } else { 2 }] = false;
            b.rights[if white { 1 } else { 3 }] = false;
            b.ep = None;
            b.white_to_move = !white;
            out.push(b);
        }
        out
    }

    fn legal(&self) -> Vec<Board> {
        let white = self.white_to_move;
        let mut out: Vec<Board> = self
            .pseudo(white)
            .into_iter()
            .map(|s| self.play(s))
            .filter(|b| b.king(white).is_some_and(|k| !b.attacked(k, !white)))
            .collect();
        out.extend(self.castles());
        out
    }
}

/// The start; both sides castling with vested rooks; a middlegame where a knight wears a
/// pawn's vest, a queen a knight's and a pawn a bishop's; a capture-rich open position.
const POSITIONS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - (a1N,h8B) 0 1",
    "r3k2r/pppq1ppp/2n5/3Np3/4P3/8/PPP2PPP/R3K2R w KQkq - (d5P,d7N,e4B) 0 1",
    "r1bqkb1r/ppp2ppp/2n2n2/3pp3/3PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 1",
];

#[test]
fn plender_perft_agrees_with_naive_generator() {
    super::naive_perft::assert_agrees(Variant::Plender, &POSITIONS, Board::read, Board::legal);
}
