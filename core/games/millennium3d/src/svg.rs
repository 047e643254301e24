//! The three levels as an SVG picture, side by side (level 1 on the left), rank 8 at the top
//! of each; a king in check is ringed. Every square is a `<g class="cell" data-cell="1e4"
//! data-x data-y>` (its centre) so a page can map a tap to it. Draws a state; decides nothing.

use std::fmt::Write;

use crate::board::{name, square, Colour, Kind};
use crate::moves::in_check;
use crate::state::State;

const S: i32 = 30;
const GAP: i32 = 24;
const FONT: &str = "DejaVu Sans, sans-serif";

fn glyph(kind: Kind) -> char {
    match kind {
        Kind::King => '♚',
        Kind::Queen => '♛',
        Kind::Rook => '♜',
        Kind::Bishop => '♝',
        Kind::Knight => '♞',
        Kind::Pawn => '♟',
    }
}

pub fn svg(state: &State) -> String {
    let pos = &state.position;
    let board = 8 * S;
    let (width, height) = (3 * board + 2 * GAP, board + 22);
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" class="millennium3d" role="img">"#
    );
    let checked = if in_check(pos) && state.result.is_none() {
        pos.king(pos.to_move)
    } else {
        None
    };
    for l in 0..3i8 {
        let left = i32::from(l) * (board + GAP);
        let _ = write!(
            out,
            r##"<text x="{}" y="{}" class="level" font-size="12" text-anchor="middle" font-family="{FONT}" fill="#333">level {}</text>"##,
            left + board / 2,
            board + 16,
            l + 1
        );
        for r in 0..8i8 {
            for f in 0..8i8 {
                let Some(s) = square(l, f, r) else { continue };
                let (x, y) = (left + i32::from(f) * S, i32::from(7 - r) * S);
                let light = (f + r) % 2 == 1;
                let fill = if light { "#f0d9b5" } else { "#b58863" };
                let _ = write!(
                    out,
                    r##"<g class="cell" data-cell="{}" data-x="{}" data-y="{}"><rect x="{x}" y="{y}" width="{S}" height="{S}" class="sq" fill="{fill}"/>"##,
                    name(s),
                    x + S / 2,
                    y + S / 2
                );
                if checked == Some(s) {
                    let _ = write!(
                        out,
                        r##"<circle cx="{}" cy="{}" r="13" class="check" fill="none" stroke="#d00" stroke-width="3"/>"##,
                        x + S / 2,
                        y + S / 2
                    );
                }
                if let Some(man) = pos.at(s) {
                    let (fill, stroke, class) = match man.colour {
                        Colour::White => ("#fff", "#000", "pc white"),
                        Colour::Black => ("#000", "#fff", "pc black"),
                    };
                    let _ = write!(
                        out,
                        r##"<text x="{}" y="{}" class="{class}" font-size="24" text-anchor="middle" font-family="{FONT}" fill="{fill}" stroke="{stroke}" stroke-width="0.6">{}</text>"##,
                        x + S / 2,
                        y + S - 6,
                        glyph(man.kind)
                    );
                }
                out.push_str("</g>");
            }
        }
    }
    out.push_str("</svg>");
    out
}
