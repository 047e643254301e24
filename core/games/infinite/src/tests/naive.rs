//! A second move generator, written from the rules alone and as plainly as possible: it reads
//! the position text itself, walks sliders square by square, and tries every square of a box
//! round the pieces. The engine's list must be exactly its moves, less the slider moves the
//! engine leaves out by its stated cut (quiet, farther than eight squares, not in check), and
//! the engine's yes or no for any one move must be its yes or no.

use std::collections::{BTreeMap, BTreeSet};

use super::{play, start};
use crate::board::Square;
use crate::moves::{legal, listed, LISTED_REACH};
use crate::position::Move;
use crate::text;
use crate::Infinite;
use kifu_core::chance::ChanceRng;
use kifu_core::rules::Rules;

type Sq = (i64, i64);
/// from, to, promotion letter (upper case) or ' '.
type NaiveMove = (Sq, Sq, char);

struct Naive {
    pieces: BTreeMap<Sq, char>,
    white: bool,
    castling: String,
    ep: Option<Sq>,
}

fn pair(text: &str) -> Sq {
    let (x, y) = text.split_once(',').unwrap();
    (x.parse().unwrap(), y.parse().unwrap())
}

fn read(position: &str) -> Naive {
    let fields: Vec<&str> = position.split(' ').collect();
    let pieces = fields[0]
        .split('|')
        .map(|t| (pair(&t[1..]), t.chars().next().unwrap()))
        .collect();
    Naive {
        pieces,
        white: fields[1] == "w",
        castling: fields[2].to_string(),
        ep: (fields[3] != "-").then(|| pair(fields[3])),
    }
}

fn white(c: char) -> bool {
    c.is_ascii_uppercase()
}

/// Whether the piece on `from` could take on `to` by its movement alone.
fn hits(pieces: &BTreeMap<Sq, char>, from: Sq, to: Sq) -> bool {
    let c = pieces[&from];
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let up = if white(c) { 1 } else { -1 };
    let (straight, diagonal) = match c.to_ascii_uppercase() {
        'N' => return (dx.abs(), dy.abs()) == (1, 2) || (dx.abs(), dy.abs()) == (2, 1),
        'K' => return dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0),
        'P' => return dy == up && dx.abs() == 1,
        'R' => (true, false),
        'B' => (false, true),
        _ => (true, true),
    };
    let ok = ((dx == 0) != (dy == 0) && straight) || (dx != 0 && dx.abs() == dy.abs() && diagonal);
    if !ok {
        return false;
    }
    let step = (dx.signum(), dy.signum());
    let mut at = (from.0 + step.0, from.1 + step.1);
    while at != to {
        if pieces.contains_key(&at) {
            return false;
        }
        at = (at.0 + step.0, at.1 + step.1);
    }
    true
}

fn attacked(pieces: &BTreeMap<Sq, char>, sq: Sq, by_white: bool) -> bool {
    pieces
        .iter()
        .any(|(&from, &c)| white(c) == by_white && from != sq && hits(pieces, from, sq))
}

fn in_check(pieces: &BTreeMap<Sq, char>, white_king: bool) -> bool {
    let king = if white_king { 'K' } else { 'k' };
    let at = *pieces.iter().find(|(_, &c)| c == king).unwrap().0;
    attacked(pieces, at, !white_king)
}

/// Every legal move whose destination lies in the box.
fn moves(n: &Naive, lo: Sq, hi: Sq) -> BTreeSet<NaiveMove> {
    let mut out = BTreeSet::new();
    let up = if n.white { 1 } else { -1 };
    let home = if n.white { 1 } else { 8 };
    for (&from, &c) in n.pieces.iter().filter(|(_, &c)| white(c) == n.white) {
        for x in lo.0..=hi.0 {
            for y in lo.1..=hi.1 {
                let to = (x, y);
                let target = n.pieces.get(&to).copied();
                if to == from || target.is_some_and(|t| white(t) == n.white || t.eq_ignore_ascii_case(&'k')) {
                    continue;
                }
                // What else the move takes or carries: (square emptied, square filled by it).
                let mut also: Option<(Sq, Option<Sq>)> = None;
                let fits = match c.to_ascii_uppercase() {
                    'P' => {
                        let one = (from.0, from.1 + up);
                        if to == one {
                            target.is_none()
                        } else if to == (from.0, from.1 + 2 * up) {
                            from.1 == if n.white { 2 } else { 7 } && target.is_none() && !n.pieces.contains_key(&one)
                        } else if to.1 == from.1 + up && (to.0 - from.0).abs() == 1 {
                            if target.is_none() && n.ep == Some(to) {
                                also = Some(((to.0, from.1), None));
                                true
                            } else {
                                target.is_some()
                            }
                        } else {
                            false
                        }
                    }
                    'K' if from == (5, home) && (to == (7, home) || to == (3, home)) => {
                        let (letter, rook, between, crossed): (char, Sq, Vec<i64>, Sq) = if to.0 == 7 {
                            ('K', (8, home), vec![6, 7], (6, home))
                        } else {
                            ('Q', (1, home), vec![2, 3, 4], (4, home))
                        };
                        let letter = if n.white { letter } else { letter.to_ascii_lowercase() };
                        let fine = n.castling.contains(letter)
                            && between.iter().all(|x| !n.pieces.contains_key(&(*x, home)))
                            && !in_check(&n.pieces, n.white)
                            && !attacked(&n.pieces, crossed, !n.white);
                        also = Some((rook, Some(crossed)));
                        fine
                    }
                    _ => hits(&n.pieces, from, to),
                };
                if !fits {
                    continue;
                }
                let mut after = n.pieces.clone();
                after.remove(&from);
                if let Some((emptied, filled)) = also {
                    let carried = after.remove(&emptied);
                    if let (Some(sq), Some(piece)) = (filled, carried) {
                        after.insert(sq, piece);
                    }
                }
                let promotes = c.eq_ignore_ascii_case(&'p') && to.1 == if n.white { 8 } else { 1 };
                let pieces: Vec<char> = if promotes { vec!['Q', 'R', 'B', 'N'] } else { vec![c] };
                for p in pieces {
                    let mut after = after.clone();
                    after.insert(to, if n.white { p } else { p.to_ascii_lowercase() });
                    if !in_check(&after, n.white) {
                        out.insert((from, to, if promotes { p } else { ' ' }));
                    }
                }
            }
        }
    }
    out
}

