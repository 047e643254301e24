//! A second, naive move generator for Hostage chess, written from seeds/chess/hostage.md
//! alone: a mailbox of 64 cells, prisons and airfields as letter counts, every move tried on
//! a copy and kept when no move of the other side could then take the mover's king. It shares
//! no code with the engine; the start's counts are standard chess's published 20, 400, 8902.

use crate::variant::Variant;

/// A man: white or not, and its letter (PNBRQK).
type Man = (bool, u8);

const LETTERS: [u8; 5] = *b"PNBRQ";
const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

#[derive(Clone)]
struct Board {
    cells: [Option<Man>; 64],
    white_to_move: bool,
    /// White kingside, white queenside, black kingside, black queenside.
    rights: [bool; 4],
    ep: Option<i32>,
    /// [white, black]: the men of that colour waiting in their own airfield, by letter index.
    airfield: [[u8; 5]; 2],
    /// [white, black]: the men of the other colour held in that side's prison.
    prison: [[u8; 5]; 2],
}

fn at(x: i32, y: i32) -> Option<i32> {
    ((0..8).contains(&x) && (0..8).contains(&y)).then_some(y * 8 + x)
}

fn side(white: bool) -> usize {
    usize::from(!white)
}

fn letter_index(c: u8) -> usize {
    LETTERS
        .iter()
        .position(|&l| l == c.to_ascii_uppercase())
        .expect("a man's letter")
}

fn value(c: u8) -> u8 {
    match c {
        b'P' => 1,
        b'N' | b'B' => 3,
        b'R' => 5,
        _ => 9,
    }
}

/// What a move does: a board move (from, to, promotion letter or 0), an airfield drop, or
/// an exchange (given letter, released letter, cell).
#[derive(Clone, Copy)]
enum Step {
    Go(i32, i32, u8),
    Drop(u8, i32),
    Swap(u8, u8, i32),
}

