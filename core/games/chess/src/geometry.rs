//! Board geometry: a [`Shape`] turned into move tables. Squares are one byte (`rank * width +
//! file`, grids up to 16x16); per square the rays, leaps and pawn captures are computed once
//! per shape. A shape may be a grid of squares, of hexagons (6 orthogonal and 6 diagonal
//! directions, 12 knight jumps) or of bricks (a rank in two shifted by half a brick, see
//! [`Grid::Brick`]), its files and ranks may wrap around (cylinders, a torus),
//! and some grid squares may be holes: rays stop before a hole and leaps never land on one.
//! It holds no pieces and never assumes an 8x8 board.

use std::sync::OnceLock;

use super::piece::{Color, Role};
use super::shape::{Grid, Shape};

/// Squares reachable from each square, kept flat with a fixed stride: `get(i)` is the list
/// for entry `i`.
#[derive(Debug)]
pub struct Table {
    stride: usize,
    len: Vec<u8>,
    squares: Vec<u8>,
}

impl Table {
    /// The lists in order, the stride being the longest list.
    fn from_lists(lists: &[Vec<u8>]) -> Table {
        let stride = lists.iter().map(Vec::len).max().unwrap_or(0);
        let mut t = Table {
            stride,
            len: Vec::with_capacity(lists.len()),
            squares: Vec::with_capacity(lists.len() * stride),
        };
        for list in lists {
            t.len.push(list.len() as u8);
            t.squares.extend_from_slice(list);
            t.squares.resize(t.len.len() * stride, 0);
        }
        t
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
    pub grid: Grid,
    /// File and rank of every square, as tables (no division in the hot paths).
    files: [u8; 256],
    ranks: [u8; 256],
    /// Files wrap around: the a-file and the last file are neighbours.
    pub wrap_files: bool,
    /// Ranks wrap around: the first and the last rank are neighbours.
    pub wrap_ranks: bool,
    /// The grid squares that are cells of the board (all but the holes).
    pub cells: Bits,
    /// Per file, the grid rank named 1 (on a hexagonal board each file counts from its foot).
    foot: [u8; 16],
    /// How many ray directions there are, orthogonal ones first: `0..ortho` are orthogonal
    /// (4 on squares, 6 on hexagons) and `ortho..dirs` diagonal.
    pub ortho: usize,
    pub dirs: usize,
    /// `rays.get(sq * RAY_SLOTS + d)`: the cells along direction `d` from `sq`, nearest first.
    pub rays: Table,
    pub knight: Table,
    pub king: Table,
    /// `pawn_attacks.get(color * squares + sq)`: the cells a pawn of `color` on `sq` attacks.
    pub pawn_attacks: Table,
    /// The same cells as bit sets, for quick tests: per square the knight and king leaps,
    /// the orthogonal rays together and the diagonal rays together; pawn captures
    /// per colour (`color * squares + sq`).
    pub knight_bits: Vec<Bits>,
    pub king_bits: Vec<Bits>,
    pub ortho_bits: Vec<Bits>,
    pub diag_bits: Vec<Bits>,
    pub pawn_bits: Vec<Bits>,
    /// Per colour, the cells a pawn may step two from.
    pub pawn_home: [Bits; 2],
    /// Per colour, the cells a pawn promotes on: the last cell of each file, that is the
    /// cells with no cell straight ahead.
    pub promotion: [Bits; 2],
}

/// Ray table entries kept per square: room for the 12 directions of a hexagonal grid, a power
/// of two so that finding a ray is a shift.
const RAY_SLOTS: usize = 16;

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

/// Whether the set holds `sq`.
#[inline]
pub fn holds(b: &Bits, sq: u8) -> bool {
    b[sq as usize / 64] & (1 << (sq % 64)) != 0
}

/// Whether `a`, `b` and `c` share a square.
#[inline]
pub fn meet(a: &Bits, b: &Bits, c: &Bits) -> bool {
    (a[0] & b[0] & c[0]) | (a[1] & b[1] & c[1]) | (a[2] & b[2] & c[2]) | (a[3] & b[3] & c[3]) != 0
}

impl Geometry {
    /// Builds the tables for a `width` x `height` board of squares (each 1 to 16), with no
    /// holes.
    pub fn new(width: u8, height: u8, wrap_files: bool) -> Geometry {
        Geometry::build(&Shape {
            wrap_files,
            ..Shape::rect(width, height)
        })
    }

