//! The position as an SVG picture, drawn from `board_json` (the board a page reads): squares
//! of any size, bricks (every other rank shifted half a cell) or Glinski's hexagons, the pieces
//! as the solid chess glyphs, the king in check, coordinates, and the pockets, checks and porthole rings where the variant has them. Every cell is a
//! `<g class="cell" data-cell="e4" data-x data-y>` (its centre) so a page can map taps to
//! cells. Reads the position only; it never decides anything about the game.

use std::fmt::Write;

use serde_json::Value;

use super::board_json::board_json;
use super::position::Position;

const GLYPH: [(char, char); 6] = [('k', '♚'), ('q', '♛'), ('r', '♜'), ('b', '♝'), ('n', '♞'), ('p', '♟')];
/// Variation selector 15: the glyph in text presentation, never an emoji.
const TEXT: char = '\u{FE0E}';

fn glyph(letter: char) -> char {
    let lower = letter.to_ascii_lowercase();
    // Pieces without a chess glyph (Congo's) show their letter.
    GLYPH.iter().find(|(l, _)| *l == lower).map_or(letter, |(_, g)| *g)
}

/// A piece (a FEN letter) centred at (x, y). The baseline is placed by hand (a third of the
/// size below the centre), since not every SVG renderer honours `dominant-baseline`.
fn piece(out: &mut String, letter: &str, x: f64, y: f64, size: f64) {
    let Some(letter) = letter.chars().next() else { return };
    // A white piece is outlined; a black one is not, so its thin lines stay dark.
    let (class, paint) = if letter.is_ascii_uppercase() {
        ("white", r##"fill="#fff" stroke="#222" stroke-width="1""##)
    } else {
        ("black", r##"fill="#222""##)
    };
    let _ = write!(
        out,
        r#"<text x="{x:.1}" y="{:.1}" class="pc {class}" font-size="{size:.1}" text-anchor="middle" font-family="DejaVu Sans, Noto Sans Symbols 2, sans-serif" {paint}>{}{TEXT}</text>"#,
        y + size * 0.33,
        glyph(letter)
    );
}

pub fn svg(pos: &Position) -> String {
    let board = board_json(pos, &[]);
    let hex = board["grid"] == "hex";
    let (body, [x, y, width, height]) = if hex { hexes(&board) } else { squares(&board) };
    // The pockets and checks go under the board, inside the picture.
    let extra = extra_lines(&board);
    let more = if extra.is_empty() {
        0.0
    } else {
        20.0 * extra.len() as f64 + 6.0
    };
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x:.1} {y:.1} {width:.1} {:.1}" width="{width:.0}" height="{:.0}" class="chessboard{}" role="img">"#,
        height + more,
        height + more,
        if hex { " hex" } else { "" }
    );
    out.push_str(&body);
    for (i, line) in extra.iter().enumerate() {
        let _ = write!(
            out,
            r##"<text x="{:.1}" y="{:.1}" class="note" font-size="14" font-family="DejaVu Sans, sans-serif" fill="#222">{line}</text>"##,
            x + 4.0,
            y + height + 18.0 + 20.0 * i as f64
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The pockets (crazyhouse), Stratomic's armed launches and checks given (three-check), a
/// line each.
fn extra_lines(board: &Value) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(pockets) = board["pockets"].as_object() {
        for side in ["white", "black"] {
            let held: Vec<String> = pockets
                .get(side)
                .and_then(Value::as_object)
                .map(|held| {
                    held.iter()
                        .map(|(p, n)| format!("{}{TEXT}×{n}", glyph(p.chars().next().unwrap_or('?'))))
                        .collect()
                })
                .unwrap_or_default();
            let held = if held.is_empty() {
                "–".to_string()
            } else {
                held.join(" ")
            };
            lines.push(format!("{side} pocket: {held}"));
        }
    }
    if board["nuclear_armed"] == true {
        lines.push("nuclea launches: armed".to_string());
    }
    if board["checks"].is_object() {
        let c = &board["checks"];
        lines.push(format!(
            "checks given: white {}, black {} (of {})",
            c["white"], c["black"], c["to_win"]
        ));
    }
    lines
}

/// A board of squares: its cells and coordinates, and its view box.
fn squares(b: &Value) -> (String, [f64; 4]) {
    const S: f64 = 44.0;
    const M: f64 = 16.0;
    let w = b["width"].as_u64().unwrap_or(8) as f64;
    let h = b["height"].as_u64().unwrap_or(8) as f64;
    // A brick board (Masonic chess) shifts its even-numbered ranks half a cell right.
    let brick = b["grid"] == "brick";
    let shift = if brick { S / 2.0 } else { 0.0 };
    let (width, height) = (M + w * S + shift + 2.0, h * S + M + 2.0);
    let mut out = String::new();
    let place = |file: f64, rank: f64| {
        let x = M + file * S + if rank % 2.0 == 1.0 { shift } else { 0.0 };
        (x, (h - 1.0 - rank) * S)
    };
    for c in b["cells"].as_array().into_iter().flatten() {
        let name = c["name"].as_str().unwrap_or_default();
        let (x, y) = place(c["file"].as_f64().unwrap_or(0.0), c["rank"].as_f64().unwrap_or(0.0));
        let light = c["shade"] == 1;
        // Bricks have a third shade, so that no two touching bricks match.
        let mid = c["shade"] == 2;
        let checked = b["check"].as_str() == Some(name);
        let fill = if checked {
            "#e06666"
        } else if light {
            "#f0d9b5"
        } else if mid {
            "#d4aa7d"
        } else {
            "#b58863"
        };
        let classes = format!(
            "sq {}{}",
            if light {
                "light"
            } else if mid {
                "mid"
            } else {
                "dark"
            },
            if checked { " check" } else { "" }
        );
        let _ = write!(
            out,
            r#"<g class="cell" data-cell="{name}" data-x="{:.1}" data-y="{:.1}"><rect x="{x:.1}" y="{y:.1}" width="{S}" height="{S}" class="{classes}" fill="{fill}"/>"#,
            x + S / 2.0,
            y + S / 2.0
        );
        // Portal chess: a ring for a porthole, with the count when tokens are stacked.
        if let Some(n) = b["portholes"][name].as_u64() {
            let _ = write!(
                out,
                r##"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" class="porthole" fill="none" stroke="#3a6ea5" stroke-width="3"/>"##,
                x + S / 2.0,
                y + S / 2.0,
                S * 0.44
            );
            if n > 1 {
                label(&mut out, x + S - 6.0, y + 12.0, &n.to_string());
            }
        }
        if let Some(p) = c["piece"].as_str() {
            piece(&mut out, p, x + S / 2.0, y + S / 2.0, S * 0.82);
        }
        out.push_str("</g>");
    }
    for (f, file) in b["files"].as_array().into_iter().flatten().enumerate() {
        let (x, _) = place(f as f64, 0.0);
        label(
            &mut out,
            x + S / 2.0,
            h * S + M - 3.0,
            file.as_str().unwrap_or_default(),
        );
    }
    for r in 0..h as usize {
        let (_, y) = place(0.0, r as f64);
        label(&mut out, M / 2.0, y + S / 2.0 + 4.0, &(r + 1).to_string());
    }
    (out, [0.0, 0.0, width, height])
}

/// A board of hexagons (files as columns, each a half cell above the one to its left), and its
/// view box.
fn hexes(b: &Value) -> (String, [f64; 4]) {
    const R: f64 = 24.0;
    let h = 3f64.sqrt() * R;
    let cells: Vec<&Value> = b["cells"].as_array().into_iter().flatten().collect();
    let centre = |c: &Value| {
        let (file, rank) = (c["file"].as_f64().unwrap_or(0.0), c["rank"].as_f64().unwrap_or(0.0));
        (file * 1.5 * R, file * h / 2.0 - rank * h)
    };
    let points: Vec<(f64, f64)> = cells.iter().map(|c| centre(c)).collect();
    let min_x = points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min) - R;
    let max_x = points.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max) + R;
    let min_y = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min) - h / 2.0;
    let max_y = points.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max) + h / 2.0;
    let mut out = String::new();
    const SHADES: [&str; 3] = ["#f0d9b5", "#d8b48a", "#b58863"];
    for (c, (x, y)) in cells.iter().zip(&points) {
        let name = c["name"].as_str().unwrap_or_default();
        let shade = c["shade"].as_u64().unwrap_or(0) as usize % 3;
        let checked = b["check"].as_str() == Some(name);
        let fill = if checked { "#e06666" } else { SHADES[shade] };
        let corners: Vec<String> = [
            (R, 0.0),
            (R / 2.0, h / 2.0),
            (-R / 2.0, h / 2.0),
            (-R, 0.0),
            (-R / 2.0, -h / 2.0),
            (R / 2.0, -h / 2.0),
        ]
        .iter()
        .map(|(dx, dy)| format!("{:.1},{:.1}", x + dx, y + dy))
        .collect();
        let _ = write!(
            out,
            r##"<g class="cell" data-cell="{name}" data-x="{x:.1}" data-y="{y:.1}"><polygon points="{}" class="sq hex{shade}{}" fill="{fill}" stroke="#8a6a4a" stroke-width="0.5"><title>{name}</title></polygon>"##,
            corners.join(" "),
            if checked { " check" } else { "" }
        );
        if let Some(p) = c["piece"].as_str() {
            piece(&mut out, p, *x, *y, R * 1.3);
        }
        out.push_str("</g>");
    }
    (
        out,
        [min_x - 2.0, min_y - 2.0, max_x - min_x + 4.0, max_y - min_y + 4.0],
    )
}

/// A coordinate's label.
fn label(out: &mut String, x: f64, y: f64, text: &str) {
    let _ = write!(
        out,
        r##"<text x="{x:.1}" y="{y:.1}" class="coord" font-size="11" text-anchor="middle" font-family="DejaVu Sans, sans-serif" fill="#555">{text}</text>"##
    );
}
