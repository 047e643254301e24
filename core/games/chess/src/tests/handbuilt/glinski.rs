//! Glinski's hexagonal chess: positions written as pieces on named cells (the FEN is built
//! here from Glinski's cell naming: files a-l without j, cells counted from each file's foot),
//! each answer worked out on the hexagons by hand. Sources: Wikipedia "Gliński's hexagonal
//! chess", the sources named in `tests/hex.rs`, and seeds/chess/glinski.md (stalemate is
//! scored to the stalemating side, recorded as its win).

use super::{check_one, Want};
use crate::fen::{parse_fen, to_fen};
use crate::variant::Variant;

/// A position: pieces by cell (FEN letters), side to move, en passant cell, halfmove clock.
struct Setup {
    pieces: &'static [(&'static str, char)],
    black: bool,
    ep: &'static str,
    halfmove: u32,
}

const fn white(pieces: &'static [(&'static str, char)]) -> Setup {
    Setup {
        pieces,
        black: false,
        ep: "-",
        halfmove: 0,
    }
}

const fn black(pieces: &'static [(&'static str, char)]) -> Setup {
    Setup {
        pieces,
        black: true,
        ep: "-",
        halfmove: 0,
    }
}

enum HexWant {
    Plain(Want),
    /// After white's move: this position (the move number stays 1).
    After(&'static str, Setup, &'static str),
}

struct HexCase {
    why: &'static str,
    setup: Setup,
    want: HexWant,
}

const FILES: &str = "abcdefghikl";

/// The 11x11 grid position of a cell name: (file, grid rank), both from 0.
fn grid(name: &str) -> (usize, usize) {
    let file = FILES.find(&name[..1]).unwrap_or_else(|| panic!("file of {name}"));
    let n: usize = name[1..].parse().unwrap_or_else(|_| panic!("number of {name}"));
    (file, n - 1 + file.saturating_sub(5))
}

