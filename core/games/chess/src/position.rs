//! A chess position of any variant (board, side to move, castling rooks, en passant,
//! clocks, crazyhouse pockets, three-check counters) and making a move on it, explosions and
//! pockets included. It never checks legality: move generation decides what may be played.

use super::geometry::{meet, Bits, Geometry};
use super::piece::{plain, Color, Piece, Role, BLACK_BIT, PROMOTED_BIT, ROLE_BITS};
use super::variant::Variant;

/// How a move is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum MoveKind {
    Normal,
    /// A pawn's two-square step that opens an en passant capture.
    DoublePush,
    EnPassant,
    /// `from` is the king's square and `to` the castling rook's square.
    Castle,
    /// A piece from the pocket: `from` equals `to`.
    Drop,
    /// A capture by jumps over adjacent enemies, one or more (Congo's monkey): `to` is the
    /// last landing square, the number which of the monkey's chains in this position it is,
    /// in the order `fairy::congo::moves::chains` lists them (kept to a byte so that a move
    /// stays small for every variant's move generation).
    Jumps(u8),
    /// Plender: a move by the pattern of the piece the mover borrowed from (its vest), not its
    /// own; playing it spends the vest.
    Borrowed,
    /// Dynamo chess: a push, a pull or a piece leaving the board, its shape in a byte (see
    /// `fairy::dynamo::Dynamo`); `to` is the mover's landing, its `from` when it stays or
    /// leaves the board.
    Dynamo(u8),
    /// Portal chess: `to` is the porthole the piece enters (taking what stands there), the
    /// number the porthole square it leaves by and stays on.
    Portal(u8),
    /// Hostage chess: the mover's man released from the opponent's prison and dropped on `to`
    /// (`from` equals `to`), in exchange for the given role from the mover's prison.
    Exchange(Role),
    /// Stratomic: the nuclea on `from` launched onto `to`, blowing away every piece but the
    /// kings there and around.
    Launch,
}

/// A move in a position. Castling is encoded king-takes-rook.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Move {
    pub role: Role,
    pub from: u8,
    pub to: u8,
    pub promotion: Option<Role>,
    pub kind: MoveKind,
}

