//! A second, naive move generator for Portal chess (porthole chess), written from
//! seeds/chess/portal.md alone: a mailbox of 64 cells and a count of porthole tokens per cell,
//! every move tried on a copy and kept when the mover's king cannot then be taken by any move
//! of the other side. It shares no code with the engine.

use crate::variant::Variant;

/// A man: white or not, and its letter (PNBRQK).
type Man = (bool, u8);

/// From, the cell moved onto, the porthole left by (if it was a porthole), the letter a pawn
/// becomes (0 for none).
type Step = (i32, i32, Option<i32>, u8);

#[derive(Clone)]
struct Board {
    cells: [Option<Man>; 64],
    tokens: [u8; 64],
    white_to_move: bool,
    /// White kingside, white queenside, black kingside, black queenside.
    rights: [bool; 4],
}

const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

fn at(x: i32, y: i32) -> Option<i32> {
    ((0..8).contains(&x) && (0..8).contains(&y)).then_some(y * 8 + x)
}

fn cell(t: &str) -> usize {
    let b = t.as_bytes();
    usize::from(b[1] - b'1') * 8 + usize::from(b[0] - b'a')
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
                    cells[(y * 8 + x) as usize] = Some((c.is_ascii_uppercase(), c.to_ascii_uppercase()));
                    x += 1;
                }
            }
        }
        let mut tokens = [0; 64];
        if let Some(field) = f.iter().find(|t| t.starts_with('(')) {
            for e in field[1..field.len() - 1].split(',').filter(|e| !e.is_empty()) {
                tokens[cell(e)] += 1;
            }
        }
        let c = f[2];
        Board {
            cells,
            tokens,
            white_to_move: f[1] == "w",
            rights: [c.contains('K'), c.contains('Q'), c.contains('k'), c.contains('q')],
        }
    }

    fn man(&self, sq: i32) -> Option<Man> {
        self.cells[sq as usize]
    }

    fn hole(&self, sq: i32) -> bool {
        self.tokens[sq as usize] > 0
    }

    /// The cells the man on `sq` moves onto: chess moves, a porthole stopping every slide,
    /// pawns stepping only onto plain empty cells and going diagonally onto an enemy or a
    /// porthole.
    fn reach(&self, sq: i32, white: bool, role: u8) -> Vec<i32> {
        let (x, y) = (sq % 8, sq / 8);
        let own = |t: i32| self.man(t).is_some_and(|m| m.0 == white);
        let mut out = Vec::new();
        match role {
            b'P' => {
                let dy = if white { 1 } else { -1 };
                let plain_empty = |t: i32| self.man(t).is_none() && !self.hole(t);
                if let Some(t) = at(x, y + dy).filter(|&t| plain_empty(t)) {
                    out.push(t);
                    let home = if white { 1 } else { 6 };
                    if let Some(t2) = at(x, y + 2 * dy).filter(|&t2| y == home && plain_empty(t2)) {
                        out.push(t2);
                    }
                }
                for dx in [-1, 1] {
                    if let Some(t) = at(x + dx, y + dy) {
                        if !own(t) && (self.hole(t) || self.man(t).is_some()) {
                            out.push(t);
                        }
                    }
                }
            }
            b'N' | b'K' => {
                let deltas = if role == b'N' { &KNIGHT } else { &KING };
                for &(dx, dy) in deltas {
                    if let Some(t) = at(x + dx, y + dy).filter(|&t| !own(t)) {
                        out.push(t);
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
                        if !own(t) {
                            out.push(t);
                        }
                        if self.man(t).is_some() || self.hole(t) {
                            break;
                        }
                        n += 1;
                    }
                }
            }
        }
        out
    }

    /// Every move of `white`'s men, castling apart: onto a plain cell as in chess, onto a
    /// porthole once per other empty porthole (never a pawn's first or last rank).
    fn pseudo(&self, white: bool) -> Vec<Step> {
        let mut out = Vec::new();
        for sq in 0..64 {
            let Some((w, role)) = self.man(sq) else { continue };
            if w != white {
                continue;
            }
            for t in self.reach(sq, white, role) {
                if self.hole(t) {
                    for exit in 0..64 {
                        let pawn_bad = role == b'P' && (exit / 8 == 0 || exit / 8 == 7);
                        if exit != t && self.hole(exit) && self.man(exit).is_none() && !pawn_bad {
                            out.push((sq, t, Some(exit), 0));
                        }
                    }
                } else if role == b'P' && t / 8 == if white { 7 } else { 0 } {
                    for p in *b"QRBN" {
                        out.push((sq, t, None, p));
                    }
                } else {
                    out.push((sq, t, None, 0));
                }
            }
        }
        out
    }

    fn attacked(&self, sq: i32, by: bool) -> bool {
        self.pseudo(by).iter().any(|s| s.1 == sq)
    }

    fn king(&self, white: bool) -> Option<i32> {
        (0..64).find(|&sq| self.man(sq) == Some((white, b'K')))
    }

    fn play(&self, (from, to, exit, promo): Step) -> Board {
        let mut b = self.clone();
        let (white, role) = self.man(from).expect("a man moves");
        let now = if promo != 0 { promo } else { role };
        b.cells[from as usize] = None;
        b.cells[to as usize] = None;
        let lands = exit.unwrap_or(to);
        b.cells[lands as usize] = Some((white, now));
        if exit.is_some() {
            b.tokens[to as usize] -= 1;
            b.tokens[from as usize] += 1;
        }
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

    /// Castling as in chess, and no porthole from the king's cell to the rook's.
    fn castles(&self) -> Vec<Board> {
        let white = self.white_to_move;
        let base = if white { 0 } else { 56 };
        let mut out = Vec::new();
        for (side, right) in [(0usize, if white { 0 } else { 2 }), (1, if white { 1 } else { 3 })] {
            if !self.rights[right] {
                continue;
            }
            let (rook, span, king_to, rook_to, path): (i32, std::ops::RangeInclusive<i32>, i32, i32, [i32; 2]) =
                if side == 0 {
                    (base + 7, base + 4..=base + 7, base + 6, base + 5, [base + 5, base + 6])
                } else {
                    (base, base..=base + 4, base + 2, base + 3, [base + 3, base + 2])
                };
            let king = base + 4;
            if self.man(king) != Some((white, b'K')) || self.man(rook) != Some((white, b'R')) {
                continue;
            }
            let blocked = span
                .clone()
                .any(|c| self.hole(c) || (c != king && c != rook && self.man(c).is_some()));
            if blocked || self.attacked(king, !white) {
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
            b.cells[king as usize] = None;
            b.cells[rook as usize] = None;
            b.cells[king_to as usize] = Some((white, b'K'));
            b.cells[rook_to as usize] = Some((white, b'R'));
            b.rights[if white { 0 } else { 2 }] = false;
            b.rights[if white { 1 } else { 3 }] = false;
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

/// The start; a middlegame with a king and a knight standing on portholes and two tokens
/// stacked on e3; castling with portholes near both back ranks; a king on the only porthole
/// but one, which nothing can take it through while the other is filled.
const POSITIONS: [&str; 4] = [
    super::super::fairy::portal::START,
    "r1bqk2r/pppp1ppp/2n2n2/4p3/1b2P3/2NP1N2/PPP2PPP/R1BQKB1R w KQkq - (c3,f3,a4,a4,h4,a5,e3,e3,f6) 0 1",
    "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - (b1,g8,d4,e5,c3,f6) 0 1",
    "4k3/8/8/3N4/8/8/2q5/4K3 b - - (e8,d5,a1,h8) 0 1",
];

#[test]
fn portal_perft_agrees_with_naive_generator() {
    super::naive_perft::assert_agrees(Variant::Portal, &POSITIONS, Board::read, Board::legal);
}

impl Board {
    /// The placement field and the tokens, square by square, as the FEN writes them.
    fn key(&self) -> String {
        let mut rows = Vec::new();
        for y in (0..8).rev() {
            let mut row = String::new();
            let mut gap = 0;
            for x in 0..8 {
                match self.cells[y * 8 + x] {
                    None => gap += 1,
                    Some((white, letter)) => {
                        if gap > 0 {
                            row.push_str(&gap.to_string());
                            gap = 0;
                        }
                        row.push(if white {
                            letter as char
                        } else {
                            letter.to_ascii_lowercase() as char
                        });
                    }
                }
            }
            if gap > 0 {
                row.push_str(&gap.to_string());
            }
            rows.push(row);
        }
        let tokens: Vec<String> = (0..64)
            .flat_map(|sq| {
                let name = format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1);
                std::iter::repeat_n(name, usize::from(self.tokens[sq]))
            })
            .collect();
        format!("{} ({})", rows.join("/"), tokens.join(","))
    }
}

/// The same key of an engine position read from its FEN.
fn engine_key(pos: &crate::position::Position) -> String {
    let fen = crate::fen::to_fen(pos);
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let tokens = fields.iter().find(|f| f.starts_with('(')).copied().unwrap_or("()");
    format!("{} {tokens}", fields[0])
}

/// Along seeded random games from the start, deeper than perft reaches (tokens stacked,
/// pieces on portholes, promotions), the engine's and the naive generator's sets of next
/// positions are the same at every ply.
#[test]
fn portal_random_games_agree_with_naive_generator() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let (mut plies, mut stacked, mut on_porthole) = (0, 0, 0);
    for _game in 0..6 {
        let mut pos = crate::fen::parse_fen(Variant::Portal, crate::fairy::portal::START).expect("start");
        for _ply in 0..80 {
            let fen = crate::fen::to_fen(&pos);
            let naive: Vec<String> = {
                let mut keys: Vec<String> = Board::read(&fen).legal().iter().map(Board::key).collect();
                keys.sort();
                keys
            };
            let moves = crate::movegen::legal_moves(&pos);
            let mut engine: Vec<String> = moves
                .iter()
                .map(|m| {
                    let mut next = pos.clone();
                    next.play(m);
                    engine_key(&next)
                })
                .collect();
            engine.sort();
            assert_eq!(engine, naive, "{fen}");
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let m = moves[(seed >> 33) as usize % moves.len()];
            pos.play(&m);
            plies += 1;
            let tokens = pos.portholes.as_deref().copied().unwrap_or([0; 64]);
            stacked += usize::from(tokens.iter().any(|&n| n > 1));
            on_porthole += usize::from((0..64).any(|sq| tokens[sq] > 0 && pos.board[sq] != 0));
        }
    }
    println!("{plies} plies, {stacked} with stacked tokens, {on_porthole} with a piece on a porthole");
    assert!(
        plies > 200 && stacked > 0 && on_porthole > 0,
        "{plies} plies, {stacked} stacked, {on_porthole} on a porthole"
    );
}