/// The FEN of a setup: grid ranks from the top, a `*` for every hole (|file - rank| > 5).
fn fen(s: &Setup) -> String {
    let mut rows = Vec::new();
    for rank in (0..11usize).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..11usize {
            let piece = s.pieces.iter().find(|(cell, _)| grid(cell) == (file, rank));
            let hole = file.abs_diff(rank) > 5;
            if (hole || piece.is_some()) && empty > 0 {
                row.push_str(&empty.to_string());
                empty = 0;
            }
            match piece {
                _ if hole => row.push('*'),
                Some((_, letter)) => row.push(*letter),
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let turn = if s.black { "b" } else { "w" };
    format!("{} {turn} - {} {} 1", rows.join("/"), s.ep, s.halfmove)
}

const KINGS: &[(&str, char)] = &[("a1", 'K'), ("l6", 'k')];

const CASES: &[HexCase] = &[
    HexCase {
        why: "a king in the corner a1: a2, b1, b2 through edges, b3 and c2 through corners",
        setup: white(KINGS),
        want: HexWant::Plain(Want::From("a1", &["a1a2", "a1b1", "a1b2", "a1b3", "a1c2"])),
    },
    HexCase {
        why: "a king on f6 has twelve cells: six through its edges, six through its corners",
        setup: white(&[("f6", 'K'), ("l6", 'k')]),
        want: HexWant::Plain(Want::From(
            "f6",
            &[
                "f6e5", "f6e6", "f6f5", "f6f7", "f6g5", "f6g6", "f6d5", "f6e4", "f6e7", "f6g4", "f6g7", "f6h5",
            ],
        )),
    },
    HexCase {
        why: "a rook on a1: up the a-file, along rank 1 and the long line to l6's neighbour",
        setup: white(&[("a1", 'R'), ("b4", 'K'), ("e10", 'k')]),
        want: HexWant::Plain(Want::From(
            "a1",
            &[
                "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1b1", "a1c1", "a1d1", "a1e1", "a1f1", "a1b2", "a1c3", "a1d4",
                "a1e5", "a1f6", "a1g6", "a1h6", "a1i6", "a1k6", "a1l6",
            ],
        )),
    },
    HexCase {
        why: "a knight on f6 jumps to twelve cells",
        setup: white(&[("f6", 'N'), ("a1", 'K'), ("l6", 'k')]),
        want: HexWant::Plain(Want::From(
            "f6",
            &[
                "f6c4", "f6c5", "f6d3", "f6d7", "f6e3", "f6e8", "f6g3", "f6g8", "f6h3", "f6h7", "f6i4", "f6i5",
            ],
        )),
    },
    HexCase {
        why: "a bishop on f6: six diagonals of two cells each",
        setup: white(&[("f6", 'B'), ("a1", 'K'), ("l6", 'k')]),
        want: HexWant::Plain(Want::From(
            "f6",
            &[
                "f6b4", "f6d2", "f6d5", "f6d8", "f6e4", "f6e7", "f6g4", "f6g7", "f6h2", "f6h5", "f6h8", "f6k4",
            ],
        )),
    },
    HexCase {
        why: "the f5 pawn on its starting cell steps one or two",
        setup: white(&[("f5", 'P'), ("a1", 'K'), ("l6", 'k')]),
        want: HexWant::Plain(Want::From("f5", &["f5f6", "f5f7"])),
    },
    HexCase {
        why: "the b1 pawn, on b's starting cell, steps one or two too",
        setup: white(&[("b1", 'P'), ("a3", 'K'), ("l6", 'k')]),
        want: HexWant::Plain(Want::From("b1", &["b1b2", "b1b3"])),
    },
    HexCase {
        why: "a pawn off its starting cell steps one only",
        setup: white(&[("f6", 'P'), ("a1", 'K'), ("l6", 'k')]),
        want: HexWant::Plain(Want::From("f6", &["f6f7"])),
    },
    HexCase {
        why: "the f5 pawn takes through its forward side edges, on e5 and g5",
        setup: white(&[("f5", 'P'), ("e5", 'n'), ("g5", 'n'), ("a1", 'K'), ("l6", 'k')]),
        want: HexWant::Plain(Want::From("f5", &["f5e5", "f5f6", "f5f7", "f5g5"])),
    },
    HexCase {
        why: "black's f7 pawn steps down one or two and takes on e6 and g6",
        setup: black(&[("f7", 'p'), ("e6", 'N'), ("g6", 'N'), ("a1", 'K'), ("l1", 'k')]),
        want: HexWant::Plain(Want::From("f7", &["f7e6", "f7f5", "f7f6", "f7g6"])),
    },
    HexCase {
        why: "k7 is the k-file's last cell: the k6 pawn promotes by a step or by taking on l6",
        setup: white(&[("k6", 'P'), ("l6", 'r'), ("a3", 'K'), ("f11", 'k')]),
        want: HexWant::Plain(Want::From(
            "k6",
            &["k6k7b", "k6k7n", "k6k7q", "k6k7r", "k6l6b", "k6l6n", "k6l6q", "k6l6r"],
        )),
    },
    HexCase {
        why: "b1 is black's last cell on the b-file: the b2 pawn promotes there",
        setup: black(&[("b2", 'p'), ("f6", 'K'), ("l6", 'k')]),
        want: HexWant::Plain(Want::From("b2", &["b2b1b", "b2b1n", "b2b1q", "b2b1r"])),
    },
    HexCase {
        why: "en passant: after ...g7-g5 the h5 pawn takes on g6",
        setup: Setup {
            pieces: &[("g5", 'p'), ("h5", 'P'), ("a1", 'K'), ("l6", 'k')],
            black: false,
            ep: "g6",
            halfmove: 0,
        },
        want: HexWant::After("h5g6", black(&[("g6", 'P'), ("a1", 'K'), ("l6", 'k')]), "none"),
    },
    HexCase {
        why: "the f11 rook checks f1 down the file: the king leaves it for e1, e2, g1 or g2",
        setup: white(&[("f1", 'K'), ("f11", 'r'), ("l1", 'k')]),
        want: HexWant::Plain(Want::Moves(&["f1e1", "f1e2", "f1g1", "f1g2"])),
    },
    HexCase {
        why: "Qb5-b2, guarded by the c3 king, mates the a1 king (all five neighbours covered)",
        setup: white(&[("b5", 'Q'), ("c3", 'K'), ("a1", 'k')]),
        want: HexWant::After(
            "b5b2",
            Setup {
                halfmove: 1,
                ..black(&[("b2", 'Q'), ("c3", 'K'), ("a1", 'k')])
            },
            "white",
        ),
    },
    HexCase {
        why: "stalemate: Qd3 and Ka3 cover a1's five neighbours, a1 unattacked: white's win",
        setup: black(&[("d3", 'Q'), ("a3", 'K'), ("a1", 'k')]),
        want: HexWant::Plain(Want::Over("white", "stalemate")),
    },
    HexCase {
        why: "bare kings: a dead position",
        setup: white(KINGS),
        want: HexWant::Plain(Want::Over("draw", "insufficient")),
    },
    HexCase {
        why: "seventy-five moves without a capture or a pawn move: a draw",
        setup: Setup {
            halfmove: 150,
            ..white(&[("a1", 'K'), ("c1", 'R'), ("l6", 'k')])
        },
        want: HexWant::Plain(Want::Over("draw", "seventy-five")),
    },
    HexCase {
        why: "the e4 pawn, blocked by the e5 knight, with nothing to take: no move",
        setup: white(&[("e4", 'P'), ("e5", 'n'), ("a1", 'K'), ("l6", 'k')]),
        want: HexWant::Plain(Want::From("e4", &[])),
    },
    HexCase {
        why: "the f3 rook, pinned on the f-file by f11, moves along the file only",
        setup: white(&[("f1", 'K'), ("f3", 'R'), ("f11", 'r'), ("l1", 'k')]),
        want: HexWant::Plain(Want::From(
            "f3",
            &["f3f10", "f3f11", "f3f2", "f3f4", "f3f5", "f3f6", "f3f7", "f3f8", "f3f9"],
        )),
    },
];

/// The cell naming and the FEN writer here agree with the engine's own start position.
#[test]
fn the_fen_built_here_is_the_engines_start_position() {
    let start = white(&[
        ("g1", 'K'),
        ("e1", 'Q'),
        ("c1", 'R'),
        ("i1", 'R'),
        ("d1", 'N'),
        ("h1", 'N'),
        ("f1", 'B'),
        ("f2", 'B'),
        ("f3", 'B'),
        ("b1", 'P'),
        ("c2", 'P'),
        ("d3", 'P'),
        ("e4", 'P'),
        ("f5", 'P'),
        ("g4", 'P'),
        ("h3", 'P'),
        ("i2", 'P'),
        ("k1", 'P'),
        ("g10", 'k'),
        ("e10", 'q'),
        ("c8", 'r'),
        ("i8", 'r'),
        ("d9", 'n'),
        ("h9", 'n'),
        ("f11", 'b'),
        ("f10", 'b'),
        ("f9", 'b'),
        ("b7", 'p'),
        ("c7", 'p'),
        ("d7", 'p'),
        ("e7", 'p'),
        ("f7", 'p'),
        ("g7", 'p'),
        ("h7", 'p'),
        ("i7", 'p'),
        ("k7", 'p'),
    ]);
    let built = parse_fen(Variant::Glinski, &fen(&start)).map(|p| to_fen(&p));
    assert_eq!(built.as_deref(), Ok(Variant::Glinski.start_fen()));
}

#[test]
fn glinski_hand_built_positions() {
    assert!(CASES.len() >= 20, "only {} positions", CASES.len());
    let v = Variant::Glinski;
    let failures: Vec<String> = CASES
        .iter()
        .filter_map(|c| {
            let before = fen(&c.setup);
            let result = match &c.want {
                HexWant::Plain(want) => check_one(v, &before, want),
                HexWant::After(uci, after, who) => parse_fen(v, &fen(after)).and_then(|p| {
                    let normal: &'static str = Box::leak(to_fen(&p).into_boxed_str());
                    check_one(v, &before, &Want::After(uci, normal, who))
                }),
            };
            result.err().map(|e| format!("glinski [{}] {before}: {e}", c.why))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
