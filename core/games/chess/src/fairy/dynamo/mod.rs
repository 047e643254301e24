//! Dynamo chess (Hans Kluever and Peter Kahl, 1968) on the one engine: no piece captures; a
//! piece pushes or pulls one other piece along its line, and a piece that leaves the board
//! is gone. The shape of a push or pull move (`Dynamo`), making one (`play`), dynamo check
//! (`removable`) and the moves (`moves`), their notation (`notation`). Rules as
//! `seeds/chess/dynamo.md` states them. Pure: nothing here keeps state.

pub mod moves;
pub mod notation;

pub use moves::moves;

use crate::geometry::holds;
use crate::piece::{Color, Piece, Role};
use crate::position::{Move, MoveKind, Position};

/// The eight one-square steps as (files, ranks): north, north-east, east, south-east, south,
/// south-west, west, north-west. Sliders, kings and pawns move along these.
pub const STEPS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// The eight knight leaps as (files, ranks).
pub const LEAPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// A push, a pull or a piece leaving the board, as kept in `MoveKind::Dynamo`'s byte. Both
/// pieces move along `dir` (an index into [`STEPS`], or [`LEAPS`] for a knight). The other
/// piece stands ahead of the mover along `dir` (a push) or behind it (a pull); it moves
/// `travel` steps, 0 meaning over the edge (three bits: at most 7 steps, as on the 8x8 board). `exits`: the mover itself leaves the board (then
/// the move's `to` is its `from`); with no pull that is a piece leaving alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dynamo {
    pub dir: u8,
    pub pull: bool,
    pub travel: u8,
    pub exits: bool,
}

impl Dynamo {
    /// A piece leaving the board by its own move, no other piece moved.
    pub const EXIT: Dynamo = Dynamo {
        dir: 0,
        pull: false,
        travel: 0,
        exits: true,
    };

    pub fn code(self) -> u8 {
        (self.dir & 7) | u8::from(self.pull) << 3 | (self.travel & 7) << 4 | u8::from(self.exits) << 7
    }

    pub fn from_code(code: u8) -> Dynamo {
        Dynamo {
            dir: code & 7,
            pull: code & 8 != 0,
            travel: (code >> 4) & 7,
            exits: code & 128 != 0,
        }
    }

    /// Whether another piece is pushed or pulled.
    pub fn moves_other(self) -> bool {
        !self.exits || self.pull
    }
}

/// What a dynamo move does, squares resolved: the mover's landing (`None`: it leaves the
/// board) and the other piece's square and landing (`None`: it leaves the board).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effect {
    pub mover_to: Option<u8>,
    pub other: Option<(u8, Option<u8>)>,
}

/// The square `by` (files, ranks) away from `sq`, if on the board.
pub fn shift(pos: &Position, sq: u8, by: (i8, i8)) -> Option<u8> {
    let geo = pos.geo;
    let file = geo.file(sq) as i16 + by.0 as i16;
    let rank = geo.rank(sq) as i16 + by.1 as i16;
    if file < 0 || rank < 0 {
        return None;
    }
    geo.square(u8::try_from(file).ok()?, u8::try_from(rank).ok()?)
}

/// Whether the piece of `role` moves as a leaper (one step or leap at a time).
fn leaps(role: Role) -> bool {
    matches!(role, Role::King | Role::Knight | Role::Pawn)
}

/// The step a move of `role` along `dir` takes.
pub fn vector(role: Role, dir: u8) -> (i8, i8) {
    if role == Role::Knight {
        LEAPS[usize::from(dir & 7)]
    } else {
        STEPS[usize::from(dir & 7)]
    }
}

/// The first occupied square from `sq` along `v` (not `sq` itself), if any.
fn first_piece(pos: &Position, sq: u8, v: (i8, i8), far: bool) -> Option<u8> {
    let mut at = sq;
    loop {
        at = shift(pos, at, v)?;
        if pos.board[at as usize] != 0 {
            return Some(at);
        }
        if !far {
            return None;
        }
    }
}

/// `sq` moved `n` steps along `v`; `None` when that is off the board.
fn steps(pos: &Position, sq: u8, v: (i8, i8), n: u8) -> Option<u8> {
    (0..n).try_fold(sq, |at, _| shift(pos, at, v))
}

/// The squares a dynamo move of the position moves, read from the board before it is made.
pub fn effect(pos: &Position, m: &Move) -> Option<Effect> {
    let MoveKind::Dynamo(code) = m.kind else {
        return None;
    };
    let d = Dynamo::from_code(code);
    let mover_to = (!d.exits).then_some(m.to);
    if !d.moves_other() {
        return Some(Effect { mover_to, other: None });
    }
    let v = vector(m.role, d.dir);
    let towards = if d.pull { (-v.0, -v.1) } else { v };
    let other = first_piece(pos, m.from, towards, !leaps(m.role))?;
    let lands = match d.travel {
        0 => None,
        n => Some(steps(pos, other, v, n)?),
    };
    Some(Effect {
        mover_to,
        other: Some((other, lands)),
    })
}