/// Per square code role (low four bits), the kinds of ray it slides along: bit 0 the
/// orthogonal rays, bit 1 the diagonal ones.
const SLIDE_BITS: [u8; 16] = [0, 0, 0, 2, 1, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/// Whether the piece with square code `code` slides along a diagonal (`true`) or an
/// orthogonal (`false`) ray.
#[inline]
pub fn slides_along(code: u8, diagonal: bool) -> bool {
    SLIDE_BITS[(code & ROLE_BITS) as usize] & (1 << diagonal as u8) != 0
}

/// Which castling side: 0 towards the a-file (queenside), 1 towards the last file (kingside).
pub const QUEENSIDE: usize = 0;
pub const KINGSIDE: usize = 1;

#[derive(Debug, Clone)]
pub struct Position {
    pub variant: Variant,
    pub geo: &'static Geometry,
    /// Square codes (see [`Piece::code`]); 0 is empty. Only the first `geo.squares()` are used.
    /// Written only through [`Position::put`], which keeps `occupied` in step.
    pub board: [u8; 256],
    /// Per colour, a bit per square holding one of its pieces.
    pub occupied: [Bits; 2],
    /// Per standard role (indexed by [`Role::index`]), a bit per square holding such a
    /// piece; Congo's roles are not kept here.
    pub by_role: [Bits; 6],
    pub turn: Color,
    /// The castling rook squares still usable, per colour, `[QUEENSIDE, KINGSIDE]`.
    pub castles: [[Option<u8>; 2]; 2],
    /// The en passant target square, set after every double step.
    pub ep: Option<u8>,
    pub halfmove: u32,
    pub fullmove: u32,
    /// Crazyhouse pockets: counts per colour per role (indexed by [`Role::index`]).
    pub pockets: [[u8; 6]; 2],
    /// Hostage chess: per colour, the men of the other colour held in its prison, counted
    /// per role (the airfields are `pockets`); all zero in the other variants.
    pub prisons: [[u8; 6]; 2],
    /// Checks given so far by each colour (three-check).
    pub checks: [u8; 2],
    /// Each colour's king square (the first found), `None` without a king.
    pub kings: [Option<u8>; 2],
    /// Double chess: per colour, the rook squares (a, h, i, p files) still able to castle,
    /// each with the king of its own half; always empty in the other variants.
    pub army_castles: [[Option<u8>; 4]; 2],
    /// Plender: per square of the 8x8 board, the role code of the move its piece has borrowed
    /// and not yet used (0 for none); always empty in the other variants.
    pub vests: [u8; 64],
    /// Portal chess: per square of the 8x8 board, how many porthole tokens lie there (the top
    /// one is in use, any under it dormant); `None` in the other variants.
    pub portholes: Option<Box<[u8; 64]>>,
    /// Stratomic: a piece other than a pawn has been taken, so nuclea may be launched; always
    /// false in the other variants.
    pub nuclear_armed: bool,
}

impl Position {
    /// An empty board of a variant, white to move.
    pub fn empty(variant: Variant) -> Position {
        Position::empty_on(variant, variant.geometry())
    }

    /// An empty board of another shape than the variant's own, white to move.
    pub fn empty_on(variant: Variant, geo: &'static Geometry) -> Position {
        Position {
            variant,
            geo,
            board: [0; 256],
            occupied: [[0; 4]; 2],
            by_role: [[0; 4]; 6],
            turn: Color::White,
            castles: [[None; 2]; 2],
            ep: None,
            halfmove: 0,
            fullmove: 1,
            pockets: [[0; 6]; 2],
            prisons: [[0; 6]; 2],
            checks: [0; 2],
            kings: [None; 2],
            army_castles: [[None; 4]; 2],
            vests: [0; 64],
            portholes: None,
            nuclear_armed: false,
        }
    }

    /// Sets a square's code (0 to empty it), keeping the occupancy bits in step.
    #[inline]
    pub fn put(&mut self, sq: u8, code: u8) {
        let (word, bit) = (sq as usize / 64, 1u64 << (sq % 64));
        let old = self.board[sq as usize];
        if let Some(role) = Role::from_code(old) {
            self.occupied[usize::from(old & BLACK_BIT != 0)][word] &= !bit;
            if let Some(set) = self.by_role.get_mut(role.index()) {
                set[word] &= !bit;
            }
        }
        if let Some(role) = Role::from_code(code) {
            self.occupied[usize::from(code & BLACK_BIT != 0)][word] |= bit;
            if let Some(set) = self.by_role.get_mut(role.index()) {
                set[word] |= bit;
            }
        }
        self.board[sq as usize] = code;
    }

    /// Squares of `by`'s pieces of either role.
    #[inline]
    fn either(&self, by: Color, a: Role, b: Role) -> Bits {
        let (x, y) = (&self.by_role[a.index()], &self.by_role[b.index()]);
        let o = &self.occupied[by.index()];
        [
            (x[0] | y[0]) & o[0],
            (x[1] | y[1]) & o[1],
            (x[2] | y[2]) & o[2],
            (x[3] | y[3]) & o[3],
        ]
    }

    /// The ray directions (orthogonal ones first, see [`Geometry::ray`]) along which a slider of `by`
    /// could reach `sq`: orthogonal ones only if `by` has a rook or queen on those lines,
    /// diagonal ones only if it has a bishop or queen on those.
    #[inline]
    pub fn slider_dirs(&self, sq: u8, by: Color) -> std::ops::Range<usize> {
        let geo = self.geo;
        let all = [u64::MAX; 4];
        let ortho = meet(
            &self.either(by, Role::Rook, Role::Queen),
            &geo.ortho_bits[sq as usize],
            &all,
        );
        let diag = meet(
            &self.either(by, Role::Bishop, Role::Queen),
            &geo.diag_bits[sq as usize],
            &all,
        );
        match (ortho, diag) {
            (false, false) => 0..0,
            (true, false) => 0..geo.ortho,
            (false, true) => geo.ortho..geo.dirs,
            (true, true) => 0..geo.dirs,
        }
    }

    /// The squares holding `color`'s pieces, in increasing order.
    #[inline]
    pub fn squares_of(&self, color: Color) -> impl Iterator<Item = u8> {
        let words = self.occupied[color.index()];
        (0..4).flat_map(move |w| {
            let mut bits = words[w];
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                Some((w as u32 * 64 + b) as u8)
            })
        })
    }

    #[inline]
    pub fn piece_at(&self, sq: u8) -> Option<Piece> {
        Piece::from_code(self.board[sq as usize])
    }
    #[inline]
    pub fn is_color(&self, sq: u8, color: Color) -> bool {
        let c = self.board[sq as usize];
        c != 0 && ((c & BLACK_BIT != 0) == (color == Color::Black))
    }
    #[inline]
    fn has(&self, sq: u8, color: Color, role: Role) -> bool {
        plain(self.board[sq as usize]) == Piece::new(color, role).code()
    }

    /// Finds every colour's first king again (after captures that may remove one).
    pub fn find_kings(&mut self) {
        self.kings = [None; 2];
        for color in [Color::White, Color::Black] {
            self.kings[color.index()] = (0..self.geo.squares() as u8).find(|&sq| self.has(sq, color, Role::King));
        }
    }

    /// Whether `by` attacks `sq` (the pieces' capture patterns, kings included).
    pub fn attacked(&self, sq: u8, by: Color) -> bool {
        self.attacked_through(sq, by, None)
    }

    /// As [`Position::attacked`], with the square `through` treated as empty.
    pub fn attacked_through(&self, sq: u8, by: Color, through: Option<u8>) -> bool {
        let geo = self.geo;
        let dirs = self.slider_dirs(sq, by);
        for d in dirs {
            for &t in geo.ray(sq, d) {
                let code = self.board[t as usize];
                if code == 0 || Some(t) == through {
                    continue;
                }
                if self.is_color(t, by) && slides_along(code, d >= geo.ortho) {
                    return true;
                }
                break;
            }
        }
        self.leaper_attacked(sq, by)
    }

    /// Whether a knight, king or pawn of `by` attacks `sq`.
    pub fn leaper_attacked(&self, sq: u8, by: Color) -> bool {
        let geo = self.geo;
        let s = sq as usize;
        let theirs = &self.occupied[by.index()];
        let pawn_from = by.other().index() * geo.squares() + s;
        meet(&geo.knight_bits[s], &self.by_role[Role::Knight.index()], theirs)
            || meet(&geo.king_bits[s], &self.by_role[Role::King.index()], theirs)
            || meet(&geo.pawn_bits[pawn_from], &self.by_role[Role::Pawn.index()], theirs)
    }

    /// Whether `color`'s king is in check, by the variant's meaning of check.
    pub fn in_check(&self, color: Color) -> bool {
        let Some(k) = self.kings[color.index()] else {
            return false;
        };
        match self.variant.safety() {
            super::variant::Safety::None => false,
            super::variant::Safety::Tried => super::fairy::in_check(self, color, k),
            super::variant::Safety::Alice => super::fairy::alice::attacked_on_its_board(self, k, color.other()),
            super::variant::Safety::Atomic => match self.kings[color.other().index()] {
                Some(theirs) => !self.geo.king.get(k as usize).contains(&theirs) && self.attacked(k, color.other()),
                None => false,
            },
            _ => self.attacked(k, color.other()),
        }
    }

    /// The king's and the rook's destination squares when `color` castles on `side`.
    pub fn castle_targets(&self, color: Color, side: usize) -> (u8, u8) {
        let inset = self.variant.castling_inset();
        let rank = if color == Color::White {
            inset
        } else {
            self.geo.height - 1 - inset
        };
        let w = self.geo.width;
        let (kf, rf) = if side == KINGSIDE {
            (w - 2 - inset, w - 3 - inset)
        } else {
            (2 + inset, 3 + inset)
        };
        (rank * w + kf, rank * w + rf)
    }

    /// The castling side of a rook square for `color` (kingside when right of the king).
    pub fn castle_side(&self, color: Color, rook: u8) -> usize {
        let king_file = self.kings[color.index()].map(|k| self.geo.file(k)).unwrap_or(0);
        if self.geo.file(rook) > king_file {
            KINGSIDE
        } else {
            QUEENSIDE
        }
    }

    /// Whether a move takes something (castling never does).
    pub fn is_capture(&self, m: &Move) -> bool {
        match m.kind {
            MoveKind::EnPassant => true,
            MoveKind::Castle | MoveKind::Drop | MoveKind::Exchange(_) | MoveKind::Dynamo(_) | MoveKind::Launch => false,
            _ => self.board[m.to as usize] != 0,
        }
    }

    /// Makes a move, trusting it is legal.
    pub fn play(&mut self, m: &Move) {
        match self.variant {
            Variant::Congo => super::fairy::congo::play(self, m),
            Variant::Portal => super::fairy::portal::play(self, m),
            Variant::Chessence => super::fairy::chessence::play(self, m),
            Variant::Hostage => super::fairy::hostage::play(self, m),
            Variant::Stratomic => super::fairy::stratomic::play(self, m),
            _ => self.play_on_board(m),
        }
    }

    /// Makes a move on the board as the pieces' patterns make it (every variant but Congo's;
    /// Portal chess then moves a piece that entered a porthole on to its exit), trusting it is
    /// legal.
    pub(crate) fn play_on_board(&mut self, m: &Move) {
        let us = self.turn;
        let them = us.other();
        let geo = self.geo;
        let mut capture = false;
        let mut zeroing = m.role == Role::Pawn && m.kind != MoveKind::Drop;
        let from_code = self.board[m.from as usize];
        self.ep = None;
        match m.kind {
            MoveKind::Dynamo(_) => capture = super::fairy::dynamo::play(self, m),
            // `fairy::stratomic` plays launches itself.
            MoveKind::Launch => {}
            // `fairy::hostage` plays an exchange as a drop once the man is released to the pocket.
            MoveKind::Drop | MoveKind::Exchange(_) => {
                self.put(m.to, Piece::new(us, m.role).code());
                let slot = &mut self.pockets[us.index()][m.role.index()];
                *slot = slot.saturating_sub(1);
            }
            MoveKind::Castle => {
                let side = self.castle_side(us, m.to);
                let (kt, rt) = self.castle_targets(us, side);
                let rook = self.board[m.to as usize];
                self.put(m.from, 0);
                self.put(m.to, 0);
                self.put(kt, Piece::new(us, Role::King).code());
                self.put(rt, rook);
                self.kings[us.index()] = Some(kt);
                self.castles[us.index()] = [None; 2];
                if self.variant == Variant::Plender {
                    super::fairy::plender::after_castle(self, m.from, m.to, kt, rt);
                }
            }
            MoveKind::Normal
            | MoveKind::DoublePush
            | MoveKind::EnPassant
            | MoveKind::Jumps(_)
            | MoveKind::Borrowed
            | MoveKind::Portal(_) => {
                let moving = self.board[m.from as usize];
                let taken_sq = if m.kind == MoveKind::EnPassant {
                    super::fairy::passed_pawn(self, them, m.to).unwrap_or(m.to)
                } else {
                    m.to
                };
                let taken = self.board[taken_sq as usize];
                if taken != 0 {
                    capture = true;
                    self.put(taken_sq, 0);
                    if self.variant.drops() {
                        let role = if taken & PROMOTED_BIT != 0 {
                            Some(Role::Pawn)
                        } else {
                            Role::from_code(taken)
                        };
                        if let Some(role) = role {
                            self.pockets[us.index()][role.index()] += 1;
                        }
                    }
                }
                self.put(m.from, 0);
                let placed = match m.promotion {
                    Some(p) if self.variant.drops() => Piece::new(us, p).code() | PROMOTED_BIT,
                    Some(p) => Piece::new(us, p).code(),
                    None => moving,
                };
                self.put(m.to, placed);
                if m.kind == MoveKind::DoublePush {
                    self.ep = geo.forward(us, m.from);
                }
                if self.variant.transforms() {
                    super::fairy::after_move(self, m, taken, taken_sq);
                }
                if m.role == Role::King {
                    self.kings[us.index()] = Some(m.to);
                    self.castles[us.index()] = [None; 2];
                }
                if capture && self.variant.explodes() {
                    self.explode(m.to);
                }
                if capture && (Role::from_code(taken) == Some(Role::King) || self.variant.explodes()) {
                    self.find_kings();
                }
                if m.promotion == Some(Role::King) {
                    self.find_kings();
                }
            }
        }
        if self.variant == Variant::Alice {
            super::fairy::alice::pass_through(self, m, from_code);
        }
        zeroing |= capture;
        self.clean_castles(m);
        self.halfmove = if zeroing { 0 } else { self.halfmove + 1 };
        if let Some(limit) = self.variant.checks_to_win() {
            if self.in_check(them) && self.checks[us.index()] < limit {
                self.checks[us.index()] += 1;
            }
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.turn = them;
    }

    /// Atomic: the capturer and every non-pawn piece around `at` are removed.
    fn explode(&mut self, at: u8) {
        self.put(at, 0);
        let geo = self.geo;
        for &t in geo.king.get(at as usize) {
            if Role::from_code(self.board[t as usize]).is_some_and(|r| r != Role::Pawn) {
                self.put(t, 0);
            }
        }
    }

    /// Drops castling rights whose rook left, was taken or blew up.
    fn clean_castles(&mut self, m: &Move) {
        for color in [Color::White, Color::Black] {
            for side in 0..2 {
                if let Some(r) = self.castles[color.index()][side] {
                    let moved = m.kind != MoveKind::Drop && (r == m.from || r == m.to);
                    let king_home = self.kings[color.index()].is_some_and(|k| self.geo.rank(k) == self.geo.rank(r));
                    if moved || !king_home || !self.has(r, color, Role::Rook) {
                        self.castles[color.index()][side] = None;
                    }
                }
            }
        }
    }

    /// Pieces of a colour on the board, as (square, role).
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (u8, Role)> + '_ {
        self.squares_of(color)
            .filter_map(move |sq| Some((sq, Role::from_code(self.board[sq as usize])?)))
    }
}
