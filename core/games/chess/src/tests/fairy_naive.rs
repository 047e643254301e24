//! A second, naive move generator for the 8x8 fairy variants, written from the rules alone
//! (a mailbox board, every move tried, no shared code with the engine), to count perft from
//! the start position at depths 1 to 3 independently. It knows no castling, en passant or
//! promotion: none can happen within three plies of the start.

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
    wrap: bool,
}

fn file(sq: usize) -> i32 {
    (sq % 8) as i32
}
fn rank(sq: usize) -> i32 {
    (sq / 8) as i32
}

impl Board {
    fn start(variant: Variant) -> Board {
        let mut cells = [None; 64];
        let back = b"RNBQKBNR";
        for f in 0..8 {
            cells[f] = Some(Man {
                white: true,
                kind: back[f],
            });
            cells[8 + f] = Some(Man {
                white: true,
                kind: b'P',
            });
            cells[48 + f] = Some(Man {
                white: false,
                kind: b'P',
            });
            cells[56 + f] = Some(Man {
                white: false,
                kind: back[f],
            });
        }
        Board {
            cells,
            white_to_move: true,
            wrap: variant == Variant::Cylinder,
        }
    }

    /// The square `df` files and `dr` ranks from `sq`, if on the board.
    fn step(&self, sq: usize, df: i32, dr: i32) -> Option<usize> {
        let (mut f, r) = (file(sq) + df, rank(sq) + dr);
        if self.wrap {
            f = f.rem_euclid(8);
        }
        ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
    }

    /// Every (from, to) the man on `from` reaches by its own pattern, captures only onto
    /// enemies, pushes only onto empty squares.
    fn targets(&self, from: usize) -> Vec<usize> {
        let Some(man) = self.cells[from] else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let enemy = |t: usize| self.cells[t].is_some_and(|o| o.white != man.white);
        let empty = |t: usize| self.cells[t].is_none();
        let rook = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let knight = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
        let slide = |dirs: &[(i32, i32)], out: &mut Vec<usize>| {
            for &(df, dr) in dirs {
                let mut cur = from;
                while let Some(t) = self.step(cur, df, dr) {
                    if t == from {
                        break;
                    }
                    if empty(t) {
                        out.push(t);
                        cur = t;
                        continue;
                    }
                    if enemy(t) {
                        out.push(t);
                    }
                    break;
                }
            }
        };
        let leap = |steps: &[(i32, i32)], out: &mut Vec<usize>| {
            for &(df, dr) in steps {
                if let Some(t) = self.step(from, df, dr) {
                    if empty(t) || enemy(t) {
                        out.push(t);
                    }
                }
            }
        };
        match man.kind {
            b'R' => slide(&rook, &mut out),
            b'B' => slide(&bishop, &mut out),
            b'Q' => {
                slide(&rook, &mut out);
                slide(&bishop, &mut out);
            }
            b'N' => leap(&knight, &mut out),
            b'K' => {
                leap(&rook, &mut out);
                leap(&bishop, &mut out);
            }
            _ => {
                let dir = if man.white { 1 } else { -1 };
                if let Some(one) = self.step(from, 0, dir).filter(|&t| empty(t)) {
                    out.push(one);
                    let home = if man.white { 1 } else { 6 };
                    if rank(from) == home {
                        if let Some(two) = self.step(one, 0, dir).filter(|&t| empty(t)) {
                            out.push(two);
                        }
                    }
                }
                for df in [-1, 1] {
                    if let Some(t) = self.step(from, df, dir).filter(|&t| enemy(t)) {
                        out.push(t);
                    }
                }
            }
        }
        out
    }

    /// Whether a man of colour `white` reaches `sq` by the capture pattern of its kind (the
    /// square's occupant aside): the plain meaning of guarding and attacking.
    fn plainly_attacks(&self, from: usize, sq: usize) -> bool {
        let Some(man) = self.cells[from] else {
            return false;
        };
        let mut probe = self.clone();
        probe.cells[sq] = Some(Man {
            white: !man.white,
            kind: b'P',
        });
        let pushes_only = man.kind == b'P' && file(from) == file(sq);
        !pushes_only && probe.targets(from).contains(&sq)
    }
}

/// Whether the variant's rule lets the man on `from` go to `to` (a target of its pattern, or
/// a lent knight move), on board `b` before the move.
fn rule_allows(v: Variant, b: &Board, from: usize, to: usize, lent: bool) -> bool {
    let man = b.cells[from].unwrap_or(Man {
        white: true,
        kind: b'P',
    });
    let capture = b.cells[to].is_some();
    let light = |sq: usize| (file(sq) + rank(sq)) % 2 == 1;
    let friends_guard = |sq: usize| {
        (0..64).any(|g| g != sq && b.cells[g].is_some_and(|o| o.white == man.white) && b.plainly_attacks(g, sq))
    };
    match v {
        Variant::Grid => (file(from) / 2, rank(from) / 2) != (file(to) / 2, rank(to) / 2),
        Variant::Monochromatic => light(from) == light(to),
        Variant::Patrol => !capture || friends_guard(from),
        Variant::Madrasi => {
            man.kind == b'K'
                || !(0..64).any(|e| {
                    b.cells[e].is_some_and(|o| o.white != man.white && o.kind == man.kind) && b.plainly_attacks(e, from)
                })
        }
        Variant::KnightRelay => {
            let knight_involved = man.kind == b'N' || b.cells[to].is_some_and(|o| o.kind == b'N');
            let pawn_edge = lent && man.kind == b'P' && (rank(to) == 0 || rank(to) == 7);
            !(pawn_edge || (capture && knight_involved))
        }
        _ => true,
    }
}

