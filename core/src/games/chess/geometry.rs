//! Board geometry: squares as one byte (`rank * width + file`, boards up to 16x16), with the
//! rays, leaps and pawn captures of every square computed once per board shape. Files may wrap
//! around (a cylinder board). It holds no pieces and never assumes an 8x8 board.

use std::sync::OnceLock;

use super::piece::{Color, DIRECTIONS};

/// The knight's eight jumps.
const KNIGHT_JUMPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// Squares reachable from each square, kept flat with a fixed stride: `get(i)` is the list
/// for entry `i`.
#[derive(Debug)]
pub struct Table {
    stride: usize,
    len: Vec<u8>,
    squares: Vec<u8>,
}

impl Table {
    fn new(stride: usize) -> Table {
        Table {
            stride,
            len: Vec::new(),
            squares: Vec::new(),
        }
    }
    fn push(&mut self, list: &[u8]) {
        let n = list.len().min(self.stride);
        self.len.push(n as u8);
        self.squares.extend_from_slice(&list[..n]);
        self.squares.resize(self.len.len() * self.stride, 0);
    }
    #[inline]
    pub fn get(&self, i: usize) -> &[u8] {
        let s = i * self.stride;
        &self.squares[s..s + self.len[i] as usize]
    }
}

/// A board shape and its move tables.
#[derive(Debug)]
pub struct Geometry {
    pub width: u8,
    pub height: u8,
    /// File and rank of every square, as tables (no division in the hot paths).
    files: [u8; 256],
    ranks: [u8; 256],
    /// Files wrap around: the a-file and the last file are neighbours.
    pub wrap_files: bool,
    /// `rays.get(sq * 8 + d)`: the squares along direction `d` from `sq`, nearest first.
    pub rays: Table,
    pub knight: Table,
    pub king: Table,
    /// `pawn_attacks.get(color * squares + sq)`: the squares a pawn of `color` on `sq` attacks.
    pub pawn_attacks: Table,
    /// The same squares as bit sets, for quick tests: per square the knight and king leaps,
    /// the four orthogonal rays together and the four diagonal rays together; pawn captures
    /// per colour (`color * squares + sq`).
    pub knight_bits: Vec<Bits>,
    pub king_bits: Vec<Bits>,
    pub ortho_bits: Vec<Bits>,
    pub diag_bits: Vec<Bits>,
    pub pawn_bits: Vec<Bits>,
}

/// A set of squares, a bit per square (boards up to 256 squares).
pub type Bits = [u64; 4];

/// The set holding the given squares.
pub fn bits_of(squares: &[u8]) -> Bits {
    let mut b = [0u64; 4];
    for &sq in squares {
        b[sq as usize / 64] |= 1 << (sq % 64);
    }
    b
}

/// Whether `a`, `b` and `c` share a square.
#[inline]
pub fn meet(a: &Bits, b: &Bits, c: &Bits) -> bool {
    (a[0] & b[0] & c[0]) | (a[1] & b[1] & c[1]) | (a[2] & b[2] & c[2]) | (a[3] & b[3] & c[3]) != 0
}