fn as_naive(m: &Move) -> NaiveMove {
    (
        (m.from.x, m.from.y),
        (m.to.x, m.to.y),
        m.promotion.map_or(' ', |k| k.letter()),
    )
}

/// Compares the engine with the naive generator on one position; the number of moves.
fn compare(state: &crate::state::State) -> usize {
    let pos = &state.position;
    let written = text::write(pos);
    let n = read(&written);
    let xs: Vec<i64> = n.pieces.keys().map(|s| s.0).collect();
    let ys: Vec<i64> = n.pieces.keys().map(|s| s.1).collect();
    let margin = LISTED_REACH + 2;
    let lo = (xs.iter().min().unwrap() - margin, ys.iter().min().unwrap() - margin);
    let hi = (xs.iter().max().unwrap() + margin, ys.iter().max().unwrap() + margin);
    let all = moves(&n, lo, hi);
    let check = in_check(&n.pieces, n.white);
    let expected: BTreeSet<NaiveMove> = all
        .iter()
        .filter(|(from, to, _)| {
            let slider = "QRBqrb".contains(n.pieces[from]);
            let far = (to.0 - from.0).abs().max((to.1 - from.1).abs()) > LISTED_REACH;
            check || !slider || !far || n.pieces.contains_key(to)
        })
        .copied()
        .collect();
    let got: BTreeSet<NaiveMove> = listed(pos).iter().map(as_naive).collect();
    assert_eq!(got, expected, "{written}");
    // Any one move, listed or not, near or far: the same answer.
    for (&from, &c) in n
        .pieces
        .iter()
        .filter(|(_, &c)| white(c) == n.white && "QRBqrb".contains(c))
    {
        for x in lo.0..=hi.0 {
            let lines = [from.1, from.1 + (x - from.0), from.1 - (x - from.0)];
            for y in lines.into_iter().filter(|y| (lo.1..=hi.1).contains(y)) {
                let m = Move {
                    from: Square::new(from.0, from.1),
                    to: Square::new(x, y),
                    promotion: None,
                };
                assert_eq!(
                    legal(pos, &m).is_ok(),
                    all.contains(&as_naive(&m)),
                    "{written}: {c} {m:?}"
                );
            }
        }
    }
    got.len()
}

/// Positions with checks, pins, castling and en passant about, small enough for the box.
const POSITIONS: [&str; 8] = [
    "r1,8|k5,8|r8,8|p1,7|p4,5|P5,5|R1,1|K5,1|R8,1 w KQkq 4,6 0 9",
    "R5,30|K10,10|k0,0|b20,25|R-1,-30|R1,-30 w - -",
    "R0,30|K10,10|k0,0|b20,25|r-9,30|R-1,-30|R1,-30 b - -",
    "k5,10|K0,0|N0,3|B-3,3|r0,20|q-8,8 w - -",
    "K10,10|Q2,1|k0,0|R-1,-30|R30,-1 b - -",
    "k0,-5|K0,5|P3,7|P-3,7|p4,2|n2,8|q0,-12 w - -",
    "k0,-5|K0,5|P3,7|p4,2|n5,1|Q0,-12 b - -",
    "r1,8|k5,8|r8,8|q6,4|R1,1|K5,1|R8,1|B-2,4 w KQkq - 0 1",
];

#[test]
fn the_engine_lists_what_a_naive_generator_finds() {
    let mut total = 0;
    for position in POSITIONS {
        total += compare(&start(Some(position)));
    }
    total += compare(&start(None));
    assert!(total > 300, "{total}");
}

#[test]
fn along_random_games_the_engine_and_the_naive_generator_agree() {
    let mut compared = 0;
    for walk in 0..4u64 {
        let mut state = start(if walk < 2 {
            None
        } else {
            Some(POSITIONS[walk as usize * 3 - 6])
        });
        for ply in 0..60 {
            if Infinite.turn(&state) != kifu_core::rules::Turn::seat(state.position.turn.seat()) {
                break;
            }
            compare(&state);
            compared += 1;
            let moves = listed(&state.position);
            let pick = ChanceRng::for_entry(b"naive walk", walk * 1000 + ply).below(moves.len() as u64);
            let m = moves[pick as usize];
            let text = Infinite.format(&state, &crate::Command::Move(m));
            play(&mut state, &text).unwrap();
        }
    }
    assert!(compared > 100, "{compared}");
}
