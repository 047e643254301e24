//! The drawing so far as an SVG picture: a white canvas and one polyline per stroke in its
//! artist's pen, presentation attributes only (no `style`). Draws a state; it never changes one.

use super::state::{State, CANVAS};

/// A pen colour per seat.
const PENS: [&str; 10] = [
    "#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f",
];

/// The drawing so far as a standalone SVG document, one polyline per stroke in its artist's pen.
pub fn svg(state: &State) -> String {
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {CANVAS} {CANVAS}\" width=\"500\" height=\"500\" class=\"fakeartist\" role=\"img\">\
         <rect width=\"{CANVAS}\" height=\"{CANVAS}\" fill=\"white\" stroke=\"black\"/>"
    );
    for stroke in &state.strokes {
        let points: Vec<String> = stroke.points.iter().map(|(x, y)| format!("{x},{y}")).collect();
        out.push_str(&format!(
            "<polyline data-seat=\"p{}\" points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"8\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
            u16::from(stroke.seat) + 1,
            points.join(" "),
            PENS[usize::from(stroke.seat) % PENS.len()]
        ));
    }
    out.push_str("</svg>");
    out
}