    /// Builds the move tables of a shape.
    pub fn build(shape: &Shape) -> Geometry {
        let width = shape.width.clamp(1, 16);
        let height = shape.height.clamp(1, 16);
        let n = width as usize * height as usize;
        let mut files = [0u8; 256];
        let mut ranks = [0u8; 256];
        for sq in 0..n {
            files[sq] = (sq % width as usize) as u8;
            ranks[sq] = (sq / width as usize) as u8;
        }
        let all: Vec<u8> = (0..n).map(|sq| sq as u8).collect();
        let mut cells = bits_of(&all);
        for &h in shape.holes.iter().filter(|&&h| (h as usize) < n) {
            cells[h as usize / 64] &= !(1 << (h % 64));
        }
        let mut foot = [0u8; 16];
        if shape.grid == Grid::Hex {
            for (f, slot) in foot.iter_mut().enumerate().take(width as usize) {
                *slot = (0..height).find(|&r| holds(&cells, r * width + f as u8)).unwrap_or(0);
            }
        }
        let grid = shape.grid;
        let dirs: Vec<(i8, i8)> = grid.orthogonal().iter().chain(grid.diagonal()).copied().collect();
        let mut g = Geometry {
            width,
            height,
            grid,
            files,
            ranks,
            wrap_files: shape.wrap_files,
            wrap_ranks: shape.wrap_ranks,
            cells,
            foot,
            ortho: grid.orthogonal().len(),
            dirs: dirs.len(),
            rays: Table::from_lists(&[]),
            knight: Table::from_lists(&[]),
            king: Table::from_lists(&[]),
            pawn_attacks: Table::from_lists(&[]),
            knight_bits: Vec::new(),
            king_bits: Vec::new(),
            ortho_bits: Vec::new(),
            diag_bits: Vec::new(),
            pawn_bits: Vec::new(),
            pawn_home: [[0; 4]; 2],
            promotion: [[0; 4]; 2],
        };
        let mut rays = Vec::new();
        for sq in 0..n as u8 {
            for &(df, dr) in &dirs {
                let mut ray = Vec::new();
                let mut cur = sq;
                while let Some(next) = g.offset(cur, df, dr).filter(|_| g.has(sq)) {
                    if next == sq || ray.contains(&next) {
                        break;
                    }
                    ray.push(next);
                    cur = next;
                }
                rays.push(ray);
            }
            rays.resize(rays.len() + RAY_SLOTS - dirs.len(), Vec::new());
        }
        g.rays = Table::from_lists(&rays);
        let leaps = |sq: u8, steps: &[(i8, i8)], sign: i8| -> Vec<u8> {
            if !g.has(sq) {
                return Vec::new();
            }
            steps
                .iter()
                .filter_map(|&(f, r)| g.offset(sq, f * sign, r * sign))
                .collect()
        };
        let knight: Vec<Vec<u8>> = (0..n as u8).map(|sq| leaps(sq, grid.knight(), 1)).collect();
        let king: Vec<Vec<u8>> = (0..n as u8).map(|sq| leaps(sq, &dirs, 1)).collect();
        let pawn: Vec<Vec<u8>> = [1i8, -1]
            .iter()
            .flat_map(|&sign| (0..n as u8).map(move |sq| (sq, sign)))
            .map(|(sq, sign)| leaps(sq, grid.pawn_captures(), sign))
            .collect();
        g.knight = Table::from_lists(&knight);
        g.king = Table::from_lists(&king);
        g.pawn_attacks = Table::from_lists(&pawn);
        for sq in 0..n as u8 {
            g.knight_bits.push(bits_of(g.knight.get(sq as usize)));
            g.king_bits.push(bits_of(g.king.get(sq as usize)));
            let ortho: Vec<u8> = (0..g.ortho).flat_map(|d| g.ray(sq, d).to_vec()).collect();
            let diag: Vec<u8> = (g.ortho..g.dirs).flat_map(|d| g.ray(sq, d).to_vec()).collect();
            g.ortho_bits.push(bits_of(&ortho));
            g.diag_bits.push(bits_of(&diag));
        }
        for i in 0..2 * n {
            g.pawn_bits.push(bits_of(g.pawn_attacks.get(i)));
        }
        let home: Vec<u8> = shape.pawn_home.iter().copied().filter(|&sq| g.has(sq)).collect();
        let turned: Vec<u8> = home.iter().map(|&sq| (n - 1 - sq as usize) as u8).collect();
        g.pawn_home = [bits_of(&home), bits_of(&turned)];
        for color in [Color::White, Color::Black] {
            let pushes = grid.pawn_pushes();
            let last: Vec<u8> = (0..n as u8)
                .filter(|&sq| g.has(sq) && pushes.iter().all(|&d| g.ray(sq, d ^ color.index()).is_empty()))
                .collect();
            g.promotion[color.index()] = bits_of(&last);
        }
        g
    }

    /// The standard 8x8 board, built once.
    pub fn standard() -> &'static Geometry {
        static G: OnceLock<Geometry> = OnceLock::new();
        G.get_or_init(|| Geometry::new(8, 8, false))
    }