impl Board {
    fn read(fen: &str) -> Board {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let (placing, pocket) = f[0].split_once('[').unwrap_or((f[0], "]"));
        let mut cells = [None; 64];
        for (i, row) in placing.split('/').enumerate() {
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
        let mut airfield = [[0; 5]; 2];
        for c in pocket.trim_end_matches(']').bytes() {
            airfield[side(c.is_ascii_uppercase())][letter_index(c)] += 1;
        }
        let mut prison = [[0; 5]; 2];
        if let Some(field) = f.iter().find(|t| t.starts_with('(')) {
            for c in field[1..field.len() - 1].bytes() {
                // A white man is held in Black's prison.
                prison[side(!c.is_ascii_uppercase())][letter_index(c)] += 1;
            }
        }
        let ep = (f[3] != "-").then(|| {
            let b = f[3].as_bytes();
            i32::from(b[1] - b'1') * 8 + i32::from(b[0] - b'a')
        });
        let c = f[2];
        Board {
            cells,
            white_to_move: f[1] == "w",
            rights: [c.contains('K'), c.contains('Q'), c.contains('k'), c.contains('q')],
            ep,
            airfield,
            prison,
        }
    }

    fn man(&self, sq: i32) -> Option<Man> {
        self.cells[sq as usize]
    }

    /// The letters `white`'s pawn may become: its pieces held in the other side's prison.
    fn promotions(&self, white: bool) -> Vec<u8> {
        (1..5)
            .filter(|&i| self.prison[side(!white)][i] > 0)
            .map(|i| LETTERS[i])
            .collect()
    }

    /// Board moves of `white`'s men (not castling).
    fn board_moves(&self, white: bool) -> Vec<Step> {
        let mut out = Vec::new();
        let foe = |t: i32| self.man(t).is_some_and(|m| m.0 != white);
        let free = |t: i32| self.man(t).is_none();
        for sq in 0..64 {
            let Some((w, role)) = self.man(sq) else { continue };
            if w != white {
                continue;
            }
            let (x, y) = (sq % 8, sq / 8);
            let mut to = Vec::new();
            match role {
                b'P' => {
                    let dy = if white { 1 } else { -1 };
                    let last = if white { 7 } else { 0 };
                    let land = |t: i32, out: &mut Vec<Step>| {
                        if t / 8 == last {
                            for p in self.promotions(white) {
                                out.push(Step::Go(sq, t, p));
                            }
                        } else {
                            out.push(Step::Go(sq, t, 0));
                        }
                    };
                    if let Some(one) = at(x, y + dy).filter(|&t| free(t)) {
                        land(one, &mut out);
                        let home = if white { 1 } else { 6 };
                        if let Some(two) = at(x, y + 2 * dy).filter(|&t| y == home && free(t)) {
                            land(two, &mut out);
                        }
                    }
                    for dx in [-1, 1] {
                        if let Some(t) = at(x + dx, y + dy).filter(|&t| foe(t) || Some(t) == self.ep) {
                            land(t, &mut out);
                        }
                    }
                    continue;
                }
                b'N' | b'K' => {
                    let table = if role == b'N' { KNIGHT } else { KING };
                    to.extend(table.iter().filter_map(|&(dx, dy)| at(x + dx, y + dy)));
                }
                _ => {
                    // The king table alternates orthogonal and diagonal steps.
                    for (i, &(dx, dy)) in KING.iter().enumerate() {
                        let straight = i % 2 == 0;
                        if (role == b'R' && !straight) || (role == b'B' && straight) {
                            continue;
                        }
                        let mut k = 1;
                        while let Some(t) = at(x + k * dx, y + k * dy) {
                            to.push(t);
                            if !free(t) {
                                break;
                            }
                            k += 1;
                        }
                    }
                }
            }
            for t in to {
                if free(t) || foe(t) {
                    out.push(Step::Go(sq, t, 0));
                }
            }
        }
        out
    }

    /// Drops and exchanges of `white`: onto empty cells, never a pawn on the first or last row.
    fn drops(&self, white: bool) -> Vec<Step> {
        let mut out = Vec::new();
        let me = side(white);
        for sq in 0..64 {
            if self.man(sq).is_some() {
                continue;
            }
            for (i, &l) in LETTERS.iter().enumerate() {
                if l == b'P' && (sq / 8 == 0 || sq / 8 == 7) {
                    continue;
                }
                if self.airfield[me][i] > 0 {
                    out.push(Step::Drop(l, sq));
                }
                if self.prison[1 - me][i] == 0 {
                    continue;
                }
                for (g, &given) in LETTERS.iter().enumerate() {
                    if self.prison[me][g] > 0 && value(given) >= value(l) {
                        out.push(Step::Swap(given, l, sq));
                    }
                }
            }
        }
        out
    }

    fn play(&self, step: Step) -> Board {
        let mut b = self.clone();
        let white = self.white_to_move;
        let (me, them) = (side(white), side(!white));
        b.ep = None;
        match step {
            Step::Drop(l, sq) => {
                b.airfield[me][letter_index(l)] -= 1;
                b.cells[sq as usize] = Some((white, l));
            }
            Step::Swap(given, l, sq) => {
                b.prison[me][letter_index(given)] -= 1;
                b.airfield[them][letter_index(given)] += 1;
                b.prison[them][letter_index(l)] -= 1;
                b.cells[sq as usize] = Some((white, l));
            }
            Step::Go(from, to, promo) => {
                let (_, role) = self.man(from).expect("a man moves");
                let mut taken = self.man(to).map(|m| m.1);
                if role == b'P' && Some(to) == self.ep && taken.is_none() {
                    let behind = if white { to - 8 } else { to + 8 };
                    b.cells[behind as usize] = None;
                    taken = Some(b'P');
                }
                if let Some(t) = taken {
                    b.prison[me][letter_index(t)] += 1;
                }
                b.cells[from as usize] = None;
                b.cells[to as usize] = Some((white, role));
                if promo != 0 {
                    b.cells[to as usize] = Some((white, promo));
                    b.prison[them][letter_index(promo)] -= 1;
                    b.prison[them][0] += 1;
                }
                if role == b'P' && (to - from).abs() == 16 {
                    b.ep = Some((to + from) / 2);
                }
                for (i, (corner, king)) in [(7, 4), (0, 4), (63, 60), (56, 60)].into_iter().enumerate() {
                    if [from, to].contains(&corner) || from == king {
                        b.rights[i] = false;
                    }
                }
            }
        }
        b.white_to_move = !white;
        b
    }

    /// Whether some board move of `by` could take a man standing on `sq` (one of the other
    /// side is put there when it is empty).
    fn attacked(&self, sq: i32, by: bool) -> bool {
        let mut probe = self.clone();
        probe.ep = None;
        if probe.man(sq).is_none() {
            probe.cells[sq as usize] = Some((!by, b'N'));
        }
        probe
            .board_moves(by)
            .iter()
            .any(|s| matches!(s, Step::Go(_, to, _) if *to == sq))
    }

    fn king(&self, white: bool) -> Option<i32> {
        (0..64).find(|&sq| self.man(sq) == Some((white, b'K')))
    }

    /// Castling: the right kept, the cells between king and rook empty, the king not in check
    /// and not crossing or landing on an attacked cell.
    fn castles(&self) -> Vec<Board> {
        let white = self.white_to_move;
        let base = if white { 0 } else { 56 };
        let mut out = Vec::new();
        for (kingside, right) in [(true, if white { 0 } else { 2 }), (false, if white { 1 } else { 3 })] {
            if !self.rights[right] || self.man(base + 4) != Some((white, b'K')) {
                continue;
            }
            let rook = if kingside { base + 7 } else { base };
            if self.man(rook) != Some((white, b'R')) {
                continue;
            }
            let between: Vec<i32> = if kingside {
                vec![base + 5, base + 6]
            } else {
                vec![base + 1, base + 2, base + 3]
            };
            let path: Vec<i32> = if kingside {
                vec![base + 4, base + 5, base + 6]
            } else {
                vec![base + 4, base + 3, base + 2]
            };
            if between.iter().any(|&t| self.man(t).is_some()) || path.iter().any(|&t| self.attacked(t, !white)) {
                continue;
            }
            let mut b = self.clone();
            b.ep = None;
            let (kt, rt) = if kingside {
                (base + 6, base + 5)
            } else {
                (base + 2, base + 3)
            };
            b.cells[(base + 4) as usize] = None;
            b.cells[rook as usize] = None;
            b.cells[kt as usize] = Some((white, b'K'));
            b.cells[rt as usize] = Some((white, b'R'));
            let r = if white { 0 } else { 2 };
            b.rights[r] = false;
            b.rights[r + 1] = false;
            b.white_to_move = !white;
            out.push(b);
        }
        out
    }

    fn legal(&self) -> Vec<Board> {
        let white = self.white_to_move;
        let mut steps = self.board_moves(white);
        steps.extend(self.drops(white));
        let mut out: Vec<Board> = steps
            .into_iter()
            .map(|s| self.play(s))
            .filter(|b| b.king(white).is_some_and(|k| !b.attacked(k, !white)))
            .collect();
        out.extend(self.castles());
        out
    }
}

/// The start (standard chess's counts: no capture happens before the third ply); an opening
/// with both prisons and both airfields stocked; a white pawn on the seventh that cannot
/// promote (nothing of White's held), so the black king beside it is not in check; the same
/// with a white rook held, so it is; pawns of both sides about to promote by exchange of
/// prisoners, with castling.
const POSITIONS: [(&str, u32); 6] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 3),
    (
        "r1bqkb1r/pppp1ppp/2n5/4p3/2B1n3/5N2/PPPP1PPP/RNBQK2R[Bp] w KQkq - (Pn) 0 1",
        2,
    ),
    ("2k5/1P6/8/8/8/8/8/4K3[] b - - (p) 0 1", 3),
    ("2k5/1P6/8/8/8/8/8/4K3[] b - - (Rp) 0 1", 3),
    ("r3k2r/1P6/8/8/8/8/6p1/R3K2R[] w KQkq - (Nbp) 0 1", 2),
    ("4k3/8/8/3pP3/8/8/8/4K3[] w - d6 (Pp) 0 1", 3),
];

