//! Legal moves. Whether one given move is legal is decided at any distance (a rook may go a
//! million squares along a clear line). The list of moves is finite by a stated cut: when the
//! side to move is not in check, a slider's moves that go farther than [`LISTED_REACH`] squares
//! and take nothing are left out of it; every other legal move is listed. That cut never
//! empties a list that has a legal move, so checkmate and stalemate are read from it exactly.

use super::attack::{attacked, is_straight, DIRECTIONS, KNIGHT};
use super::board::{clear_between, king_of, line_between, within, Board, Kind, Side, Square, PROMOTIONS};
use super::position::{Castling, Move, MoveKind, Position, CASTLINGS};

/// How far along a line a slider's quiet moves are listed when its side is not in check.
pub const LISTED_REACH: i64 = 8;

/// What `m` does if it is legal here, else why it is not, in words.
pub fn legal(pos: &Position, m: &Move) -> Result<MoveKind, String> {
    legal_on(pos, &mut pos.board.clone(), m)
}

/// `legal`, trying the move on `scratch` (a copy of the position's board, left as it was).
fn legal_on(pos: &Position, scratch: &mut Board, m: &Move) -> Result<MoveKind, String> {
    let kind = reaches(pos, m)?;
    let side = pos.turn;
    let exposed = with_move(scratch, m, kind, |board| {
        king_of(board, side).is_some_and(|king| attacked(board, king, side.other()))
    });
    if exposed {
        return Err(if pos.in_check(side) {
            format!("the {} king is in check and this move does not end it", side.name())
        } else {
            format!("it would leave the {} king in check", side.name())
        });
    }
    Ok(kind)
}

/// Whether a legal move checks the other king.
pub fn gives_check(pos: &Position, m: &Move, kind: MoveKind) -> bool {
    let them = pos.turn.other();
    with_move(&mut pos.board.clone(), m, kind, |board| {
        king_of(board, them).is_some_and(|king| attacked(board, king, pos.turn))
    })
}

/// Puts the pieces of `board` where `m` (of kind `kind`) carries them, asks `f`, and puts
/// them back: the board is as it was after.
fn with_move<T>(board: &mut Board, m: &Move, kind: MoveKind, f: impl FnOnce(&Board) -> T) -> T {
    let Some(piece) = board.remove(&m.from) else {
        return f(board);
    };
    let mut moved = piece;
    if let Some(promoted) = m.promotion {
        moved.kind = promoted;
    }
    let captured = board.insert(m.to, moved);
    // A second piece the move takes (en passant) or carries (the castling rook).
    let second = match kind {
        MoveKind::EnPassant(sq) => board.remove(&sq).map(|p| (sq, p, None)),
        MoveKind::Castle(c) => board.remove(&c.rook_from()).map(|p| {
            board.insert(c.rook_to(), p);
            (c.rook_from(), p, Some(c.rook_to()))
        }),
        MoveKind::Plain | MoveKind::DoubleStep => None,
    };
    let answer = f(board);
    if let Some((home, p, carried_to)) = second {
        if let Some(sq) = carried_to {
            board.remove(&sq);
        }
        board.insert(home, p);
    }
    board.remove(&m.to);
    if let Some(c) = captured {
        board.insert(m.to, c);
    }
    board.insert(m.from, piece);
    answer
}

/// Makes a legal move: the position after it, with its en passant square kept only when a
/// legal capture to it exists.
pub fn play(pos: &Position, m: &Move, kind: MoveKind) -> Position {
    let mut after = pos.clone();
    after.play(m, kind);
    if after.en_passant.is_some_and(|ep| !en_passant_usable(&after, ep)) {
        after.en_passant = None;
    }
    after
}

/// Whether a pawn of the side to move may legally take en passant onto `ep`.
pub fn en_passant_usable(pos: &Position, ep: Square) -> bool {
    let side = pos.turn;
    [-1, 1].into_iter().any(|dx| {
        let capture = Move {
            from: Square::new(ep.x + dx, ep.y - side.forward()),
            to: ep,
            promotion: None,
        };
        pos.board
            .get(&capture.from)
            .is_some_and(|p| p.side == side && p.kind == Kind::Pawn)
            && legal(pos, &capture).is_ok()
    })
}