/// Every move (from, to) the side to move's men may make by the rule, king safety aside.
fn pseudo(v: Variant, b: &Board) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for from in 0..64 {
        let Some(man) = b.cells[from].filter(|m| m.white == b.white_to_move) else {
            continue;
        };
        for to in b.targets(from) {
            if rule_allows(v, b, from, to, false) {
                out.push((from, to));
            }
        }
        let knight_guard = (0..64)
            .any(|g| b.cells[g].is_some_and(|o| o.white == man.white && o.kind == b'N') && b.plainly_attacks(g, from));
        if v == Variant::KnightRelay && man.kind != b'K' && man.kind != b'N' && knight_guard {
            let knight = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
            for (df, dr) in knight {
                if let Some(to) = b.step(from, df, dr) {
                    let own = b.cells[to].is_some_and(|o| o.white == man.white);
                    if !own && rule_allows(v, b, from, to, true) {
                        out.push((from, to));
                    }
                }
            }
        }
    }
    out
}

fn play(v: Variant, b: &Board, from: usize, to: usize) -> Board {
    let mut n = b.clone();
    let mut man = n.cells[from].take().unwrap_or(Man {
        white: true,
        kind: b'P',
    });
    let taken = n.cells[to];
    let turns = match v {
        Variant::Andernach => taken.is_some(),
        Variant::AntiAndernach => taken.is_none(),
        _ => false,
    };
    if turns && man.kind != b'K' {
        man.white = !man.white;
    }
    n.cells[to] = Some(man);
    if let (Variant::Circe, Some(t)) = (v, taken) {
        let light = (file(to) + rank(to)) % 2 == 1;
        let back = if t.white { 0 } else { 7 };
        let files: &[i32] = match t.kind {
            b'Q' => &[3],
            b'R' => &[0, 7],
            b'N' => &[1, 6],
            b'B' => &[2, 5],
            _ => &[],
        };
        let home = if t.kind == b'P' {
            Some(((if t.white { 1 } else { 6 }) * 8 + file(to)) as usize)
        } else {
            files
                .iter()
                .map(|&f| (back * 8 + f) as usize)
                .find(|&sq| files.len() == 1 || ((file(sq) + rank(sq)) % 2 == 1) == light)
        };
        if let Some(h) = home.filter(|&h| n.cells[h].is_none()) {
            n.cells[h] = Some(t);
        }
    }
    n.white_to_move = !b.white_to_move;
    n
}

/// Whether the king of colour `white` can be taken by the other side's rule-allowed moves.
fn king_capturable(v: Variant, b: &Board, white: bool) -> bool {
    let Some(k) = (0..64).find(|&s| b.cells[s] == Some(Man { white, kind: b'K' })) else {
        return false;
    };
    let mut probe = b.clone();
    probe.white_to_move = !white;
    pseudo(v, &probe).iter().any(|&(_, to)| to == k)
}

fn legal(v: Variant, b: &Board) -> Vec<Board> {
    pseudo(v, b)
        .into_iter()
        .map(|(f, t)| play(v, b, f, t))
        .filter(|n| !king_capturable(v, n, b.white_to_move))
        .collect()
}

fn naive_perft(v: Variant, b: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal(v, b).iter().map(|n| naive_perft(v, n, depth - 1)).sum()
}

/// Perft 1-3 from the start: the engine against the naive generator.
fn agree(v: Variant) -> Vec<u64> {
    let start = Board::start(v);
    let mut counts = Vec::new();
    for depth in 1..=3 {
        let naive = naive_perft(v, &start, depth);
        let engine = crate::perft::perft(v, v.start_fen(), depth).unwrap_or(0);
        assert_eq!(
            engine,
            naive,
            "{} perft {depth}: engine {engine}, naive {naive}",
            v.name()
        );
        counts.push(naive);
    }
    counts
}

#[test]
fn naive_generator_agrees_on_standard_chess_published_figures() {
    // The naive generator itself, checked on orthodox chess: 20, 400, 8902 (published).
    let start = Board::start(Variant::Standard);
    let got: Vec<u64> = (1..=3).map(|d| naive_perft(Variant::Standard, &start, d)).collect();
    assert_eq!(got, [20, 400, 8902]);
}

#[test]
fn perft_cylinder() {
    println!("cylinder {:?}", agree(Variant::Cylinder));
}
#[test]
fn perft_grid() {
    println!("grid {:?}", agree(Variant::Grid));
}
#[test]
fn perft_monochromatic() {
    println!("monochromatic {:?}", agree(Variant::Monochromatic));
}
#[test]
fn perft_patrol() {
    println!("patrol {:?}", agree(Variant::Patrol));
}
#[test]
fn perft_madrasi() {
    println!("madrasi {:?}", agree(Variant::Madrasi));
}
#[test]
fn perft_andernach() {
    println!("andernach {:?}", agree(Variant::Andernach));
}
#[test]
fn perft_antiandernach() {
    println!("antiandernach {:?}", agree(Variant::AntiAndernach));
}
#[test]
fn perft_circe() {
    println!("circe {:?}", agree(Variant::Circe));
}
#[test]
fn perft_knightrelay() {
    println!("knightrelay {:?}", agree(Variant::KnightRelay));
}