/// Makes a dynamo move, trusting it is legal; whether a piece left the board. Kings are
/// found again and castling rights fall with a king or rook that moved, was moved or left.
pub fn play(pos: &mut Position, m: &Move) -> bool {
    let Some(effect) = effect(pos, m) else {
        return false;
    };
    let mover = pos.board[m.from as usize];
    let mut touched = vec![m.from, m.to];
    let mut removed = effect.mover_to.is_none();
    let other = effect.other.map(|(sq, lands)| (sq, lands, pos.board[sq as usize]));
    pos.put(m.from, 0);
    if let Some((sq, lands, code)) = other {
        pos.put(sq, 0);
        touched.push(sq);
        match lands {
            Some(to) => {
                pos.put(to, promoted(pos, code, to, m.promotion));
                touched.push(to);
            }
            None => removed = true,
        }
    }
    if let Some(to) = effect.mover_to {
        pos.put(to, promoted(pos, mover, to, m.promotion));
    }
    let kings_moved = [Some(mover), other.map(|o| o.2)]
        .into_iter()
        .flatten()
        .filter_map(Piece::from_code)
        .filter(|p| p.role == Role::King)
        .map(|p| p.color)
        .collect::<Vec<Color>>();
    for color in kings_moved {
        pos.castles[color.index()] = [None; 2];
    }
    for rights in pos.castles.iter_mut() {
        for right in rights.iter_mut() {
            if right.is_some_and(|r| touched.contains(&r)) {
                *right = None;
            }
        }
    }
    pos.find_kings();
    removed
}

/// The code a piece of square code `code` has on `to`: a pawn on its own last rank becomes
/// the piece the move names.
fn promoted(pos: &Position, code: u8, to: u8, promotion: Option<Role>) -> u8 {
    match (Piece::from_code(code), promotion) {
        (Some(p), Some(role)) if p.role == Role::Pawn && holds(&pos.geo.promotion[p.color.index()], to) => {
            Piece::new(p.color, role).code()
        }
        _ => code,
    }
}

/// Whether the piece on `sq` could be pushed or pulled off the board by a move of `by`
/// (dynamo check when it is a king). Pushed off: by a slider behind it on a line empty up to
/// it and from it to the edge, or by a knight, king or (diagonally, if `sq` holds an enemy
/// of it) pawn whose step lands it off. Pulled off: by a slider ahead of it whose line
/// beyond is empty to the edge, so that both can go over it. A king or knight pull never
/// takes a piece off (it lands on the puller's square).
pub fn removable(pos: &Position, sq: u8, by: Color) -> bool {
    for (i, &v) in STEPS.iter().enumerate() {
        let back = (-v.0, -v.1);
        let diagonal = i % 2 == 1;
        let slides = |code: u8| {
            Piece::from_code(code).is_some_and(|p| {
                p.color == by
                    && match p.role {
                        Role::Queen => true,
                        Role::Rook => !diagonal,
                        Role::Bishop => diagonal,
                        _ => false,
                    }
            })
        };
        let clear_ahead = first_piece(pos, sq, v, true).is_none();
        if clear_ahead {
            if let Some(pusher) = first_piece(pos, sq, back, true) {
                if slides(pos.board[pusher as usize]) {
                    return true;
                }
            }
            if shift(pos, sq, v).is_none() {
                if let Some(next) = shift(pos, sq, back) {
                    let p = Piece::from_code(pos.board[next as usize]);
                    let king = p.is_some_and(|p| p.color == by && p.role == Role::King);
                    let pawn = p.is_some_and(|p| {
                        let forward = if by == Color::White { 1 } else { -1 };
                        p.color == by && p.role == Role::Pawn && diagonal && v.1 == forward && !pos.is_color(sq, by)
                    });
                    if king || pawn {
                        return true;
                    }
                }
            }
        }
        if let Some(puller) = first_piece(pos, sq, v, true) {
            if slides(pos.board[puller as usize]) && first_piece(pos, puller, v, true).is_none() {
                return true;
            }
        }
    }
    LEAPS.iter().any(|&v| {
        shift(pos, sq, v).is_none()
            && shift(pos, sq, (-v.0, -v.1)).is_some_and(|n| {
                Piece::from_code(pos.board[n as usize]).is_some_and(|p| p.color == by && p.role == Role::Knight)
            })
    })
}

/// Why a position read from text cannot stand in Dynamo chess: an en passant square (there
/// are no captures, so none).
pub fn refusal(pos: &Position) -> Option<String> {
    pos.ep.map(|ep| {
        format!(
            "en passant square {}: Dynamo chess has no captures, so no en passant",
            pos.geo.name(ep)
        )
    })
}
