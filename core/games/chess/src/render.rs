//! The position as text for a terminal: the board with coordinates (white at the bottom,
//! holes left blank), then side to move, castling, en passant, pockets and checks where the variant has them.

use super::fen::castling_text;
use super::piece::{Color, Piece, ROLES};
use super::position::Position;

pub fn render_position(pos: &Position) -> String {
    let geo = pos.geo;
    let mut out = String::new();
    for rank in (0..geo.height).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..geo.width {
            let sq = rank * geo.width + file;
            let c = match pos.piece_at(sq) {
                _ if !geo.has(sq) => ' ',
                Some(p) => p.fen_char(),
                None => '.',
            };
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   ");
    for file in 0..geo.width {
        out.push(' ');
        out.push(geo.file_char(file));
    }
    out.push('\n');
    out.push_str(&format!("{} to move", pos.turn.name()));
    out.push_str(&format!(", castling {}", castling_text(pos)));
    if let Some(ep) = pos.ep {
        out.push_str(&format!(", en passant {}", geo.name(ep)));
    }
    out.push_str(&format!(", move {}, half-move clock {}\n", pos.fullmove, pos.halfmove));
    if pos.variant.drops() {
        for color in [Color::White, Color::Black] {
            let pocket: String = ROLES
                .iter()
                .rev()
                .flat_map(|r| {
                    std::iter::repeat_n(
                        Piece::new(color, *r).fen_char(),
                        pos.pockets[color.index()][r.index()] as usize,
                    )
                })
                .collect();
            let shown = if pocket.is_empty() { "-".to_string() } else { pocket };
            let name = if pos.variant == super::variant::Variant::Hostage {
                "airfield"
            } else {
                "pocket"
            };
            out.push_str(&format!("{} {name}: {shown}\n", color.name()));
        }
    }
    if pos.variant == super::variant::Variant::Hostage {
        for color in [Color::White, Color::Black] {
            let held: String = ROLES
                .iter()
                .rev()
                .flat_map(|r| {
                    std::iter::repeat_n(
                        Piece::new(color.other(), *r).fen_char(),
                        pos.prisons[color.index()][r.index()] as usize,
                    )
                })
                .collect();
            let shown = if held.is_empty() { "-".to_string() } else { held };
            out.push_str(&format!("{} prison: {shown}\n", color.name()));
        }
    }
    if pos.variant == super::variant::Variant::Stratomic {
        let launches = if pos.nuclear_armed {
            "armed (a piece other than a pawn has been taken)"
        } else {
            "not yet (no piece other than a pawn taken)"
        };
        out.push_str(&format!("nuclea launches: {launches}\n"));
    }
    if let Some(limit) = pos.variant.checks_to_win() {
        out.push_str(&format!(
            "checks given: white {}/{limit}, black {}/{limit}\n",
            pos.checks[0], pos.checks[1]
        ));
    }
    out
}
