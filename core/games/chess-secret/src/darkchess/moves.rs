//! Dark chess's moves: chess moves without the check rule (a king may move into or stay in
//! attack, and castle out of, through or into it), their SAN among those moves, and reading a
//! typed move. It never filters a move by king safety and never marks a check.

use kifu_chess::movegen::gen_pseudo;
use kifu_chess::piece::{Color, Role};
use kifu_chess::position::{KINGSIDE, QUEENSIDE};
use kifu_chess::san::{from_hint, move_to_san_plain, parse_move_among};
use kifu_chess::{Move, MoveKind, Position};

/// Every move of the side to move: the pieces' patterns (kifu-chess's pseudo-legal moves),
/// castling with only the squares between king, rook and their targets required empty.
pub fn moves(pos: &Position) -> Vec<Move> {
    let mut out = Vec::with_capacity(64);
    gen_pseudo(pos, &mut out);
    out.retain(|m| m.kind != MoveKind::Castle);
    let us = pos.turn;
    let Some(king) = pos.kings[us.index()] else {
        return out;
    };
    for side in [QUEENSIDE, KINGSIDE] {
        let Some(rook) = pos.castles[us.index()][side] else {
            continue;
        };
        if castling_path_free(pos, king, rook, side) {
            out.push(Move {
                role: Role::King,
                from: king,
                to: rook,
                promotion: None,
                kind: MoveKind::Castle,
            });
        }
    }
    out
}

/// The moves `color`'s pieces would have were it `color`'s turn: what its side sees. En
/// passant belongs to the side to move only, so the other side's list has none.
pub fn moves_of(pos: &Position, color: Color) -> Vec<Move> {
    if pos.turn == color {
        return moves(pos);
    }
    let mut theirs = pos.clone();
    theirs.turn = color;
    theirs.ep = None;
    moves(&theirs)
}

/// Whether every square between the king, the rook and their two targets is empty.
pub(crate) fn castling_path_free(pos: &Position, king: u8, rook: u8, side: usize) -> bool {
    let geo = pos.geo;
    let (king_to, rook_to) = pos.castle_targets(pos.turn, side);
    let files = [geo.file(king), geo.file(rook), geo.file(king_to), geo.file(rook_to)];
    let (lo, hi) = (
        files.iter().min().copied().unwrap_or(0),
        files.iter().max().copied().unwrap_or(0),
    );
    let rank_start = geo.rank(king) * geo.width;
    (lo..=hi)
        .map(|f| rank_start + f)
        .all(|sq| sq == king || sq == rook || pos.board[sq as usize] == 0)
}

/// Whether a move takes the enemy king.
pub fn takes_king(pos: &Position, m: &Move) -> bool {
    m.kind == MoveKind::Normal && pos.kings[pos.turn.other().index()] == Some(m.to)
}

/// A move's SAN among `all` (the position's moves): a piece is told apart from the others of
/// its kind that reach the same square by this game's moves, pinned or not; no `+` ever (there
/// is no check), and `#` after a capture of the king, which ends the game.
pub fn san(pos: &Position, all: &[Move], m: &Move) -> String {
    let mut text = if m.role == Role::Pawn || m.kind == MoveKind::Castle {
        move_to_san_plain(pos, m)
    } else {
        let rivals: Vec<u8> = all
            .iter()
            .filter(|o| o.kind == MoveKind::Normal && o.role == m.role && o.to == m.to && o.from != m.from)
            .map(|o| o.from)
            .collect();
        let takes = if pos.board[m.to as usize] != 0 { "x" } else { "" };
        format!(
            "{}{}{takes}{}",
            m.role.letter(),
            from_hint(pos.geo, m.from, &rivals),
            pos.geo.name(m.to)
        )
    };
    if takes_king(pos, m) {
        text.push('#');
    }
    text
}

/// Reads a typed move (SAN, UCI, long algebraic; `+` and `#` ignored) among the position's
/// moves. Text that fits several names them in this game's SAN.
pub fn read(pos: &Position, all: &[Move], text: &str) -> Result<Move, String> {
    let typed = text.trim().trim_end_matches(['+', '#']);
    if let Some(m) = all.iter().find(|m| san(pos, all, m).trim_end_matches('#') == typed) {
        return Ok(*m);
    }
    parse_move_among(pos, all, typed).map_err(|reason| {
        let fits: Vec<String> = all
            .iter()
            .filter(|m| parse_move_among(pos, std::slice::from_ref(*m), typed).is_ok())
            .map(|m| san(pos, all, m))
            .collect();
        if fits.len() > 1 {
            format!("'{typed}' is ambiguous: it could be {}", fits.join(" or "))
        } else {
            reason
        }
    })
}
