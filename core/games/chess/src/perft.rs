//! Perft: counting the leaf positions of the legal move tree, the standard proof of a move
//! generator, with `divide` per root move and a text report for the command line. It is pure.
//! Standard chess and Chess960 go by the bitboard fast path (`bitboard`), every other variant
//! by the general engine.

use super::fen::parse_fen;
use super::movegen::{count_legal_general, gen_legal_general};
use super::position::{Move, Position};
use super::uci::move_to_uci;
use super::variant::Variant;

/// Leaf count of the legal move tree `depth` plies deep from a FEN.
pub fn perft(variant: Variant, fen: &str, depth: u32) -> Result<u64, String> {
    let pos = parse_fen(variant, fen)?;
    Ok(perft_position(&pos, depth))
}

/// Leaf count from a position already read: by the bitboard fast path for standard chess
/// and Chess960 on the 8x8 board, by the general engine otherwise.
pub fn perft_position(pos: &Position, depth: u32) -> u64 {
    match super::bitboard::perft(pos, depth) {
        Some(leaves) => leaves,
        None => perft_general(pos, depth),
    }
}

/// Leaf count by the general engine alone (what the fast path is checked against).
pub fn perft_general(pos: &Position, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(64)).collect();
    count(pos, depth, &mut buffers)
}

fn count(pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((moves, rest)) = buffers.split_first_mut() else {
        return 1;
    };
    if super::outcome::variant_result(pos).is_some() {
        return 0;
    }
    if depth == 1 {
        return count_legal_general(pos);
    }
    gen_legal_general(pos, moves);
    let mut total = 0;
    for m in moves.iter() {
        let mut next = pos.clone();
        next.play(m);
        total += count(&next, depth - 1, rest);
    }
    total
}

/// Each root move (UCI) with its leaf count at `depth - 1`, in UCI order.
pub fn divide(variant: Variant, fen: &str, depth: u32) -> Result<Vec<(String, u64)>, String> {
    let pos = parse_fen(variant, fen)?;
    if super::outcome::variant_result(&pos).is_some() {
        return Ok(Vec::new());
    }
    let mut out: Vec<(String, u64)> = super::movegen::legal_moves(&pos)
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play(m);
            (move_to_uci(&pos, m), perft_position(&next, depth.saturating_sub(1)))
        })
        .collect();
    out.sort();
    Ok(out)
}

/// Perft or divide as text: `variant_name` by registry name or alias.
pub fn perft_text(variant_name: &str, fen: Option<&str>, depth: u32, with_divide: bool) -> Result<String, String> {
    let variant = Variant::from_name(variant_name).ok_or_else(|| format!("unknown chess variant '{variant_name}'"))?;
    let fen = fen.unwrap_or(variant.start_fen());
    if with_divide {
        let rows = divide(variant, fen, depth)?;
        let total: u64 = rows.iter().map(|(_, n)| n).sum();
        let mut out: String = rows.iter().map(|(m, n)| format!("{m}: {n}\n")).collect();
        out.push_str(&format!("total: {total}\n"));
        Ok(out)
    } else {
        Ok(format!("{}\n", perft(variant, fen, depth)?))
    }
}
