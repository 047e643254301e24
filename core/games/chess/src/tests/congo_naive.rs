//! A second, naive Congo move generator written from the rules alone (a 7x7 mailbox of
//! letters, successor boards instead of moves, no code shared with the engine), to count
//! perft independently: from the start position at depths 1 to 3, and from middle-game
//! positions built to set off the monkey's chains, the river and the lion's flying capture.

/// A cell: `None` empty, else the FEN letter (upper case white).
type Cells = [Option<char>; 49];

#[derive(Clone, PartialEq, Eq)]
struct Board {
    cells: Cells,
    white: bool,
}

fn read(fen: &str) -> Board {
    let mut cells = [None; 49];
    let mut fields = fen.split(' ');
    let rows: Vec<&str> = fields.next().unwrap_or("").split('/').collect();
    for (i, row) in rows.iter().enumerate() {
        let rank = 6 - i;
        let mut file = 0;
        for c in row.chars() {
            if let Some(n) = c.to_digit(10) {
                file += n as usize;
            } else {
                cells[rank * 7 + file] = Some(c);
                file += 1;
            }
        }
    }
    Board {
        cells,
        white: fields.next() == Some("w"),
    }
}

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..7).contains(&f) && (0..7).contains(&r)).then(|| (r * 7 + f) as usize)
}

impl Board {
    fn mine(&self, sq: usize) -> bool {
        self.cells[sq].is_some_and(|c| c.is_ascii_uppercase() == self.white)
    }
    fn theirs(&self, sq: usize) -> bool {
        self.cells[sq].is_some_and(|c| c.is_ascii_uppercase() != self.white)
    }
    fn empty(&self, sq: usize) -> bool {
        self.cells[sq].is_none()
    }
}

const EIGHT: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The board after the side to move's piece goes `from` -> `to`, the squares in `taken`
/// emptied, then its river pieces drowned.
fn after(b: &Board, from: usize, to: usize, taken: &[usize], becomes: Option<char>) -> Board {
    let mut n = b.clone();
    let piece = n.cells[from].take();
    for &t in taken {
        n.cells[t] = None;
    }
    n.cells[to] = becomes.or(piece);
    for sq in 21..28 {
        let croc = n.cells[sq].is_some_and(|c| c.eq_ignore_ascii_case(&'c'));
        let stayed = if sq == to {
            (21..28).contains(&from)
        } else {
            sq != from && b.mine(sq)
        };
        if stayed && !croc {
            n.cells[sq] = None;
        }
    }
    n.white = !b.white;
    n
}

fn castle(white: bool, sq: usize) -> bool {
    let (f, r) = (sq % 7, sq / 7);
    (2..=4).contains(&f) && if white { r <= 2 } else { r >= 4 }
}

