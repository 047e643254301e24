//! Attack sets on the 8x8 board as 64-bit sets (bit `rank * 8 + file`, a1 = bit 0): leaper
//! tables and the squares between two squares built at compile time, sliders by the
//! hyperbola quintessence (files and diagonals) and a rank table. It never sees a position.

/// A set of squares of the 8x8 board.
pub type Set = u64;

pub const FILE_A: Set = 0x0101_0101_0101_0101;
pub const FILE_H: Set = FILE_A << 7;
pub const RANK_1: Set = 0xff;
pub const RANK_3: Set = RANK_1 << 16;
pub const RANK_6: Set = RANK_1 << 40;
pub const RANK_8: Set = RANK_1 << 56;

const KNIGHT_STEPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_STEPS: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

/// The square `steps` away from `sq` by (file, rank), as a set (empty off the board).
const fn step(sq: usize, df: i8, dr: i8) -> Set {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    if f < 0 || f > 7 || r < 0 || r > 7 {
        0
    } else {
        1 << (r * 8 + f)
    }
}

const fn leaper_table(steps: &[(i8, i8)]) -> [Set; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < steps.len() {
            table[sq] |= step(sq, steps[i].0, steps[i].1);
            i += 1;
        }
        sq += 1;
    }
    table
}

pub static KNIGHT: [Set; 64] = leaper_table(&KNIGHT_STEPS);
pub static KING: [Set; 64] = leaper_table(&KING_STEPS);
/// Per colour (white 0), the squares a pawn on the square attacks.
pub static PAWN: [[Set; 64]; 2] = [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];

/// The squares from `sq` in direction (df, dr) up to the edge, `sq` excluded.
const fn ray(sq: usize, df: i8, dr: i8) -> Set {
    let mut out = 0;
    let mut f = (sq % 8) as i8 + df;
    let mut r = (sq / 8) as i8 + dr;
    while f >= 0 && f <= 7 && r >= 0 && r <= 7 {
        out |= 1 << (r * 8 + f);
        f += df;
        r += dr;
    }
    out
}

/// Per square, a line through it without the square itself: (file, rank) step of the line.
const fn line_masks(df: i8, dr: i8) -> [Set; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = ray(sq, df, dr) | ray(sq, -df, -dr);
        sq += 1;
    }
    table
}

static FILE_MASK: [Set; 64] = line_masks(0, 1);
static DIAGONAL_MASK: [Set; 64] = line_masks(1, 1);
static ANTI_DIAGONAL_MASK: [Set; 64] = line_masks(-1, 1);

/// Per file of a slider and the occupancy of the rank's six inner squares, the rank squares
/// the slider reaches (as the low byte).
static RANK_REACH: [[u8; 64]; 8] = {
    let mut table = [[0u8; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occupied = (inner << 1) as u8;
            let mut reach = 0u8;
            let mut f = file as i8 + 1;
            while f < 8 {
                reach |= 1 << f;
                if occupied & (1 << f) != 0 {
                    break;
                }
                f += 1;
            }
            f = file as i8 - 1;
            while f >= 0 {
                reach |= 1 << f;
                if occupied & (1 << f) != 0 {
                    break;
                }
                f -= 1;
            }
            table[file][inner] = reach;
            inner += 1;
        }
        file += 1;
    }
    table
};

/// The squares a slider on `sq` reaches along a line with at most one square per rank
/// (`mask`, the square excluded), stopping at and including the first occupied square each
/// way: the byte swap reverses the order of the ranks, so one subtraction finds the blocker
/// on each side.
#[inline]
fn line_reach(sq: usize, occupied: Set, mask: Set) -> Set {
    let here: Set = 1 << sq;
    let on_line = occupied & mask;
    let upward = on_line.wrapping_sub(here.wrapping_mul(2));
    let downward = on_line
        .swap_bytes()
        .wrapping_sub(here.swap_bytes().wrapping_mul(2))
        .swap_bytes();
    (upward ^ downward) & mask
}

#[inline]
fn rank_reach(sq: usize, occupied: Set) -> Set {
    let shift = sq & 56;
    let inner = ((occupied >> (shift + 1)) & 63) as usize;
    (RANK_REACH[sq & 7][inner] as Set) << shift
}

#[inline]
pub fn rook(sq: usize, occupied: Set) -> Set {
    line_reach(sq, occupied, FILE_MASK[sq]) | rank_reach(sq, occupied)
}

#[inline]
pub fn bishop(sq: usize, occupied: Set) -> Set {
    line_reach(sq, occupied, DIAGONAL_MASK[sq]) | line_reach(sq, occupied, ANTI_DIAGONAL_MASK[sq])
}

const fn pair_table(through: bool) -> [[Set; 64]; 64] {
    let mut table = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut i = 0;
        while i < KING_STEPS.len() {
            let (df, dr) = KING_STEPS[i];
            let mut between: Set = 0;
            let mut f = (a % 8) as i8 + df;
            let mut r = (a / 8) as i8 + dr;
            while f >= 0 && f <= 7 && r >= 0 && r <= 7 {
                let b = (r * 8 + f) as usize;
                table[a][b] = if through {
                    ray(a, df, dr) | ray(a, -df, -dr) | (1 << a)
                } else {
                    between
                };
                between |= 1 << b;
                f += df;
                r += dr;
            }
            i += 1;
        }
        a += 1;
    }
    table
}

/// The squares strictly between two squares on one line (empty when not on one line).
pub static BETWEEN: [[Set; 64]; 64] = pair_table(false);
/// The whole line through two squares, both included (empty when not on one line).
pub static LINE: [[Set; 64]; 64] = pair_table(true);

#[cfg(test)]
mod tests {
    use super::*;

    /// Slider reach by walking the rays one square at a time.
    fn walked(sq: usize, occupied: Set, steps: &[(i8, i8)]) -> Set {
        let mut out = 0;
        for &(df, dr) in steps {
            let (mut f, mut r) = ((sq % 8) as i8 + df, (sq / 8) as i8 + dr);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                let bit = 1 << (r * 8 + f);
                out |= bit;
                if occupied & bit != 0 {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        out
    }

    #[test]
    fn sliders_match_walking_the_rays() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occupied = seed & seed.rotate_left(23);
            for sq in 0..64 {
                assert_eq!(
                    rook(sq, occupied),
                    walked(
                        sq,
                        occupied,
                        &KING_STEPS[0..8].iter().step_by(2).copied().collect::<Vec<_>>()
                    )
                );
                assert_eq!(
                    bishop(sq, occupied),
                    walked(
                        sq,
                        occupied,
                        &KING_STEPS[1..8].iter().step_by(2).copied().collect::<Vec<_>>()
                    )
                );
            }
        }
    }

    #[test]
    fn tables_on_known_squares() {
        // b1 = 1 attacks a3, c3, d2; e4 = 28 between e1 = 4: e2, e3.
        assert_eq!(KNIGHT[1], (1 << 16) | (1 << 18) | (1 << 11));
        assert_eq!(KING[0].count_ones(), 3);
        assert_eq!(BETWEEN[28][4], (1 << 12) | (1 << 20));
        assert_eq!(BETWEEN[0][10], 0);
        assert_eq!(LINE[0][9], 0x8040_2010_0804_0201);
        assert_eq!(PAWN[0][8], 1 << 17);
        assert_eq!(PAWN[1][63], 1 << 54);
    }
}
