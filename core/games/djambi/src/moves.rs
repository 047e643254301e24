//! Djambi moves: what each piece may do from a position, and making a move on a board.
//! Generation lists every move in full (the corpse's or moved piece's square, the way out of
//! the Labyrinth); it never decides whose turn it is or who wins.

use super::board::{Board, Kind, Piece, Square, DIRECTIONS, MAZE, ORTHOGONAL};

/// One move in full. `victim` is the square of the piece killed (the destination for a kill
/// by replacement, a square beside the destination for a reporter); `place` is where the
/// corpse or the moved piece is put (for an assassin, its own departure square); `exit` is
/// where a piece that acted in the Labyrinth leaves it to, in the same turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Move {
    pub kind: Kind,
    pub from: Square,
    pub to: Square,
    pub victim: Option<Square>,
    pub place: Option<Square>,
    pub exit: Option<Square>,
}

impl Move {
    fn plain(kind: Kind, from: Square, to: Square) -> Move {
        Move {
            kind,
            from,
            to,
            victim: None,
            place: None,
            exit: None,
        }
    }
}

/// The squares a piece of `kind` on `from` reaches along its lines: `(square, empty)`. It
/// stops at the first occupied square (which is listed, not empty), passes over the empty
/// Labyrinth and never stops on it unless it is a chief.
pub fn reach(board: &Board, kind: Kind, from: Square) -> Vec<(Square, bool)> {
    let mut found = Vec::new();
    for direction in DIRECTIONS {
        let mut at = from;
        for _ in 0..kind.reach() {
            let Some(next) = at.step(direction) else { break };
            at = next;
            if !board.is_empty(at) {
                found.push((at, false));
                break;
            }
            if at != MAZE || kind == Kind::Chief {
                found.push((at, true));
            }
        }
    }
    found
}

/// Empty squares where a corpse, or a living piece other than a chief, may be put.
fn drop_squares(board: &Board, chief: bool) -> Vec<Square> {
    Square::all()
        .filter(|s| board.is_empty(*s) && (*s != MAZE || chief))
        .collect()
}

/// Where a piece standing in the Labyrinth may leave to: the empty squares it reaches.
fn exits(board: &Board, kind: Kind) -> Vec<Square> {
    reach(board, kind, MAZE)
        .into_iter()
        .filter(|(_, empty)| *empty)
        .map(|(s, _)| s)
        .collect()
}

/// Every move the pieces `seat` controls can make.
pub fn moves(board: &Board, seat: u8) -> Vec<Move> {
    let mut list = Vec::new();
    for (from, piece) in board.pieces() {
        if piece.alive && piece.owner == Some(seat) {
            piece_moves(board, seat, from, piece.kind, &mut list);
        }
    }
    list.sort();
    list
}

fn piece_moves(board: &Board, seat: u8, from: Square, kind: Kind, list: &mut Vec<Move>) {
    for (to, empty) in reach(board, kind, from) {
        let target = board.at(to);
        if empty {
            list.push(Move::plain(kind, from, to));
            if kind == Kind::Reporter {
                let mut after = board.clone();
                after.put(from, None);
                for victim in ORTHOGONAL.iter().filter_map(|d| to.step(*d)) {
                    if after.at(victim).is_some_and(|p| p.is_enemy_of(seat)) {
                        list.push(Move {
                            victim: Some(victim),
                            ..Move::plain(kind, from, to)
                        });
                    }
                }
            }
            continue;
        }
        let Some(target) = target else { continue };
        let base = Move::plain(kind, from, to);
        let enemy = target.is_enemy_of(seat);
        // A diplomat moves living enemies, a necromobile corpses.
        let displaces = match kind {
            Kind::Diplomat => enemy,
            Kind::Necromobile => !target.alive,
            _ => false,
        };
        // Where a corpse or a moved piece may go once the mover stands on `to`.
        let places = |chief: bool| {
            let mut after = board.clone();
            after.put(from, None);
            after.put(to, board.at(from));
            drop_squares(&after, chief)
        };
        match kind {
            // A militant cannot kill the chief in power (the only piece that stands on e5).
            Kind::Chief | Kind::Militant if enemy && !(kind == Kind::Militant && to == MAZE) => {
                for place in places(false) {
                    list.push(Move {
                        victim: Some(to),
                        place: Some(place),
                        ..base
                    });
                }
            }
            Kind::Assassin if enemy => {
                let killed = Move {
                    victim: Some(to),
                    place: Some(from),
                    ..base
                };
                with_exits(board, killed, list);
            }
            Kind::Diplomat | Kind::Necromobile if displaces => {
                let chief = kind == Kind::Diplomat && target.kind == Kind::Chief;
                for place in places(chief) {
                    let mv = Move {
                        place: Some(place),
                        ..base
                    };
                    with_exits(board, mv, list);
                }
            }
            _ => {}
        }
    }
}

/// Lists `mv` as it is when it ends outside the Labyrinth, or once for each way out of it.
fn with_exits(board: &Board, mv: Move, list: &mut Vec<Move>) {
    if mv.to != MAZE {
        list.push(mv);
        return;
    }
    let mut after = board.clone();
    make(&mut after, &mv);
    for exit in exits(&after, mv.kind) {
        list.push(Move { exit: Some(exit), ..mv });
    }
}

/// Makes a move on the board (assumed legal): the piece goes, the victim dies and is put
/// where the move says, the moved piece or corpse is put down, the piece leaves the
/// Labyrinth. Returns the killed piece, if any, before it died.
pub fn make(board: &mut Board, mv: &Move) -> Option<Piece> {
    let mover = board.at(mv.from);
    let target = board.at(mv.to);
    board.put(mv.from, None);
    board.put(mv.to, mover);
    let mut killed = None;
    match (mv.victim, mv.place) {
        // A kill by replacement: the corpse goes to `place` (an assassin's own square).
        (Some(victim), Some(place)) if victim == mv.to => {
            killed = target;
            board.put(place, target.map(|p| Piece::corpse(p.kind)));
        }
        // A reporter's kill: the corpse stays where the victim stood.
        (Some(victim), _) => {
            killed = board.at(victim);
            board.put(victim, killed.map(|p| Piece::corpse(p.kind)));
        }
        // A diplomat or necromobile puts what stood on `to` somewhere else.
        (None, Some(place)) => board.put(place, target),
        (None, None) => {}
    }
    if let Some(exit) = mv.exit {
        board.put(mv.to, None);
        board.put(exit, mover);
    }
    killed
}
