//! A bound for a whole-board scan: which empty points have enough of a colour's stones near
//! them, along their lines, for a foul to be possible there. It only ever rules points out,
//! by the same counts `forbidden`'s own quick bound uses; the verdict is always `judge`'s.

use super::board::{Board, Colour, Point, DIRECTIONS};
use super::ruleset::{Bans, Effect};

/// For each point, row by row from a1: whether `colour` might commit a foul there under
/// `bans`. False is certain (no foul is possible); true says only "judge it".
///
/// A foul at `p` needs, on the lines through it, counting `colour`'s stones other than `p`:
/// an overline five within five points on one line; two fours three within four points on
/// each of two lines, or four within eight on one (`X.XXX.X`); two threes two within three
/// points on each of two lines.
pub fn may_foul(board: &Board, colour: Colour, bans: &Bans) -> Vec<bool> {
    let n = board.size() as usize;
    // A line is a 32-bit mask: a larger board (no set-up makes one, sizes stop at 26) is
    // judged whole.
    if n > 32 {
        return vec![true; n * n];
    }
    let mut near = vec![Near::default(); n * n];
    for d in DIRECTIONS {
        for (x, y) in starts(n, d) {
            // The line's cells, by index, from its start while on the board.
            let cells = (0..)
                .map(|k: i32| (x + k * i32::from(d.0), y + k * i32::from(d.1)))
                .take_while(|&(x, y)| (0..n as i32).contains(&x) && (0..n as i32).contains(&y))
                .map(|(x, y)| Point::new(x as u8, y as u8));
            let (mut own, mut len) = (0u32, 0);
            for (i, p) in cells.clone().enumerate() {
                own |= u32::from(board.get(p) == Some(colour)) << i;
                len = i + 1;
            }
            for (i, p) in cells.enumerate() {
                let within = |r: usize| (own & span(i, r, len)).count_ones();
                let here = &mut near[p.y as usize * n + p.x as usize];
                here.overline |= within(5) >= 5;
                here.two_fours_on_a_line |= within(8) >= 4;
                here.four_lines += u8::from(within(4) >= 3);
                here.three_lines += u8::from(within(3) >= 2);
            }
        }
    }
    near.iter()
        .map(|here| {
            (bans.overline == Effect::Barred && here.overline)
                || (bans.double_four == Effect::Barred && (here.two_fours_on_a_line || here.four_lines >= 2))
                || (bans.double_three == Effect::Barred && here.three_lines >= 2)
        })
        .collect()
}

#[derive(Debug, Clone, Copy, Default)]
struct Near {
    overline: bool,
    two_fours_on_a_line: bool,
    four_lines: u8,
    three_lines: u8,
}

/// The bits of positions `i - r ..= i + r` on a line of `len` points, `i` itself left out.
fn span(i: usize, r: usize, len: usize) -> u32 {
    let lo = i.saturating_sub(r);
    let hi = (i + r).min(len - 1);
    let bits = (u64::MAX >> (63 - (hi - lo))) << lo;
    (bits as u32) & !(1 << i)
}

/// Where each whole line of an `n` by `n` board along `d` begins: a side of the board, and
/// for a diagonal the rest of a second side.
fn starts(n: usize, d: (i8, i8)) -> impl Iterator<Item = (i32, i32)> {
    let n = n as i32;
    let side = move |k: i32| match d {
        (1, 0) | (1, 1) => (0, k),
        _ => (k, 0),
    };
    let rest = move |k: i32| match d {
        (1, 1) => Some((k, 0)),
        (-1, 1) => Some((n - 1, k)),
        _ => None,
    };
    (0..n).map(side).chain((1..n).filter_map(rest))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forbidden::{judge, Verdict};
    use crate::ruleset::RuleSet;

    /// Boards filled at random (a fixed xorshift), from sparse to crowded.
    fn boards() -> Vec<Board> {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut out = Vec::new();
        for size in [7u8, 15, 19, 26] {
            for fill in [8u64, 20, 35, 50, 65] {
                for _ in 0..6 {
                    let mut board = Board::new(size);
                    for p in board.points().collect::<Vec<_>>() {
                        let roll = next() % 100;
                        if roll < fill {
                            // Black a little more often, so black's shapes are common.
                            let colour = if roll % 5 < 3 { Colour::Black } else { Colour::White };
                            board.set(p, Some(colour));
                        }
                    }
                    out.push(board);
                }
            }
        }
        out
    }

    #[test]
    fn no_foul_is_ruled_out() {
        let omok = RuleSet::named("omok").expect("omok");
        let (mut fouls, mut ruled_out) = (0, 0);
        for board in boards() {
            for (colour, bans) in [
                (Colour::Black, RuleSet::RENJU.black),
                (Colour::Black, omok.black),
                (Colour::White, omok.white),
                (Colour::Black, Bans::ALL_BARRED),
                (Colour::White, Bans::ALL_BARRED),
            ] {
                let may = may_foul(&board, colour, &bans);
                for (p, may) in board.points().zip(may) {
                    if board.get(p).is_some() {
                        continue;
                    }
                    if let Verdict::Foul(foul) = judge(&board, p, colour, &bans) {
                        assert!(may, "{foul:?} at {} ruled out on {board:?}", p.text());
                        fouls += 1;
                    }
                    ruled_out += usize::from(!may);
                }
            }
        }
        println!("{fouls} fouls, {ruled_out} empty points ruled out");
        // The check is not empty: fouls were found, and many points were ruled out.
        assert!(fouls > 100, "{fouls} fouls");
        assert!(ruled_out > 1000, "{ruled_out} points ruled out");
    }

    #[test]
    fn an_empty_board_and_free_rules_rule_everything_out() {
        let board = Board::new(15);
        assert!(may_foul(&board, Colour::Black, &RuleSet::RENJU.black)
            .iter()
            .all(|m| !m));
        let mut crowded = Board::new(15);
        for p in crowded.points().collect::<Vec<_>>() {
            if (p.x + p.y) % 2 == 0 {
                crowded.set(p, Some(Colour::Black));
            }
        }
        assert!(may_foul(&crowded, Colour::Black, &Bans::FREE).iter().all(|m| !m));
        // Beyond what a mask holds, nothing is ruled out (and nothing overflows).
        let big = Board::new(40);
        assert!(may_foul(&big, Colour::Black, &RuleSet::RENJU.black).iter().all(|m| *m));
    }
}