#[test]
fn hostage_perft_agrees_with_naive_generator() {
    for (fen, depth) in POSITIONS {
        let board = Board::read(fen);
        for d in 1..=depth {
            let naive = count(&board, d);
            let engine = crate::perft::perft(Variant::Hostage, fen, d).unwrap_or_else(|e| panic!("{fen}: {e}"));
            println!("{fen} depth {d}: {engine}");
            assert_eq!(engine, naive, "{fen} depth {d}");
        }
    }
}

fn count(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    board.legal().iter().map(|next| count(next, depth - 1)).sum()
}

/// From the start the counts are standard chess's (Chess Programming Wiki, "Perft Results").
#[test]
fn hostage_start_perft_is_standard_chess() {
    let start = Variant::Hostage.start_fen();
    let counts: Vec<u64> = (1..=3)
        .map(|d| crate::perft::perft(Variant::Hostage, start, d).expect("start"))
        .collect();
    assert_eq!(counts, [20, 400, 8902]);
}

impl Board {
    /// The placement, airfields and prisons as the engine's FEN writes them.
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
                        row.push(if white { letter } else { letter.to_ascii_lowercase() } as char);
                    }
                }
            }
            if gap > 0 {
                row.push_str(&gap.to_string());
            }
            rows.push(row);
        }
        // Queen first, each colour's men: white's airfield then black's; the men of White held
        // by Black, then those of Black held by White.
        let letters = |counts: [[u8; 5]; 2], whose: [usize; 2]| {
            let mut out = String::new();
            for (white, s) in [(true, whose[0]), (false, whose[1])] {
                for i in (0..5).rev() {
                    for _ in 0..counts[s][i] {
                        out.push(if white {
                            LETTERS[i]
                        } else {
                            LETTERS[i].to_ascii_lowercase()
                        } as char);
                    }
                }
            }
            out
        };
        let prisons = letters(self.prison, [1, 0]);
        let field = if prisons.is_empty() {
            String::new()
        } else {
            format!(" ({prisons})")
        };
        format!("{}[{}]{field}", rows.join("/"), letters(self.airfield, [0, 1]))
    }
}

