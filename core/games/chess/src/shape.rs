//! Board shapes as plain data: the grid (square cells or hexagons), its size, which edges
//! wrap, which grid cells are holes, and the pawns' home cells. `Geometry::build` turns a
//! shape into move tables; this module holds no pieces and computes no moves.

/// How cells touch. Both are kept on a rectangular grid of `rank * width + file` squares.
///
/// A hexagonal board uses axial coordinates: a file is a vertical column of hexagons, and
/// stepping one file to the right (east) leads to the hexagon at the same grid rank
/// (lower right) or one grid rank up (upper right). A hexagonal board is then a
/// rectangle with its two far corners cut off as holes.
///
/// A brick board (Masonic chess) is a rectangle of bricks whose even-numbered ranks (2, 4,
/// ...) sit half a brick to the right. Its steps are written in half-bricks across and ranks
/// up: a brick's centre lies `2 * file + (rank is even-numbered)` half-bricks from the left
/// edge, so the same step table holds on every rank (see `Geometry::offset`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grid {
    Square,
    Hex,
    Brick,
}

impl Grid {
    /// The orthogonal (rook) steps as (files, ranks); the first two are north and south,
    /// which pawns push along.
    pub fn orthogonal(self) -> &'static [(i8, i8)] {
        match self {
            Grid::Square => &[(0, 1), (0, -1), (1, 0), (-1, 0)],
            // Hexagons sharing an edge: up, down, upper right, lower left, lower right,
            // upper left.
            Grid::Hex => &[(0, 1), (0, -1), (1, 1), (-1, -1), (1, 0), (-1, 0)],
            // Bricks sharing an edge: the two above (upper right, upper left) and the two
            // below, each with its opposite next, then the two beside on the rank.
            Grid::Brick => &[(1, 1), (-1, -1), (-1, 1), (1, -1), (2, 0), (-2, 0)],
        }
    }
    /// The orthogonal directions (indices into [`Grid::orthogonal`]) a white pawn steps
    /// forward along; black's are their opposites (index `d ^ 1`). A brick has no cell
    /// straight ahead: both bricks above it are forward.
    pub fn pawn_pushes(self) -> &'static [usize] {
        match self {
            Grid::Square | Grid::Hex => &[0],
            Grid::Brick => &[0, 2],
        }
    }
    /// The diagonal (bishop) steps.
    pub fn diagonal(self) -> &'static [(i8, i8)] {
        match self {
            Grid::Square => &[(1, 1), (-1, 1), (1, -1), (-1, -1)],
            // Through a hexagon's corner: the sum of two neighbouring orthogonal steps.
            Grid::Hex => &[(1, 2), (-1, -2), (2, 1), (-2, -1), (1, -1), (-1, 1)],
            // The brick beside each of the two bricks above (or below), away from the other:
            // four directions to the sides, none straight up or down.
            Grid::Brick => &[(3, 1), (-3, -1), (-3, 1), (3, -1)],
        }
    }
    /// The knight's jumps.
    pub fn knight(self) -> &'static [(i8, i8)] {
        match self {
            Grid::Square => &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)],
            // Two orthogonal steps then one turned 60 degrees: the twelve cells three steps
            // away that lie on no orthogonal line.
            Grid::Hex => &[
                (1, 3),
                (2, 3),
                (3, 2),
                (3, 1),
                (2, -1),
                (1, -2),
                (-1, -3),
                (-2, -3),
                (-3, -2),
                (-3, -1),
                (-2, 1),
                (-1, 2),
            ],
            // One orthogonal step, then one diagonal step onward the same way: up (or down)
            // then either upward (downward) diagonal, sideways then either diagonal on that
            // side.
            Grid::Brick => &[
                (2, 2),
                (-2, 2),
                (4, 2),
                (-4, 2),
                (5, 1),
                (5, -1),
                (-5, 1),
                (-5, -1),
                (2, -2),
                (-2, -2),
                (4, -2),
                (-4, -2),
            ],
        }
    }
    /// White's pawn captures; black's are the same steps reversed.
    pub fn pawn_captures(self) -> &'static [(i8, i8)] {
        match self {
            Grid::Square => &[(-1, 1), (1, 1)],
            // Glinski: forward through the two upper side edges.
            Grid::Hex => &[(-1, 0), (1, 1)],
            // Masonic: one step along either forward diagonal.
            Grid::Brick => &[(-3, 1), (3, 1)],
        }
    }
    /// The file letters: `a` to `p`, or without `j` on a hexagonal board (Glinski's names).
    pub fn letters(self) -> &'static [u8] {
        match self {
            Grid::Square | Grid::Brick => b"abcdefghijklmnop",
            Grid::Hex => b"abcdefghiklmnopq",
        }
    }
}

/// A board shape. Sizes are clamped to 1..=16 and holes outside the grid are ignored when
/// the geometry is built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    pub width: u8,
    pub height: u8,
    pub grid: Grid,
    /// The a-file and the last file are neighbours (a vertical cylinder).
    pub wrap_files: bool,
    /// The first and the last rank are neighbours (a horizontal cylinder).
    pub wrap_ranks: bool,
    /// Grid squares (`rank * width + file`) that are not cells of the board: nothing stands
    /// there, rays stop before them and leaps never land on them.
    pub holes: Vec<u8>,
    /// White's pawn home cells, from which a pawn may step two; black's are the same cells
    /// turned half round the board.
    pub pawn_home: Vec<u8>,
}

impl Shape {
    /// A `width` x `height` board of squares, pawns at home on the second rank.
    pub fn rect(width: u8, height: u8) -> Shape {
        let width = width.clamp(1, 16);
        let height = height.clamp(1, 16);
        Shape {
            width,
            height,
            grid: Grid::Square,
            wrap_files: false,
            wrap_ranks: false,
            holes: Vec::new(),
            pawn_home: if height > 2 {
                (width..2 * width).collect()
            } else {
                Vec::new()
            },
        }
    }

    /// A `width` x `height` brick board (even-numbered ranks shifted half a brick right),
    /// pawns at home on the second rank.
    pub fn brick(width: u8, height: u8) -> Shape {
        Shape {
            grid: Grid::Brick,
            ..Shape::rect(width, height)
        }
    }

    /// Glinski's hexagonal board: 91 hexagons in 11 files `a`..`l` (no `j`) of 6, 7, 8, 9,
    /// 10, 11, 10, 9, 8, 7, 6 cells, kept on an 11x11 grid whose cells with
    /// |file - rank| > 5 are holes. Pawns start on b1 c2 d3 e4 f5 g4 h3 i2 k1 (white) and
    /// b7 c7 d7 e7 f7 g7 h7 i7 k7 (black) and may step two from there.
    pub fn glinski() -> Shape {
        let side = 6i16;
        let n = 2 * side - 1;
        let holes = (0..n * n)
            .filter(|sq| ((sq % n) - (sq / n)).abs() >= side)
            .map(|sq| sq as u8)
            .collect();
        // White's pawns: up the files b..f one grid rank at a time, then level to k.
        let pawn_home = (1..n - 1)
            .map(|file| {
                let rank = (file - 1).min(side - 2);
                (rank * n + file) as u8
            })
            .collect();
        Shape {
            width: n as u8,
            height: n as u8,
            grid: Grid::Hex,
            wrap_files: false,
            wrap_ranks: false,
            holes,
            pawn_home,
        }
    }
}