    /// The grid's size: squares are numbered `0..squares()`, holes included.
    pub fn squares(&self) -> usize {
        self.width as usize * self.height as usize
    }
    /// Whether the grid square is a cell of the board (not a hole, not off the grid).
    #[inline]
    pub fn has(&self, sq: u8) -> bool {
        (sq as usize) < self.squares() && holds(&self.cells, sq)
    }
    #[inline]
    pub fn file(&self, sq: u8) -> u8 {
        self.files[sq as usize]
    }
    #[inline]
    pub fn rank(&self, sq: u8) -> u8 {
        self.ranks[sq as usize]
    }
    /// The cell at a grid file and rank; `None` off the grid or on a hole.
    pub fn square(&self, file: u8, rank: u8) -> Option<u8> {
        (file < self.width && rank < self.height)
            .then(|| rank * self.width + file)
            .filter(|&sq| self.has(sq))
    }

    /// The cell `df` files and `dr` ranks away, if on the board (wrapping where the edges
    /// wrap; never a hole).
    pub fn offset(&self, sq: u8, df: i8, dr: i8) -> Option<u8> {
        let (w, h) = (self.width as i16, self.height as i16);
        let mut f = self.file(sq) as i16 + df as i16;
        let mut r = self.rank(sq) as i16 + dr as i16;
        if self.grid == Grid::Brick {
            // Steps are in half-bricks: through the centre's distance from the left edge,
            // landing on a brick only when that distance matches the new rank's shift.
            let across = 2 * self.file(sq) as i16 + (self.rank(sq) & 1) as i16 + df as i16;
            let shifted = across - (r & 1);
            if shifted.rem_euclid(2) != 0 {
                return None;
            }
            f = shifted.div_euclid(2);
        }
        if self.wrap_files {
            f = f.rem_euclid(w);
        }
        if self.wrap_ranks {
            r = r.rem_euclid(h);
        }
        if f < 0 || f >= w || r < 0 || r >= h {
            return None;
        }
        Some((r * w + f) as u8).filter(|&t| self.has(t))
    }

    /// The ray from `sq` along direction `d` (orthogonal directions first, see
    /// [`Grid::orthogonal`] and [`Grid::diagonal`]).
    #[inline]
    pub fn ray(&self, sq: u8, d: usize) -> &[u8] {
        self.rays.get(sq as usize * RAY_SLOTS + d)
    }
    /// The directions a slider of `role` moves along (none for other roles).
    #[inline]
    pub fn slides(&self, role: Role) -> std::ops::Range<usize> {
        match role {
            Role::Rook => 0..self.ortho,
            Role::Bishop => self.ortho..self.dirs,
            Role::Queen => 0..self.dirs,
            _ => 0..0,
        }
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

    /// Cell name such as `e4`: the file letter, then the rank counted from 1 (on a
    /// hexagonal board, from the foot of the cell's file).
    pub fn name(&self, sq: u8) -> String {
        let mut out = String::with_capacity(3);
        self.push_name(&mut out, sq);
        out
    }
    /// Appends a cell's name (see [`Geometry::name`]) to `out`.
    pub fn push_name(&self, out: &mut String, sq: u8) {
        out.push(self.file_char(self.file(sq)));
        push_number(out, u32::from(self.number(sq)));
    }
    /// The rank number in a cell's name (from 1; 0 for a hole below its file's foot).
    pub fn number(&self, sq: u8) -> u8 {
        let file = self.file(sq);
        (self.rank(sq) + 1).saturating_sub(self.foot[file as usize])
    }
    pub fn file_char(&self, file: u8) -> char {
        self.grid.letters().get(file as usize).map_or('?', |&c| c as char)
    }
    /// The file named by a letter, if the board has it.
    pub fn file_of(&self, letter: char) -> Option<u8> {
        let f = self.grid.letters().iter().position(|&c| c as char == letter)? as u8;
        (f < self.width).then_some(f)
    }
    /// Reads a cell name; `None` when it is not one on this board.
    pub fn parse_square(&self, text: &str) -> Option<u8> {
        let f = text.chars().next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let rest = &text[1..];
        if rest.is_empty() || !rest.bytes().all(|c| c.is_ascii_digit()) || rest.starts_with('0') {
            return None;
        }
        let number: u8 = rest.parse().ok()?;
        let file = self.file_of(f)?;
        let foot = *self.foot.get(file as usize)?;
        self.square(file, (number - 1).checked_add(foot)?)
    }
    /// Whether two squares are the same colour on a checkered board.
    pub fn light(&self, sq: u8) -> bool {
        (self.file(sq) + self.rank(sq)) % 2 == 1
    }
}

/// Appends `n` in decimal to `out`, as `n.to_string()` writes it.
#[inline]
pub fn push_number(out: &mut String, n: u32) {
    if n >= 10 {
        push_number(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}
