//! The Senet board as an SVG picture: 30 squares in three rows of ten read as an S (1-10 left
//! to right, 11-20 right to left, 21-30 left to right), p1's pieces round and p2's square, the
//! marked squares (15, 26-30), the last move, and the pieces borne off. Every square is a
//! `<g class="cell" data-cell="N" data-x data-y>` (its centre) so a page can map a tap to it.
//! Draws a state; it never changes one or decides anything.

use std::fmt::Write;

use super::board::SQUARES;
use super::state::State;

const S: u32 = 44;
/// Squares 15 and 26 to 30 as the rules name them: rebirth, beauty, water, three, two, one.
const MARKS: [(u8, &str); 6] = [(15, "☥"), (26, "✧"), (27, "≈"), (28, "III"), (29, "II"), (30, "I")];
const FONT: &str = "DejaVu Sans, sans-serif";

/// Where square 1-30 is drawn: (column, row).
fn place(square: u8) -> (u32, u32) {
    let index = u32::from(square - 1);
    let row = index / 10;
    let col = if row == 1 { 9 - index % 10 } else { index % 10 };
    (col, row)
}

/// The squares of the last move, read from its record (`p1 2:12-14`, `p2 4:28-off`, or a
/// pass, `p1 1:pass`, which has none).
fn last_squares(last_move: Option<&str>) -> Vec<String> {
    last_move
        .and_then(|m| m.rsplit([' ', ':']).next())
        .and_then(|m| m.split_once('-'))
        .map(|(a, b)| vec![a.to_string(), b.to_string()])
        .unwrap_or_default()
}

pub fn svg(state: &State) -> String {
    let (width, height) = (10 * S + 4, 3 * S + 4 + 28);
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 {width} {height}" width="{width}" height="{height}" class="senet" role="img">"#
    );
    let last = last_squares(state.last_move.as_deref());
    for square in 1..=SQUARES {
        let (col, row) = place(square);
        let (x, y) = (col * S, row * S);
        let name = square.to_string();
        let light = (row + col) % 2 == 0;
        let was_moved = last.contains(&name);
        let fill = match (was_moved, light) {
            (true, _) => "#f6e27a",
            (false, true) => "#f3e3c3",
            (false, false) => "#d9bf8f",
        };
        let class = format!(
            "sq {}{}",
            if light { "light" } else { "dark" },
            if was_moved { " last" } else { "" }
        );
        let _ = write!(
            out,
            r##"<g class="cell" data-cell="{name}" data-x="{}" data-y="{}"><rect x="{x}" y="{y}" width="{S}" height="{S}" class="{class}" fill="{fill}" stroke="#8a6a3a" stroke-width="1"/><text x="{}" y="{}" class="num" font-size="9" font-family="{FONT}" fill="#6a5030">{square}</text>"##,
            x + S / 2,
            y + S / 2,
            x + 3,
            y + 11
        );
        if let Some((_, mark)) = MARKS.iter().find(|(s, _)| *s == square) {
            let _ = write!(
                out,
                r##"<text x="{}" y="{}" class="mark" font-size="11" text-anchor="end" font-family="{FONT}" fill="#6a5030">{mark}</text>"##,
                x + S - 4,
                y + 12
            );
        }
        match state.board.at(square) {
            Some(0) => {
                let _ = write!(
                    out,
                    r##"<circle cx="{}" cy="{}" r="13" class="piece p1" fill="#fafafa" stroke="#222" stroke-width="2"/>"##,
                    x + S / 2,
                    y + S / 2 + 3
                );
            }
            Some(_) => {
                let _ = write!(
                    out,
                    r##"<rect x="{}" y="{}" width="24" height="24" rx="4" class="piece p2" fill="#333" stroke="#000" stroke-width="2"/>"##,
                    x + 10,
                    y + 12
                );
            }
            None => {}
        }
        out.push_str("</g>");
    }
    let _ = write!(
        out,
        r##"<text x="2" y="{}" class="note" font-size="13" font-family="{FONT}" fill="#222">p1 ● borne off {} · p2 ■ borne off {}</text></svg>"##,
        3 * S + 20,
        state.board.borne_off(0),
        state.board.borne_off(1)
    );
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::{last_squares, place};

    #[test]
    fn the_last_move_is_read_past_its_seat_and_throw() {
        assert_eq!(last_squares(Some("p1 2:9-11")), ["9", "11"]);
        assert_eq!(last_squares(Some("p2 4:28-off")), ["28", "off"]);
        assert!(last_squares(Some("p1 1:pass")).is_empty());
        assert!(last_squares(None).is_empty());
    }

    #[test]
    fn the_squares_run_as_an_s() {
        assert_eq!(place(1), (0, 0));
        assert_eq!(place(10), (9, 0));
        assert_eq!(place(11), (9, 1));
        assert_eq!(place(20), (0, 1));
        assert_eq!(place(21), (0, 2));
        assert_eq!(place(30), (9, 2));
    }
}