impl Geometry {
    /// Builds the tables for a `width` x `height` board (each 1 to 16).
    pub fn new(width: u8, height: u8, wrap_files: bool) -> Geometry {
        let mut files = [0u8; 256];
        let mut ranks = [0u8; 256];
        for sq in 0..(width as usize * height as usize).min(256) {
            files[sq] = (sq % width as usize) as u8;
            ranks[sq] = (sq / width as usize) as u8;
        }
        let mut g = Geometry {
            width,
            height,
            files,
            ranks,
            wrap_files,
            rays: Table::new(width.max(height) as usize),
            knight: Table::new(8),
            king: Table::new(8),
            pawn_attacks: Table::new(2),
            knight_bits: Vec::new(),
            king_bits: Vec::new(),
            ortho_bits: Vec::new(),
            diag_bits: Vec::new(),
            pawn_bits: Vec::new(),
        };
        let n = g.squares();
        for sq in 0..n {
            for &(df, dr) in DIRECTIONS.iter() {
                let mut ray = Vec::new();
                let mut cur = sq as u8;
                while let Some(next) = g.offset(cur, df, dr) {
                    if next as usize == sq || ray.contains(&next) {
                        break;
                    }
                    ray.push(next);
                    cur = next;
                }
                g.rays.push(&ray);
            }
        }
        for sq in 0..n {
            let list: Vec<u8> = KNIGHT_JUMPS
                .iter()
                .filter_map(|&(f, r)| g.offset(sq as u8, f, r))
                .collect();
            g.knight.push(&list);
            let list: Vec<u8> = DIRECTIONS
                .iter()
                .filter_map(|&(f, r)| g.offset(sq as u8, f, r))
                .collect();
            g.king.push(&list);
        }
        for dr in [1i8, -1] {
            for sq in 0..n {
                let list: Vec<u8> = [-1i8, 1].iter().filter_map(|&f| g.offset(sq as u8, f, dr)).collect();
                g.pawn_attacks.push(&list);
            }
        }
        for sq in 0..n {
            g.knight_bits.push(bits_of(g.knight.get(sq)));
            g.king_bits.push(bits_of(g.king.get(sq)));
            let ortho: Vec<u8> = (0..4).flat_map(|d| g.ray(sq as u8, d).to_vec()).collect();
            let diag: Vec<u8> = (4..8).flat_map(|d| g.ray(sq as u8, d).to_vec()).collect();
            g.ortho_bits.push(bits_of(&ortho));
            g.diag_bits.push(bits_of(&diag));
        }
        for i in 0..2 * n {
            g.pawn_bits.push(bits_of(g.pawn_attacks.get(i)));
        }
        g
    }

    /// The standard 8x8 board, built once.
    pub fn standard() -> &'static Geometry {
        static G: OnceLock<Geometry> = OnceLock::new();
        G.get_or_init(|| Geometry::new(8, 8, false))
    }

    pub fn squares(&self) -> usize {
        self.width as usize * self.height as usize
    }
    #[inline]
    pub fn file(&self, sq: u8) -> u8 {
        self.files[sq as usize]
    }
    #[inline]
    pub fn rank(&self, sq: u8) -> u8 {
        self.ranks[sq as usize]
    }
    pub fn square(&self, file: u8, rank: u8) -> Option<u8> {
        (file < self.width && rank < self.height).then(|| rank * self.width + file)
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    pub fn offset(&self, sq: u8, df: i8, dr: i8) -> Option<u8> {
        let w = self.width as i16;
        let mut f = self.file(sq) as i16 + df as i16;
        let r = self.rank(sq) as i16 + dr as i16;
        if self.wrap_files {
            f = f.rem_euclid(w);
        }
        if f < 0 || f >= w || r < 0 || r >= self.height as i16 {
            return None;
        }
        Some((r * w + f) as u8)
    }

    /// The ray from `sq` along direction `d` (see [`DIRECTIONS`]).
    #[inline]
    pub fn ray(&self, sq: u8, d: usize) -> &[u8] {
        self.rays.get(sq as usize * 8 + d)
    }
    #[inline]
    pub fn pawn_attacks(&self, color: Color, sq: u8) -> &[u8] {
        self.pawn_attacks.get(color.index() * self.squares() + sq as usize)
    }
    /// One step forward for `color` (north for white).
    #[inline]
    pub fn forward(&self, color: Color, sq: u8) -> Option<u8> {
        let d = if color == Color::White { 0 } else { 1 };
        self.ray(sq, d).first().copied()
    }
    /// The rank number counted from `color`'s own side (0 = its back rank).
    pub fn relative_rank(&self, color: Color, sq: u8) -> u8 {
        match color {
            Color::White => self.rank(sq),
            Color::Black => self.height - 1 - self.rank(sq),
        }
    }

    /// Square name such as `e4` (files a..p, ranks from 1).
    pub fn name(&self, sq: u8) -> String {
        format!("{}{}", (b'a' + self.file(sq)) as char, self.rank(sq) + 1)
    }
    pub fn file_char(&self, file: u8) -> char {
        (b'a' + file) as char
    }
    /// Reads a square name; `None` when it is not one on this board.
    pub fn parse_square(&self, text: &str) -> Option<u8> {
        let mut chars = text.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let rest: String = chars.collect();
        if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_digit()) || rest.starts_with('0') {
            return None;
        }
        let r: u8 = rest.parse().ok()?;
        self.square(f as u8 - b'a', r.checked_sub(1)?)
    }
    /// Whether two squares are the same colour on a checkered board.
    pub fn light(&self, sq: u8) -> bool {
        (self.file(sq) + self.rank(sq)) % 2 == 1
    }
}
