//! A second, naive move generator for Masonic chess, written from seeds/chess/masonic.md
//! alone: bricks kept by their centre's distance from the left edge in half-bricks, the
//! neighbours found as the bricks whose edges touch, the diagonals and knight leaps derived
//! from those steps as the rules word them, every move tried on a copy. It shares no code with
//! the engine.

use crate::variant::Variant;

/// Half-bricks across the board, and ranks.
const W: i32 = 16;
const H: i32 = 8;

type Man = (bool, u8);
type Cell = (i32, i32);
/// From, to, and the piece a pawn becomes (0 for none).
type Step = (Cell, Cell, u8);

#[derive(Clone)]
struct Board {
    cells: Vec<Option<Man>>,
    white_to_move: bool,
    /// Castling rights: white kingside, white queenside, black kingside, black queenside.
    rights: [bool; 4],
    /// The passed brick after a double step, and the pawn that passed it.
    ep: Option<((i32, i32), (i32, i32))>,
}

/// A brick's centre is `2 * file + 1` half-bricks from the left on even-numbered ranks
/// (y odd), `2 * file` on the others.
fn is_brick(x: i32, y: i32) -> bool {
    (0..W).contains(&x) && (0..H).contains(&y) && (x - y).rem_euclid(2) == 0
}

fn idx(x: i32, y: i32) -> usize {
    (y * W + x) as usize
}

/// Bricks sharing an edge: beside on the rank (a whole brick away), or on the next rank up
/// or down half a brick to either side.
fn rook_steps() -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for dy in -1..=1 {
        for dx in -2i32..=2 {
            if (dy == 0 && dx.abs() == 2) || (dy != 0 && dx.abs() == 1) {
                v.push((dx, dy));
            }
        }
    }
    v
}

/// Left of the left front (back) brick, right of the right front (back) brick.
fn diagonal_steps() -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for dy in [1, -1] {
        v.push((-1 - 2, dy));
        v.push((1 + 2, dy));
    }
    v
}

/// A rook step, then a diagonal step going on the same way: after a step up (down) either
/// upward (downward) diagonal, after a step sideways either diagonal on that side.
fn knight_steps() -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for (sx, sy) in rook_steps() {
        for (tx, ty) in diagonal_steps() {
            let onward = if sy != 0 { ty == sy } else { tx.signum() == sx.signum() };
            if onward && !v.contains(&(sx + tx, sy + ty)) {
                v.push((sx + tx, sy + ty));
            }
        }
    }
    v
}