/// Whether the piece on `m.from` may go to `m.to` by its movement, every rule checked but
/// the safety of its own king: what a move already found legal does, without trying it.
pub fn reaches(pos: &Position, m: &Move) -> Result<MoveKind, String> {
    let side = pos.turn;
    let Some(piece) = pos.board.get(&m.from).copied() else {
        return Err(format!("no piece stands on {}", m.from));
    };
    if piece.side != side {
        return Err(format!(
            "the piece on {} is {}'s; it is {} to move",
            m.from,
            piece.side.name(),
            side.name()
        ));
    }
    if !within(m.to.x, m.to.y) {
        return Err(format!("{} is beyond the coordinates kifu keeps (within ±10^15)", m.to));
    }
    if m.to == m.from {
        return Err(format!("a move must leave {}", m.from));
    }
    let (dx, dy) = (m.to.x - m.from.x, m.to.y - m.from.y);
    if piece.kind == Kind::King && (dx.abs() > 1 || dy.abs() > 1) {
        return castling(pos, m).map(MoveKind::Castle);
    }
    let target = pos.board.get(&m.to).copied();
    if target.is_some_and(|t| t.side == side) {
        return Err(format!("{} holds a {} piece already", m.to, side.name()));
    }
    if target.is_some_and(|t| t.kind == Kind::King) {
        return Err(format!(
            "a king is never taken ({} is the {} king)",
            m.to,
            side.other().name()
        ));
    }
    let promotes = piece.kind == Kind::Pawn && m.to.y == side.promotion_rank();
    match (promotes, m.promotion) {
        (true, None) => {
            return Err(format!("a pawn reaching {} promotes: add =Q, =R, =B or =N", m.to));
        }
        (true, Some(k)) if !PROMOTIONS.contains(&k) => {
            return Err(format!(
                "a pawn promotes to a queen, rook, bishop or knight, not a {}",
                k.name()
            ));
        }
        (false, Some(_)) => {
            return Err(format!(
                "only a pawn reaching its promotion line promotes, not this {} move",
                piece.kind.name()
            ))
        }
        _ => {}
    }
    let name = piece.describe();
    match piece.kind {
        Kind::Knight if KNIGHT.contains(&(dx, dy)) => Ok(MoveKind::Plain),
        Kind::King => Ok(MoveKind::Plain),
        Kind::Pawn => pawn(pos, m, target.is_some()),
        Kind::Queen | Kind::Rook | Kind::Bishop => {
            let Some((step, _)) = line_between(m.from, m.to) else {
                return Err(format!(
                    "a {} moves along lines; {} is not on one from {}",
                    name, m.to, m.from
                ));
            };
            let along = if is_straight(step) {
                piece.kind.slides_straight()
            } else {
                piece.kind.slides_diagonally()
            };
            if !along {
                let how = if is_straight(step) {
                    "a rank or a file"
                } else {
                    "a diagonal"
                };
                return Err(format!("a {name} does not move along {how}"));
            }
            if !clear_between(&pos.board, m.from, m.to) {
                return Err(format!("a piece stands between {} and {}", m.from, m.to));
            }
            Ok(MoveKind::Plain)
        }
        _ => Err(format!("a {name} cannot go from {} to {}", m.from, m.to)),
    }
}

fn pawn(pos: &Position, m: &Move, takes: bool) -> Result<MoveKind, String> {
    let side = pos.turn;
    let f = side.forward();
    let (dx, dy) = (m.to.x - m.from.x, m.to.y - m.from.y);
    let empty = |sq: Square| !pos.board.contains_key(&sq);
    match (dx, dy) {
        (0, d) if d == f && !takes => Ok(MoveKind::Plain),
        (0, d) if d == 2 * f && !takes => {
            if m.from.y != side.pawn_rank() {
                return Err(format!("a pawn steps two squares only from rank {}", side.pawn_rank()));
            }
            if !empty(Square::new(m.from.x, m.from.y + f)) {
                return Err(format!("a piece stands between {} and {}", m.from, m.to));
            }
            Ok(MoveKind::DoubleStep)
        }
        (0, _) if takes => Err(format!("a pawn does not take straight ahead ({} is occupied)", m.to)),
        (-1 | 1, d) if d == f => {
            if takes {
                return Ok(MoveKind::Plain);
            }
            if pos.en_passant == Some(m.to) {
                return Ok(MoveKind::EnPassant(Square::new(m.to.x, m.from.y)));
            }
            Err(format!("a pawn moves diagonally only to take, and {} is empty", m.to))
        }
        _ => Err(format!("a {} pawn cannot go from {} to {}", side.name(), m.from, m.to)),
    }
}

fn castling(pos: &Position, m: &Move) -> Result<Castling, String> {
    let side = pos.turn;
    let Some(c) = CASTLINGS
        .into_iter()
        .find(|c| c.side == side && c.king_from() == m.from && c.king_to() == m.to)
    else {
        return Err(format!(
            "a king moves one square (or castles), not from {} to {}",
            m.from, m.to
        ));
    };
    let which = if c.king_side { "king side" } else { "queen side" };
    if !pos.castling[c.index()] {
        return Err(format!("{} may no longer castle {which}", side.name()));
    }
    if let Some(sq) = c.between().into_iter().find(|sq| pos.board.contains_key(sq)) {
        return Err(format!("castling {which} needs {sq} empty"));
    }
    if pos.in_check(side) {
        return Err(format!("the {} king is in check and may not castle", side.name()));
    }
    if attacked(&pos.board, c.crossed(), side.other()) {
        return Err(format!(
            "the king may not castle across {}, which is attacked",
            c.crossed()
        ));
    }
    Ok(c)
}

/// The legal moves as listed (see the module's note), in a fixed order: by the moving
/// piece's square, then the destination, then the promotion.
pub fn listed(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    each_listed(pos, &mut |m| {
        out.push(m);
        false
    });
    out.sort();
    out
}

