//! The Tablut board as an SVG picture: the 9x9 squares (a1 bottom-left), the throne, the
//! corners, Ashton's camps and the escape squares, black soldiers, white soldiers and the king,
//! the last move. Every square is a `<g class="cell" data-cell="e5" data-x data-y>` (its centre)
//! so a page can map a tap to it. Tablut hides nothing; this draws a state and never changes one.

use std::fmt::Write;

use super::board::{Piece, Square, SIZE, THRONE};
use super::state::State;
use kifu_core::record::Actor;

const S: usize = 40;
/// The margin left of and below the board for the file letters and rank numbers.
const M: usize = 18;
const FONT: &str = "DejaVu Sans, sans-serif";

/// The squares named in the last move's text (`e3-e1`, `Ke5-e7 xe8`), in order.
fn last_squares(last: Option<&str>) -> Vec<Square> {
    last.unwrap_or_default()
        .split(|c: char| !(c.is_ascii_digit() || ('a'..='i').contains(&c)))
        .filter_map(Square::parse)
        .take(2)
        .collect()
}

/// A square's fill and its class: the throne, a corner, a camp, an escape square or plain.
fn ground(state: &State, square: Square) -> (&'static str, &'static str) {
    if square == THRONE {
        ("#c9a25a", "throne")
    } else if state.rules.is_fortress_corner(square) {
        ("#c9a25a", "corner")
    } else if state.rules.is_camp(square) {
        ("#b9c6a0", "camp")
    } else if state.rules.is_escape(square) {
        ("#e8d9a8", "escape")
    } else {
        ("#f3e6c8", "plain")
    }
}

pub fn svg(state: &State) -> String {
    let board = SIZE * S;
    let (width, height) = (M + board + 4, board + M + 48);
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" class="tablut" role="img">"#
    );
    let last = last_squares(state.last.as_deref());
    for rank in (0..SIZE).rev() {
        for file in 0..SIZE {
            let square = Square::at(file, rank);
            let (x, y) = (M + file * S, (SIZE - 1 - rank) * S);
            let (cx, cy) = (x + S / 2, y + S / 2);
            let (fill, kind) = ground(state, square);
            let fill = if last.contains(&square) { "#f6e27a" } else { fill };
            let _ = write!(
                out,
                r##"<g class="cell" data-cell="{square}" data-x="{cx}" data-y="{cy}"><rect x="{x}" y="{y}" width="{S}" height="{S}" class="sq {kind}" fill="{fill}" stroke="#8a6a3a" stroke-width="1"/>"##
            );
            if kind != "plain" && state.board.at(square).is_none() {
                let _ = write!(
                    out,
                    r##"<path d="M{} {}l{} {}M{} {}l{} -{}" class="mark" stroke="#8a6a3a" stroke-width="1"/>"##,
                    x + 8,
                    y + 8,
                    S - 16,
                    S - 16,
                    x + 8,
                    y + S - 8,
                    S - 16,
                    S - 16
                );
            }
            match state.board.at(square) {
                Some(Piece::Black) => {
                    let _ = write!(
                        out,
                        r##"<circle cx="{cx}" cy="{cy}" r="14" class="pc black" fill="#222" stroke="#000" stroke-width="2"/>"##
                    );
                }
                Some(Piece::White) => {
                    let _ = write!(
                        out,
                        r##"<circle cx="{cx}" cy="{cy}" r="14" class="pc white" fill="#fafafa" stroke="#222" stroke-width="2"/>"##
                    );
                }
                Some(Piece::King) => {
                    let _ = write!(
                        out,
                        r##"<circle cx="{cx}" cy="{cy}" r="16" class="pc king" fill="#fafafa" stroke="#b08000" stroke-width="3"/><text x="{cx}" y="{}" text-anchor="middle" font-size="16" font-weight="bold" font-family="{FONT}" fill="#222">K</text>"##,
                        cy + 6
                    );
                }
                None => {}
            }
            out.push_str("</g>");
        }
    }
    for index in 0..SIZE {
        let _ = write!(
            out,
            r##"<text x="{}" y="{}" class="coord" text-anchor="middle" font-size="11" font-family="{FONT}" fill="#6a5030">{}</text><text x="{}" y="{}" class="coord" text-anchor="middle" font-size="11" font-family="{FONT}" fill="#6a5030">{}</text>"##,
            M + index * S + S / 2,
            board + 13,
            (b'a' + index as u8) as char,
            M / 2,
            (SIZE - 1 - index) * S + S / 2 + 4,
            index + 1
        );
    }
    let status = match &state.outcome {
        Some(outcome) => outcome.to_string(),
        None => format!(
            "{} ({}) to move",
            state.to_move.name(),
            Actor::Seat(state.to_move.seat())
        ),
    };
    let _ = write!(
        out,
        r##"<text x="{M}" y="{}" class="note" text-anchor="start" font-size="13" font-family="{FONT}" fill="#222">black {} soldiers · white {} soldiers · ply {}</text><text x="{M}" y="{}" class="note" text-anchor="start" font-size="13" font-family="{FONT}" fill="#222">{}</text></svg>"##,
        board + 32,
        state.soldiers(Piece::Black),
        state.soldiers(Piece::White),
        state.plies,
        board + 50,
        escape(&status)
    );
    out.push('\n');
    out
}

/// Text made safe inside an XML element.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::{last_squares, Square};

    #[test]
    fn the_last_move_names_its_two_squares() {
        let names = |text| {
            last_squares(Some(text))
                .iter()
                .map(Square::to_string)
                .collect::<Vec<_>>()
        };
        assert_eq!(names("e3-e1"), ["e3", "e1"]);
        assert_eq!(names("Ke5-e7xe8/e6"), ["e5", "e7"]);
        assert!(last_squares(None).is_empty());
    }
}
