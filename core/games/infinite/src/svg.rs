//! The position as an SVG picture: a window of squares, the span of the pieces with a square
//! to spare when it is at most 24 squares each way, else 16 by 16 round the king of the side to
//! move with a note of the pieces left outside. Every square drawn is a `<g class="cell"
//! data-cell="(x,y)" data-x data-y>`; the promotion lines (ranks 8 and 1) are marked. Draws a
//! state; it never changes one or decides anything.

use std::fmt::Write;

use super::board::{king_of, Side, Square};
use super::state::State;

const S: i64 = 36;
/// The widest span drawn whole; a wider one is drawn as a window of `WINDOW` squares.
const WHOLE: i64 = 24;
const WINDOW: i64 = 16;
const FONT: &str = "DejaVu Sans, sans-serif";

/// The squares drawn: lowest x, lowest y, and how many each way.
fn window(state: &State) -> (i64, i64, i64, i64) {
    let board = &state.position.board;
    let xs = || board.keys().map(|sq| sq.x);
    let ys = || board.keys().map(|sq| sq.y);
    let (x0, x1) = (xs().min().unwrap_or(1), xs().max().unwrap_or(8));
    let (y0, y1) = (ys().min().unwrap_or(1), ys().max().unwrap_or(8));
    if x1 - x0 + 3 <= WHOLE && y1 - y0 + 3 <= WHOLE {
        return (x0 - 1, y0 - 1, x1 - x0 + 3, y1 - y0 + 3);
    }
    let centre = king_of(board, state.position.turn).unwrap_or(Square::new(0, 0));
    (centre.x - WINDOW / 2 + 1, centre.y - WINDOW / 2 + 1, WINDOW, WINDOW)
}

pub fn svg(state: &State) -> String {
    let pos = &state.position;
    let (x0, y0, columns, rows) = window(state);
    let (width, height) = (columns * S + 40, rows * S + 50);
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-34 -4 {width} {height}" width="{width}" height="{height}" class="infinite" role="img">"#
    );
    let checked = pos.in_check(pos.turn).then(|| king_of(&pos.board, pos.turn)).flatten();
    for row in 0..rows {
        let y = y0 + rows - 1 - row;
        let _ = write!(
            out,
            r##"<text x="-6" y="{}" class="rank" font-size="10" text-anchor="end" font-family="{FONT}" fill="#555">{y}</text>"##,
            row * S + S / 2 + 4
        );
        for column in 0..columns {
            let x = x0 + column;
            let (px, py) = (column * S, row * S);
            let light = (x + y).rem_euclid(2) == 1;
            let fill = if light { "#eeeed2" } else { "#b9c9a3" };
            let _ = write!(
                out,
                r##"<g class="cell" data-cell="({x},{y})" data-x="{}" data-y="{}"><rect x="{px}" y="{py}" width="{S}" height="{S}" class="sq {}" fill="{fill}"/>"##,
                px + S / 2,
                py + S / 2,
                if light { "light" } else { "dark" }
            );
            if let Some(piece) = pos.board.get(&Square::new(x, y)) {
                let (disc, ink) = match piece.side {
                    Side::White => ("#fafafa", "#111"),
                    Side::Black => ("#222", "#fafafa"),
                };
                let ring = if checked == Some(Square::new(x, y)) {
                    "#d22"
                } else {
                    "#111"
                };
                let _ = write!(
                    out,
                    r##"<circle cx="{}" cy="{}" r="14" class="pc {}{}" fill="{disc}" stroke="{ring}" stroke-width="2"/><text x="{}" y="{}" font-size="16" font-weight="bold" text-anchor="middle" font-family="{FONT}" fill="{ink}">{}</text>"##,
                    px + S / 2,
                    py + S / 2,
                    piece.side.name(),
                    if checked == Some(Square::new(x, y)) {
                        " check"
                    } else {
                        ""
                    },
                    px + S / 2,
                    py + S / 2 + 6,
                    piece.kind.letter()
                );
            }
            out.push_str("</g>");
        }
    }
    // The promotion lines: white's pawns promote on reaching rank 8, black's on rank 1.
    for (rank, top) in [(8, true), (1, false)] {
        if (y0..y0 + rows).contains(&rank) {
            let row = y0 + rows - 1 - rank;
            let py = if top { row * S } else { (row + 1) * S };
            let _ = write!(
                out,
                r##"<line x1="0" y1="{py}" x2="{}" y2="{py}" class="promotion" stroke="#333" stroke-width="2"/>"##,
                columns * S
            );
        }
    }
    for column in 0..columns {
        let _ = write!(
            out,
            r##"<text x="{}" y="{}" class="file" font-size="10" text-anchor="middle" font-family="{FONT}" fill="#555">{}</text>"##,
            column * S + S / 2,
            rows * S + 14,
            x0 + column
        );
    }
    let outside = pos
        .board
        .keys()
        .filter(|sq| !(x0..x0 + columns).contains(&sq.x) || !(y0..y0 + rows).contains(&sq.y))
        .count();
    let note = if outside == 0 {
        format!("{} to move", pos.turn.name())
    } else {
        format!(
            "{} to move · {outside} piece(s) outside this window (see the position text)",
            pos.turn.name()
        )
    };
    let _ = write!(
        out,
        r##"<text x="0" y="{}" class="note" font-size="12" font-family="{FONT}" fill="#222">{note}</text></svg>"##,
        rows * S + 34
    );
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::svg;
    use crate::tests::start;

    #[test]
    fn the_start_is_drawn_with_a_square_to_spare() {
        let picture = svg(&start(None));
        assert_eq!(picture.matches(r#"class="cell""#).count(), 10 * 10);
        assert!(picture.contains(r#"data-cell="(0,0)""#) && picture.contains(r#"data-cell="(9,9)""#));
        assert_eq!(picture.matches("<circle").count(), 32);
        assert_eq!(picture.matches(r#"class="promotion""#).count(), 2);
    }

    #[test]
    fn far_pieces_are_left_out_of_a_window_round_the_king() {
        let picture = svg(&start(Some("k0,10|K0,0|R1000000,1 b - -")));
        assert_eq!(picture.matches(r#"class="cell""#).count(), 16 * 16);
        assert!(picture.contains(r#"data-cell="(0,10)""#));
        assert!(picture.contains("2 piece(s) outside this window"), "{picture}");
    }
}
