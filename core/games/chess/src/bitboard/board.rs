//! A standard-chess position as 64-bit sets, read once from the general [`Position`] (only
//! for standard chess and Chess960 on the plain 8x8 board) and played on by copy-make. It
//! never checks legality; `legal` decides what may be played.

use super::attacks::{Set, RANK_1, RANK_8};
use crate::geometry::Geometry;
use crate::piece::{Color, Role, ROLES};
use crate::position::{Move, MoveKind, Position, KINGSIDE, QUEENSIDE};
use crate::variant::Variant;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Per colour (white 0), its pieces.
    pub by_color: [Set; 2],
    /// Per role (indexed by [`Role::index`]: pawn, knight, bishop, rook, queen, king).
    pub by_role: [Set; 6],
    pub turn: Color,
    /// Per colour, the castling rook squares still usable, `[QUEENSIDE, KINGSIDE]`.
    pub castles: [[Option<u8>; 2]; 2],
    /// The en passant target square, set after every double step as the general engine does.
    pub ep: Option<u8>,
}

impl Board {
    /// The position as sets, or `None` when it is not one the fast path plays exactly as the
    /// general engine: another variant or board, a piece other than the six standard roles,
    /// not one king a side, a pawn on the first or last rank, a castling right whose rook or
    /// king is not on its back rank, or an en passant square with no pawn to take.
    pub fn from_position(pos: &Position) -> Option<Board> {
        if !matches!(pos.variant, Variant::Standard | Variant::Chess960)
            || !std::ptr::eq(pos.geo, Geometry::standard())
            || pos.occupied.iter().any(|words| words[1..] != [0, 0, 0])
        {
            return None;
        }
        let by_color = [pos.occupied[0][0], pos.occupied[1][0]];
        let by_role = ROLES.map(|role| pos.by_role[role.index()][0]);
        let all = by_color[0] | by_color[1];
        if by_role.iter().fold(0, |acc, set| acc | set) != all
            || by_role.iter().map(|set| set.count_ones()).sum::<u32>() != all.count_ones()
            || by_color[0] & by_color[1] != 0
        {
            return None;
        }
        let board = Board {
            by_color,
            by_role,
            turn: pos.turn,
            castles: pos.castles,
            ep: pos.ep,
        };
        for color in [Color::White, Color::Black] {
            let king = board.pieces(color, Role::King);
            if king.count_ones() != 1 || pos.kings[color.index()] != Some(king.trailing_zeros() as u8) {
                return None;
            }
            let back = if color == Color::White { RANK_1 } else { RANK_8 };
            for side in [QUEENSIDE, KINGSIDE] {
                let Some(rook) = board.castles[color.index()][side] else {
                    continue;
                };
                let king_file = king.trailing_zeros() % 8;
                let side_of_rook = if u32::from(rook % 8) > king_file {
                    KINGSIDE
                } else {
                    QUEENSIDE
                };
                if king & back == 0 || board.pieces(color, Role::Rook) & back & (1 << rook) == 0 || side_of_rook != side
                {
                    return None;
                }
            }
        }
        if board.by_role[Role::Pawn.index()] & (RANK_1 | RANK_8) != 0 {
            return None;
        }
        if let Some(ep) = board.ep {
            let (rank, behind) = match board.turn {
                Color::White => (5, ep.wrapping_sub(8)),
                Color::Black => (2, ep.wrapping_add(8)),
            };
            if ep / 8 != rank
                || all & (1 << ep) != 0
                || board.pieces(board.turn.other(), Role::Pawn) & (1 << behind) == 0
            {
                return None;
            }
        }
        Some(board)
    }

    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Set {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    #[inline]
    pub fn occupied(&self) -> Set {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn king(&self, color: Color) -> usize {
        self.pieces(color, Role::King).trailing_zeros() as usize
    }

    /// Makes a legal move (as the general engine's `Position::play` makes it).
    pub fn play(&mut self, m: &Move) {
        let us = self.turn;
        let them = us.other();
        let (from, to): (Set, Set) = (1 << m.from, 1 << m.to);
        self.ep = None;
        if m.kind == MoveKind::Castle {
            let back = if us == Color::White { 0 } else { 56 };
            let (king_to, rook_to) = if m.to % 8 > m.from % 8 {
                (back + 6, back + 5)
            } else {
                (back + 2, back + 3)
            };
            self.by_color[us.index()] ^= from | to;
            self.by_role[Role::King.index()] ^= from;
            self.by_role[Role::Rook.index()] ^= to;
            self.by_color[us.index()] |= (1 << king_to) | (1 << rook_to);
            self.by_role[Role::King.index()] |= 1 << king_to;
            self.by_role[Role::Rook.index()] |= 1 << rook_to;
            self.castles[us.index()] = [None; 2];
        } else {
            let taken = if m.kind == MoveKind::EnPassant {
                if us == Color::White {
                    to >> 8
                } else {
                    to << 8
                }
            } else {
                to
            };
            if self.by_color[them.index()] & taken != 0 {
                self.by_color[them.index()] ^= taken;
                for set in &mut self.by_role {
                    *set &= !taken;
                }
            }
            self.by_color[us.index()] ^= from | to;
            self.by_role[m.role.index()] ^= from;
            self.by_role[m.promotion.unwrap_or(m.role).index()] |= to;
            match m.role {
                Role::King => self.castles[us.index()] = [None; 2],
                Role::Pawn if m.kind == MoveKind::DoublePush => {
                    self.ep = Some(if us == Color::White { m.from + 8 } else { m.from - 8 })
                }
                _ => {}
            }
        }
        for rights in &mut self.castles {
            for right in rights.iter_mut() {
                if right.is_some_and(|rook| rook == m.from || rook == m.to) {
                    *right = None;
                }
            }
        }
        self.turn = them;
    }
}