fn successors(b: &Board) -> Vec<Board> {
    let mut out = Vec::new();
    let fwd = if b.white { 1 } else { -1 };
    for from in 0..49 {
        if !b.mine(from) {
            continue;
        }
        let kind = b.cells[from].unwrap_or(' ').to_ascii_lowercase();
        let (f, r) = ((from % 7) as i32, (from / 7) as i32);
        // Moves to `to`: `take` allows an enemy there, `go` an empty square.
        let add = |to: Option<usize>, go: bool, take: bool, out: &mut Vec<Board>| {
            if let Some(to) = to {
                if (go && b.empty(to)) || (take && b.theirs(to)) {
                    let promote = kind == 'p' && to / 7 == if b.white { 6 } else { 0 };
                    let becomes = promote.then_some(if b.white { 'S' } else { 's' });
                    out.push(after(b, from, to, &[to], becomes));
                }
            }
        };
        match kind {
            'l' => {
                for (df, dr) in EIGHT {
                    if let Some(to) = at(f + df, r + dr).filter(|&t| castle(b.white, t)) {
                        add(Some(to), true, true, &mut out);
                    }
                }
                // Flying capture: the enemy lion straight along a file or diagonal, nothing between.
                for (df, dr) in EIGHT.iter().filter(|d| d.1 != 0) {
                    let mut k = 1;
                    while let Some(to) = at(f + df * k, r + dr * k) {
                        if let Some(c) = b.cells[to] {
                            if b.theirs(to) && c.eq_ignore_ascii_case(&'l') && k > 1 {
                                out.push(after(b, from, to, &[to], None));
                            }
                            break;
                        }
                        k += 1;
                    }
                }
            }
            'z' => {
                for (df, dr) in [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)] {
                    add(at(f + df, r + dr), true, true, &mut out);
                }
            }
            'g' => {
                for (df, dr) in EIGHT {
                    add(at(f + df, r + dr), true, false, &mut out);
                    add(at(f + 2 * df, r + 2 * dr), true, true, &mut out);
                }
            }
            'e' => {
                for (df, dr) in &EIGHT[..4] {
                    add(at(f + df, r + dr), true, true, &mut out);
                    add(at(f + 2 * df, r + 2 * dr), true, true, &mut out);
                }
            }
            'c' => {
                for (df, dr) in EIGHT {
                    add(at(f + df, r + dr), true, true, &mut out);
                }
                let lines: Vec<(i32, i32)> = match r {
                    3 => vec![(1, 0), (-1, 0)],
                    r if r < 3 => vec![(0, 1)],
                    _ => vec![(0, -1)],
                };
                for (df, dr) in lines {
                    let mut k = 1;
                    while let Some(to) = at(f + df * k, r + dr * k) {
                        // The first square is a king's step, given above.
                        if k > 1 {
                            add(Some(to), true, true, &mut out);
                        }
                        if !b.empty(to) || (r != 3 && r + dr * k == 3) {
                            break;
                        }
                        k += 1;
                    }
                }
            }
            'm' => {
                for (df, dr) in EIGHT {
                    add(at(f + df, r + dr), true, false, &mut out);
                }
                let mut found: Vec<Board> = Vec::new();
                jumps(b, from, from, &mut Vec::new(), &mut found);
                for n in found {
                    if !out.contains(&n) {
                        out.push(n);
                    }
                }
            }
            'p' => {
                for df in [-1, 0, 1] {
                    add(at(f + df, r + fwd), true, true, &mut out);
                }
                let past = if b.white { r > 3 } else { r < 3 };
                if past {
                    let one = at(f, r - fwd);
                    add(one, true, false, &mut out);
                    if one.is_some_and(|s| b.empty(s)) {
                        add(at(f, r - 2 * fwd), true, false, &mut out);
                    }
                }
            }
            's' => {
                for (df, dr) in [(-1, fwd), (0, fwd), (1, fwd), (-1, 0), (1, 0)] {
                    add(at(f + df, r + dr), true, true, &mut out);
                }
                for df in [-1, 0, 1] {
                    let one = at(f + df, r - fwd);
                    add(one, true, false, &mut out);
                    if one.is_some_and(|s| b.empty(s)) {
                        add(at(f + 2 * df, r - 2 * fwd), true, false, &mut out);
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Every board a monkey that started on `start` and stands on `now`, having jumped `over`,
/// can end its move on by one more jump (and the chains beyond).
fn jumps(b: &Board, start: usize, now: usize, over: &mut Vec<usize>, found: &mut Vec<Board>) {
    let (f, r) = ((now % 7) as i32, (now / 7) as i32);
    for (df, dr) in EIGHT {
        let (Some(mid), Some(land)) = (at(f + df, r + dr), at(f + 2 * df, r + 2 * dr)) else {
            continue;
        };
        if !b.theirs(mid) || over.contains(&mid) || !(b.empty(land) || land == start) {
            continue;
        }
        over.push(mid);
        let n = after(b, start, land, over, None);
        let lion = b.cells[mid].is_some_and(|c| c.eq_ignore_ascii_case(&'l'));
        let new = !found.contains(&n);
        if new {
            found.push(n);
        }
        if new && !lion {
            jumps(b, start, land, over, found);
        }
        over.pop();
    }
}

fn has_lion(b: &Board, white: bool) -> bool {
    b.cells.contains(&Some(if white { 'L' } else { 'l' }))
}

fn naive_perft(b: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if !has_lion(b, true) || !has_lion(b, false) {
        return 0;
    }
    let next = successors(b);
    if depth == 1 {
        return next.len() as u64;
    }
    next.iter().map(|n| naive_perft(n, depth - 1)).sum()
}

fn agree(fen: &str, depths: u32) -> Vec<u64> {
    let start = read(fen);
    (1..=depths)
        .map(|d| {
            let naive = naive_perft(&start, d);
            let engine = crate::perft::perft(crate::variant::Variant::Congo, fen, d).unwrap_or(u64::MAX);
            assert_eq!(
                engine, naive,
                "congo perft {d} from {fen}: engine {engine}, naive {naive}"
            );
            naive
        })
        .collect()
}

#[test]
fn congo_perft_from_the_start_agrees() {
    // Depth 1 by hand: giraffe a3 c3, elephants c3 e3, zebra f3, pawns 2+3*5+2 = 24.
    let counts = agree(crate::variant::Variant::Congo.start_fen(), 3);
    assert_eq!(counts[0], 24);
    // Depth 2: neither side's first move touches the other's, so 24 * 24.
    assert_eq!(counts[1], 576);
}

#[test]
fn congo_perft_agrees_in_the_middle_game() {
    for fen in [
        // Monkeys facing rows of pawns: chains of jumps both ways.
        "3l3/5m1/7/1pp1p2/3M3/2p1p2/3L3 w - - 0 1",
        // Pieces in the river (some drown), a crocodile sliding there, lions facing on d.
        "3l3/1p3p1/7/cG1Pz1C/7/1P3P1/3L3 w - - 0 1",
        // Superpawns, a monkey able to take the lion, lions on the c3-e5 diagonal.
        "g6/3S3/1s2l2/2Pm3/2L4/1s3S1/6G b - - 0 1",
    ] {
        agree(fen, 3);
    }
}