impl Board {
    fn read(fen: &str) -> Board {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut cells = vec![None; (W * H) as usize];
        for (i, row) in fields[0].split('/').enumerate() {
            let y = H - 1 - i as i32;
            let mut file = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as i32;
                    continue;
                }
                let x = 2 * file + (y & 1);
                cells[idx(x, y)] = Some((c.is_ascii_uppercase(), c.to_ascii_uppercase() as u8));
                file += 1;
            }
        }
        let c = fields[2];
        let rights = [c.contains('K'), c.contains('Q'), c.contains('k'), c.contains('q')];
        let mut board = Board {
            cells,
            white_to_move: fields[1] == "w",
            rights,
            ep: None,
        };
        if let Some(ep) = parse_cell(fields[3]) {
            // The pawn that passed stands one brick further on, away from the side to move.
            let dir = if board.white_to_move { -1 } else { 1 };
            for dx in [-1, 1] {
                let (px, py) = (ep.0 + dx, ep.1 + dir);
                if is_brick(px, py) && board.cells[idx(px, py)] == Some((!board.white_to_move, b'P')) {
                    board.ep = Some((ep, (px, py)));
                }
            }
        }
        board
    }

    fn at(&self, x: i32, y: i32) -> Option<Man> {
        self.cells[idx(x, y)]
    }

    /// Every move of `white`'s pieces (castling apart) as (from, to, promotion), captures
    /// of either colour's men included; `attacks_only` keeps the pawns' diagonal captures and
    /// drops their steps.
    fn pseudo(&self, white: bool, attacks_only: bool) -> Vec<Step> {
        let mut out = Vec::new();
        let rook = rook_steps();
        let diag = diagonal_steps();
        let all: Vec<(i32, i32)> = rook.iter().chain(&diag).copied().collect();
        for y in 0..H {
            for x in 0..W {
                if !is_brick(x, y) {
                    continue;
                }
                let Some((w, kind)) = self.at(x, y) else {
                    continue;
                };
                if w != white {
                    continue;
                }
                let mut to = Vec::new();
                let slide = |dirs: &[(i32, i32)], to: &mut Vec<(i32, i32)>| {
                    for &(dx, dy) in dirs {
                        let (mut cx, mut cy) = (x + dx, y + dy);
                        while is_brick(cx, cy) {
                            match self.at(cx, cy) {
                                None => to.push((cx, cy)),
                                Some((o, _)) => {
                                    if o != white {
                                        to.push((cx, cy));
                                    }
                                    break;
                                }
                            }
                            cx += dx;
                            cy += dy;
                        }
                    }
                };
                let step = |dirs: &[(i32, i32)], to: &mut Vec<(i32, i32)>| {
                    for &(dx, dy) in dirs {
                        let (cx, cy) = (x + dx, y + dy);
                        if is_brick(cx, cy) && self.at(cx, cy).is_none_or(|(o, _)| o != white) {
                            to.push((cx, cy));
                        }
                    }
                };
                match kind {
                    b'R' => slide(&rook, &mut to),
                    b'B' => {
                        slide(&diag, &mut to);
                        step(&rook, &mut to);
                    }
                    b'Q' => slide(&all, &mut to),
                    b'K' => step(&all, &mut to),
                    b'N' => step(&knight_steps(), &mut to),
                    _ => {
                        self.pawn(white, (x, y), attacks_only, &mut out);
                        continue;
                    }
                }
                out.extend(to.into_iter().map(|t| ((x, y), t, 0)));
            }
        }
        out
    }

    fn pawn(&self, white: bool, (x, y): (i32, i32), attacks_only: bool, out: &mut Vec<Step>) {
        let dir = if white { 1 } else { -1 };
        let last = if white { H - 1 } else { 0 };
        let home = if white { 1 } else { H - 2 };
        let mut add = |t: (i32, i32)| {
            if t.1 == last {
                for p in [b'Q', b'R', b'B', b'N'] {
                    out.push(((x, y), t, p));
                }
            } else {
                out.push(((x, y), t, 0));
            }
        };
        for dx in [-3, 3] {
            let t = (x + dx, y + dir);
            if !is_brick(t.0, t.1) {
                continue;
            }
            let enemy = self.at(t.0, t.1).is_some_and(|(o, _)| o != white);
            let passed = self.ep.is_some_and(|(e, _)| e == t);
            if attacks_only || enemy || passed {
                add(t);
            }
        }
        if attacks_only {
            return;
        }
        for dx in [-1, 1] {
            let one = (x + dx, y + dir);
            if !is_brick(one.0, one.1) || self.at(one.0, one.1).is_some() {
                continue;
            }
            add(one);
            let two = (x + 2 * dx, y + 2 * dir);
            if y == home && is_brick(two.0, two.1) && self.at(two.0, two.1).is_none() {
                add(two);
            }
        }
    }

    fn attacked(&self, cell: (i32, i32), by: bool) -> bool {
        self.pseudo(by, true).iter().any(|&(_, t, _)| t == cell)
    }

    fn king(&self, white: bool) -> Option<(i32, i32)> {
        (0..H)
            .flat_map(|y| (0..W).map(move |x| (x, y)))
            .find(|&(x, y)| is_brick(x, y) && self.at(x, y) == Some((white, b'K')))
    }

    fn play(&self, from: (i32, i32), to: (i32, i32), promotion: u8) -> Board {
        let mut b = self.clone();
        let white = self.white_to_move;
        let (w, kind) = b.at(from.0, from.1).expect("a man moves");
        if kind == b'P' && self.ep.is_some_and(|(e, _)| e == to) {
            let (_, victim) = self.ep.expect("en passant");
            b.cells[idx(victim.0, victim.1)] = None;
        }
        b.cells[idx(from.0, from.1)] = None;
        b.cells[idx(to.0, to.1)] = Some((w, if promotion != 0 { promotion } else { kind }));
        b.ep = None;
        if kind == b'P' && (to.1 - from.1).abs() == 2 {
            let passed = ((from.0 + to.0) / 2, (from.1 + to.1) / 2);
            // The passed brick must say which pawn moved: no other pawn of the mover may
            // stand one brick beyond it the other forward way with an empty home brick behind.
            let other = (2 * passed.0 - to.0, to.1);
            let other_home = (2 * passed.0 - from.0, from.1);
            let rival = is_brick(other.0, other.1)
                && b.at(other.0, other.1) == Some((white, b'P'))
                && is_brick(other_home.0, other_home.1)
                && b.at(other_home.0, other_home.1).is_none();
            if !rival {
                b.ep = Some((passed, to));
            }
        }
        let corners = [(14, 0), (0, 0), (15, 7), (1, 7)];
        for (i, c) in corners.iter().enumerate() {
            if from == *c || to == *c {
                b.rights[i] = false;
            }
        }
        if kind == b'K' {
            let base = if white { 0 } else { 2 };
            b.rights[base] = false;
            b.rights[base + 1] = false;
        }
        b.white_to_move = !white;
        b
    }

    fn castles(&self) -> Vec<Board> {
        let white = self.white_to_move;
        let y = if white { 0 } else { H - 1 };
        let s = y & 1;
        let file = |f: i32| (2 * f + s, y);
        let mut out = Vec::new();
        // (right, rook file, king's target file, rook's target file)
        let sides = [(0, 7, 6, 5), (1, 0, 2, 3)];
        for (i, rook_file, king_to, rook_to) in sides {
            let right = if white { i } else { 2 + i };
            if !self.rights[right] || self.king(white) != Some(file(4)) {
                continue;
            }
            if self.at(file(rook_file).0, y) != Some((white, b'R')) {
                continue;
            }
            let (lo, hi) = (rook_file.min(4), rook_file.max(4));
            let between_empty = (lo + 1..hi).all(|f| self.at(file(f).0, y).is_none());
            let (klo, khi) = (king_to.min(4), king_to.max(4));
            let safe = (klo..=khi).all(|f| !self.attacked(file(f), !white));
            if !between_empty || !safe {
                continue;
            }
            let mut b = self.clone();
            b.cells[idx(file(4).0, y)] = None;
            b.cells[idx(file(rook_file).0, y)] = None;
            b.cells[idx(file(king_to).0, y)] = Some((white, b'K'));
            b.cells[idx(file(rook_to).0, y)] = Some((white, b'R'));
            let base = if white { 0 } else { 2 };
            b.rights[base] = false;
            b.rights[base + 1] = false;
            b.ep = None;
            b.white_to_move = !white;
            out.push(b);
        }
        out
    }

    fn legal(&self) -> Vec<Board> {
        let white = self.white_to_move;
        let mut out: Vec<Board> = self
            .pseudo(white, false)
            .into_iter()
            .map(|(f, t, p)| self.play(f, t, p))
            .filter(|b| b.king(white).is_some_and(|k| !b.attacked(k, !white)))
            .collect();
        out.extend(self.castles());
        out
    }
}

fn parse_cell(text: &str) -> Option<(i32, i32)> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    let y = i32::from(b[1] - b'1');
    Some((2 * i32::from(b[0] - b'a') + (y & 1), y))
}

/// The start, a position with both castlings open and pieces near each other, and one where a
/// double step has just opened an en passant capture and promotions wait.
const POSITIONS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    "4k3/1P6/8/8/1p1P4/8/8/R3K3 b Q d3 0 1",
];

#[test]
fn masonic_perft_agrees_with_naive_generator() {
    super::naive_perft::assert_agrees(Variant::Masonic, &POSITIONS, Board::read, Board::legal);
}
