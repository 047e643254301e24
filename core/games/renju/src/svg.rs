//! A five-in-a-row board as an SVG picture: the grid with its coordinates and star points,
//! the stones, the last stone marked, the points forbidden to the colour to move crossed (with
//! the kind of foul as the point's title), and the fifth-move offers ringed. Every point is a
//! `<g class="cell" data-cell="h8" data-x data-y>` (its centre) so a page can map a tap to it.
//! Draws a state; it never changes one or decides anything.

use std::fmt::Write;

use super::board::{Colour, Point};
use super::engine::State;
use super::forbidden::forbidden_points;

const C: u32 = 28;
const M: u32 = 34;
const FONT: &str = "DejaVu Sans, sans-serif";

pub fn svg(state: &State) -> String {
    let n = u32::from(state.board.size());
    let size = M + (n - 1) * C + C / 2 + 6;
    let at = |p: Point| (M + u32::from(p.x) * C, C / 2 + (n - 1 - u32::from(p.y)) * C);
    let mut out = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}" height="{size}" class="goban" role="img"><rect x="0" y="0" width="{size}" height="{size}" class="wood" fill="#e3c16f"/>"##
    );
    for i in 0..n as u8 {
        let (x1, y1) = at(Point::new(i, 0));
        let (x2, y2) = at(Point::new(i, (n - 1) as u8));
        let (a1, b1) = at(Point::new(0, i));
        let (a2, b2) = at(Point::new((n - 1) as u8, i));
        let _ = write!(
            out,
            r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" class="grid" stroke="#5a4020" stroke-width="1"/><line x1="{a1}" y1="{b1}" x2="{a2}" y2="{b2}" class="grid" stroke="#5a4020" stroke-width="1"/><text x="{x1}" y="{}" class="coord" font-size="11" text-anchor="middle" font-family="{FONT}" fill="#4a3010">{}</text><text x="13" y="{}" class="coord" font-size="11" text-anchor="middle" font-family="{FONT}" fill="#4a3010">{}</text>"##,
            size - 4,
            (b'a' + i) as char,
            b1 + 4,
            i + 1
        );
    }
    if n >= 13 && n % 2 == 1 {
        let (e, c, far) = (3u8, ((n - 1) / 2) as u8, (n - 4) as u8);
        for (x, y) in [(e, e), (far, e), (c, c), (e, far), (far, far)] {
            let (cx, cy) = at(Point::new(x, y));
            let _ = write!(
                out,
                r##"<circle cx="{cx}" cy="{cy}" r="3" class="star" fill="#5a4020"/>"##
            );
        }
    }
    // Forbidden points are marked only while the colour to move plays them (not in the
    // opening, not once the game is over).
    let forbidden = if state.outcome.is_none() && state.opening.is_none() {
        forbidden_points(&state.board, state.to_move, state.config.rules.bans(state.to_move))
    } else {
        Vec::new()
    };
    let offers: Vec<Point> = state.opening.as_ref().map(|o| o.offers.clone()).unwrap_or_default();
    for p in state.board.points() {
        let (cx, cy) = at(p);
        let name = p.text();
        let _ = write!(
            out,
            r##"<g class="cell" data-cell="{name}" data-x="{cx}" data-y="{cy}"><rect x="{}" y="{}" width="{C}" height="{C}" class="hit" fill="none" pointer-events="all"/>"##,
            cx - C / 2,
            cy - C / 2
        );
        match state.board.get(p) {
            Some(Colour::Black) => {
                let _ = write!(
                    out,
                    r##"<circle cx="{cx}" cy="{cy}" r="12.3" class="stone black" fill="#111" stroke="#000" stroke-width="1"/>"##
                );
            }
            Some(Colour::White) => {
                let _ = write!(
                    out,
                    r##"<circle cx="{cx}" cy="{cy}" r="12.3" class="stone white" fill="#fafafa" stroke="#333" stroke-width="1"/>"##
                );
            }
            None => {}
        }
        if state.last == Some(p) {
            let mark = if state.board.get(p) == Some(Colour::Black) {
                "#fafafa"
            } else {
                "#d22"
            };
            let _ = write!(
                out,
                r#"<circle cx="{cx}" cy="{cy}" r="4" class="last-mark" fill="{mark}"/>"#
            );
        }
        if let Some((_, foul)) = forbidden.iter().find(|(f, _)| *f == p) {
            let _ = write!(
                out,
                r##"<path d="M{} {}L{} {}M{} {}L{} {}" class="forbidden" stroke="#c00" stroke-width="2.5"><title>forbidden to {}: {}</title></path>"##,
                cx - 6,
                cy - 6,
                cx + 6,
                cy + 6,
                cx + 6,
                cy - 6,
                cx - 6,
                cy + 6,
                state.to_move.name(),
                foul.name()
            );
        }
        if offers.contains(&p) {
            let _ = write!(
                out,
                r##"<circle cx="{cx}" cy="{cy}" r="8.4" class="offer" fill="none" stroke="#06c" stroke-width="2"/>"##
            );
        }
        out.push_str("</g>");
    }
    out.push_str("</svg>\n");
    out
}
