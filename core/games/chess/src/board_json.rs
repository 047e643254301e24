//! The position as a drawing needs it, for the JSON view: the board's shape (squares or
//! hexagons, any size, holes left out) with every cell's grid file and rank, name, shade and
//! piece; the side to move, the king in check, pockets, checks and porthole tokens where the
//! variant has them;
//! and each legal move's cells, so a page can take a move from two taps. Derived from the
//! position alone: it is never part of the state, a snapshot or a hash.

use serde_json::{json, Map, Value};

use super::piece::{Piece, ROLES};
use super::position::{Move, MoveKind, Position};
use super::san::move_to_san;
use super::shape::Grid;

/// The board of `pos`, with `moves` (the legal moves, none once the game is over).
pub fn board_json(pos: &Position, moves: &[Move]) -> Value {
    let geo = pos.geo;
    let cells: Vec<Value> = (0..geo.squares() as u8)
        .filter(|&sq| geo.has(sq))
        .map(|sq| {
            let (file, rank) = (geo.file(sq), geo.rank(sq));
            let shade = match geo.grid {
                Grid::Square => u8::from(geo.light(sq)),
                // Three shades, so that no two hexagons sharing an edge match.
                Grid::Hex => (file + rank) % 3,
                // Bricks: three shades too, counted along the rank in half-bricks.
                Grid::Brick => ((2 * file as i16 + (rank & 1) as i16 - 3 * rank as i16) / 2).rem_euclid(3) as u8,
            };
            json!({
                "name": geo.name(sq),
                "file": file,
                "rank": rank,
                "shade": shade,
                "piece": pos.piece_at(sq).map(|p| p.fen_char().to_string()),
            })
        })
        .collect();
    let mover = pos.turn;
    let check = pos.kings[mover.index()]
        .filter(|_| pos.in_check(mover))
        .map(|k| geo.name(k));
    let mut board = json!({
        "grid": match geo.grid { Grid::Square => "square", Grid::Hex => "hex", Grid::Brick => "brick" },
        "width": geo.width,
        "height": geo.height,
        "files": (0..geo.width).map(|f| geo.file_char(f).to_string()).collect::<Vec<_>>(),
        "cells": cells,
        "to_move": mover.name(),
        "check": check,
        "moves": moves.iter().map(|m| move_json(pos, m)).collect::<Vec<_>>(),
    });
    if pos.variant.drops() {
        let mut pockets = Map::new();
        for color in [super::piece::Color::White, super::piece::Color::Black] {
            let held: Map<String, Value> = ROLES
                .iter()
                .filter(|r| pos.pockets[color.index()][r.index()] > 0)
                .map(|r| {
                    let letter = Piece::new(color, *r).fen_char().to_string();
                    (letter, json!(pos.pockets[color.index()][r.index()]))
                })
                .collect();
            pockets.insert(color.name().to_string(), Value::Object(held));
        }
        board["pockets"] = Value::Object(pockets);
    }
    if pos.variant == super::variant::Variant::Stratomic {
        // Stratomic: whether nuclea may be launched (a piece other than a pawn was taken).
        board["nuclear_armed"] = json!(pos.nuclear_armed);
    }
    if pos.variant == super::variant::Variant::Hostage {
        // Hostage chess: each side's prison, holding men of the other colour.
        let mut prisons = Map::new();
        for color in [super::piece::Color::White, super::piece::Color::Black] {
            let held: Map<String, Value> = ROLES
                .iter()
                .filter(|r| pos.prisons[color.index()][r.index()] > 0)
                .map(|r| {
                    let letter = Piece::new(color.other(), *r).fen_char().to_string();
                    (letter, json!(pos.prisons[color.index()][r.index()]))
                })
                .collect();
            prisons.insert(color.name().to_string(), Value::Object(held));
        }
        board["prisons"] = Value::Object(prisons);
    }
    if let Some(limit) = pos.variant.checks_to_win() {
        // Checks given so far by each side, and how many win.
        board["checks"] = json!({ "white": pos.checks[0], "black": pos.checks[1], "to_win": limit });
    }
    if let Some(tokens) = pos.portholes.as_deref() {
        // Portal chess: how many porthole tokens lie on each square that has any.
        let held: Map<String, Value> = (0..geo.squares() as u8)
            .filter_map(|sq| {
                tokens
                    .get(sq as usize)
                    .filter(|&&n| n > 0)
                    .map(|&n| (geo.name(sq), json!(n)))
            })
            .collect();
        board["portholes"] = Value::Object(held);
    }
    board
}

/// One legal move: its SAN (the command a recorder enters), the cell it leaves and the cell
/// it reaches (a porthole move: the porthole entered, and the `exit` it comes out of). Castling (stored king-takes-rook) reaches the king's own destination, with the
/// rook's cell beside it; a drop leaves no cell and names the piece dropped.
fn move_json(pos: &Position, m: &Move) -> Value {
    let geo = pos.geo;
    let san = move_to_san(pos, m);
    match m.kind {
        MoveKind::Castle => {
            let side = pos.castle_side(pos.turn, m.to);
            let (king_to, _) = pos.castle_targets(pos.turn, side);
            json!({ "san": san, "from": geo.name(m.from), "to": geo.name(king_to), "rook": geo.name(m.to) })
        }
        MoveKind::Drop => {
            let piece = Piece::new(pos.turn, m.role).fen_char().to_string();
            json!({ "san": san, "from": null, "to": geo.name(m.to), "drop": piece })
        }
        MoveKind::Exchange(given) => {
            let piece = Piece::new(pos.turn, m.role).fen_char().to_string();
            let given = Piece::new(pos.turn.other(), given).fen_char().to_string();
            json!({ "san": san, "from": null, "to": geo.name(m.to), "drop": piece, "given": given })
        }
        MoveKind::Portal(exit) => {
            json!({ "san": san, "from": geo.name(m.from), "to": geo.name(m.to), "exit": geo.name(exit) })
        }
        MoveKind::Launch => json!({ "san": san, "from": geo.name(m.from), "to": geo.name(m.to), "launch": true }),
        _ => json!({ "san": san, "from": geo.name(m.from), "to": geo.name(m.to) }),
    }
}