/// Whether the side to move has a legal move (the listed ones are empty only when no move is
/// legal at any distance).
pub fn has_legal_move(pos: &Position) -> bool {
    let mut found = false;
    each_listed(pos, &mut |_| {
        found = true;
        true
    });
    found
}

/// Calls `take` with each listed legal move until it answers true.
fn each_listed(pos: &Position, take: &mut dyn FnMut(Move) -> bool) {
    let side = pos.turn;
    let checkers = pos.checkers(side);
    // In check by one slider: the line of squares between the king and it, where a far
    // slider may step in.
    let block_line = match (checkers.as_slice(), king_of(&pos.board, side)) {
        ([checker], Some(king)) => line_between(king, *checker).map(|(step, n)| (king, step, n)),
        _ => None,
    };
    let mut scratch = pos.board.clone();
    let own: Vec<(Square, Kind)> = pos
        .board
        .iter()
        .filter(|(_, p)| p.side == side)
        .map(|(sq, p)| (*sq, p.kind))
        .collect();
    for (from, kind) in own {
        for to in destinations(pos, from, kind, block_line) {
            let promotions: &[Option<Kind>] = if kind == Kind::Pawn && to.y == side.promotion_rank() {
                &[
                    Some(Kind::Queen),
                    Some(Kind::Rook),
                    Some(Kind::Bishop),
                    Some(Kind::Knight),
                ]
            } else {
                &[None]
            };
            for &promotion in promotions {
                let m = Move { from, to, promotion };
                if legal_on(pos, &mut scratch, &m).is_ok() && take(m) {
                    return;
                }
            }
        }
    }
}

/// The squares a piece's listed moves may go to, before its king's safety is asked.
fn destinations(
    pos: &Position,
    from: Square,
    kind: Kind,
    block_line: Option<(Square, (i64, i64), i64)>,
) -> Vec<Square> {
    let f = pos.turn.forward();
    let steps = |set: &[(i64, i64)]| {
        set.iter()
            .filter_map(|&(dx, dy)| from.offset(dx, dy, 1))
            .collect::<Vec<_>>()
    };
    match kind {
        Kind::Knight => steps(&KNIGHT),
        Kind::King => {
            let mut out = steps(&DIRECTIONS);
            out.extend(CASTLINGS.iter().filter(|c| c.king_from() == from).map(|c| c.king_to()));
            out
        }
        Kind::Pawn => steps(&[(0, f), (0, 2 * f), (1, f), (-1, f)]),
        _ => {
            let mut out = Vec::new();
            for step in DIRECTIONS {
                let along = if is_straight(step) {
                    kind.slides_straight()
                } else {
                    kind.slides_diagonally()
                };
                if !along {
                    continue;
                }
                // The first piece met on this line, at any distance.
                let blocker = pos
                    .board
                    .keys()
                    .filter_map(|&sq| line_between(from, sq).filter(|(s, _)| *s == step).map(|(_, k)| k))
                    .min();
                let open = blocker.map_or(LISTED_REACH, |b| (b - 1).min(LISTED_REACH));
                out.extend((1..=open).filter_map(|k| from.offset(step.0, step.1, k)));
                if let Some(b) = blocker {
                    out.extend(from.offset(step.0, step.1, b));
                }
                if let Some(sq) = block_line.and_then(|line| crossing(from, step, line)) {
                    let k = line_between(from, sq).map_or(0, |(_, k)| k);
                    if k > LISTED_REACH && blocker.is_none_or(|b| k < b) {
                        out.push(sq);
                    }
                }
            }
            out
        }
    }
}

/// Where the line from `from` along `step` crosses the squares strictly between a king and
/// the piece `n` steps of `dir` away from it, if it does at a square.
fn crossing(from: Square, step: (i64, i64), (king, dir, n): (Square, (i64, i64), i64)) -> Option<Square> {
    // from + k*step = king + j*dir, 0 < k, 0 < j < n: solved by cross products.
    let cross = |a: (i128, i128), b: (i128, i128)| a.0 * b.1 - a.1 * b.0;
    let d = (step.0 as i128, step.1 as i128);
    let e = (dir.0 as i128, dir.1 as i128);
    let denominator = cross(d, e);
    if denominator == 0 {
        return None;
    }
    let w = ((king.x - from.x) as i128, (king.y - from.y) as i128);
    let (k_num, j_num) = (cross(w, e), cross(w, d));
    if k_num % denominator != 0 || j_num % denominator != 0 {
        return None;
    }
    let (k, j) = (k_num / denominator, j_num / denominator);
    if k <= 0 || j <= 0 || j >= n as i128 {
        return None;
    }
    from.offset(step.0, step.1, i64::try_from(k).ok()?)
}

/// The board's pieces of one side, for messages and move reading.
pub fn pieces_of(board: &Board, side: Side, kind: Kind) -> Vec<Square> {
    board
        .iter()
        .filter(|(_, p)| p.side == side && p.kind == kind)
        .map(|(sq, _)| *sq)
        .collect()
}