/// The same key of an engine position read from its FEN.
fn engine_key(pos: &crate::position::Position) -> String {
    let fen = crate::fen::to_fen(pos);
    let fields: Vec<&str> = fen.split_whitespace().collect();
    match fields.iter().find(|f| f.starts_with('(')) {
        Some(prisons) => format!("{} {prisons}", fields[0]),
        None => fields[0].to_string(),
    }
}

/// Along seeded random games from the start, deeper than perft reaches (exchanges, airfield
/// drops, promotions from the prison), the engine's and the naive generator's sets of next
/// positions are the same at every ply.
#[test]
fn hostage_random_games_agree_with_naive_generator() {
    use crate::position::MoveKind;
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let (mut plies, mut exchanges, mut drops, mut promotions) = (0, 0, 0, 0);
    for _game in 0..6 {
        let mut pos = crate::fen::parse_fen(Variant::Hostage, Variant::Hostage.start_fen()).expect("start");
        for _ply in 0..60 {
            let fen = crate::fen::to_fen(&pos);
            let mut naive: Vec<String> = Board::read(&fen).legal().iter().map(Board::key).collect();
            naive.sort();
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
            // Captures and promotions first when there are any, so prisons fill.
            let taking: Vec<_> = moves
                .iter()
                .filter(|m| pos.is_capture(m) || m.promotion.is_some())
                .copied()
                .collect();
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let pool = if taking.is_empty() || seed.is_multiple_of(3) {
                &moves
            } else {
                &taking
            };
            let m = pool[(seed >> 33) as usize % pool.len()];
            exchanges += usize::from(matches!(m.kind, MoveKind::Exchange(_)));
            drops += usize::from(m.kind == MoveKind::Drop);
            promotions += usize::from(m.promotion.is_some());
            pos.play(&m);
            plies += 1;
        }
    }
    println!("{plies} plies, {exchanges} exchanges, {drops} airfield drops, {promotions} promotions");
    assert!(
        plies > 200 && exchanges > 10 && drops > 0 && promotions > 0,
        "{plies} {exchanges} {drops} {promotions}"
    );
}
