//! The fast path's answers about the legal moves that list none (`bitboard::probe`) and SAN
//! read from the sets (`san::exact_san_on`) against the general engine's list of legal moves:
//! checked at every position `bitboard_agrees` walks (the perft suites' trees, seeded random
//! games). The rules' replay through them meets the oracle games (`oracle_games`).

use crate::bitboard::probe::{self, Few, Sets};
use crate::bitboard::Board;
use crate::geometry::Geometry;
use crate::piece::ROLES;
use crate::position::{Move, MoveKind, Position};
use crate::san::{exact_san, exact_san_on, move_to_san_marked, standard_san, standard_square};
use crate::variant::Variant;

/// The probes agree with `general` (the position's legal moves by the general engine) on
/// `pos`; `board` is its sets. Returns how many texts were read both ways, and how many of
/// them named a move.
pub(super) fn probes_agree(pos: &Position, board: &Board, general: &[Move]) -> (usize, usize) {
    let fen = crate::fen::to_fen(pos);
    let sets = Sets::of(board.clone());
    assert_eq!(sets.in_check(), pos.in_check(pos.turn), "{fen}: in check");
    assert_eq!(probe::has_legal_move(&sets), !general.is_empty(), "{fen}: any move");
    assert_eq!(
        probe::en_passant_legal(&sets),
        general.iter().any(|m| m.kind == MoveKind::EnPassant),
        "{fen}: en passant"
    );
    let sorted = |mut moves: Vec<Move>| {
        moves.sort();
        moves
    };
    for role in ROLES {
        for to in 0..64u8 {
            let mut few = Few::new();
            probe::moves_to(&sets, role, to, &mut few);
            let expected: Vec<Move> = general
                .iter()
                .filter(|m| m.role == role && m.to == to && m.kind != MoveKind::Castle)
                .copied()
                .collect();
            let found = few.moves().map(<[Move]>::to_vec);
            assert_eq!(found.map(sorted), Some(sorted(expected)), "{fen}: {role:?} to {to}");
        }
    }
    for m in general {
        let mut rivals = Few::new();
        match m.kind {
            MoveKind::Castle => probe::castles(&sets, &mut rivals),
            _ => probe::moves_to(&sets, m.role, m.to, &mut rivals),
        }
        let mut san = [0; 8];
        let len = standard_san(pos, rivals.moves().unwrap_or_default(), m, &mut san);
        assert_eq!(
            std::str::from_utf8(&san[..len]),
            Ok(move_to_san_marked(pos, general, m, None).as_str()),
            "{fen}: the SAN of {m:?}"
        );
    }
    let mut few = Few::new();
    probe::castles(&sets, &mut few);
    let castles: Vec<Move> = general.iter().filter(|m| m.kind == MoveKind::Castle).copied().collect();
    assert_eq!(
        few.moves().map(<[Move]>::to_vec).map(sorted),
        Some(sorted(castles)),
        "{fen}: castling"
    );
    let (mut read, mut named) = (0, 0);
    for text in texts(pos, general) {
        let fast = exact_san_on(pos, &sets, &text);
        assert_eq!(fast, exact_san(pos, general, &text), "{fen}: '{text}'");
        read += 1;
        named += usize::from(fast.is_some());
    }
    (read, named)
}

/// Texts to read in `pos`: every legal move's SAN bare and with either mark, and near misses
/// made from them (the disambiguation dropped, changed or added, the capture mark toggled,
/// another promotion, another piece letter, lower case, other squares).
fn texts(pos: &Position, legal: &[Move]) -> Vec<String> {
    let mut out = Vec::new();
    for m in legal {
        let san = move_to_san_marked(pos, legal, m, None);
        out.push(format!("{san}+"));
        out.push(format!("{san}#"));
        let (body, promotion) = san.split_once('=').map_or((san.as_str(), ""), |(b, p)| (b, p));
        let square = &body[body.len().saturating_sub(2)..];
        let head = &body[..body.len().saturating_sub(2)];
        let bare = head.trim_end_matches('x');
        let capture = if head.ends_with('x') { "" } else { "x" };
        for other in ["Q", "R", "B", "N", "K", "P", ""] {
            if !promotion.is_empty() {
                out.push(format!("{body}={other}"));
            }
        }
        out.push(format!("{bare}{capture}{square}"));
        if let Some(letter) = bare.chars().next().filter(char::is_ascii_uppercase) {
            for hint in ["", "a", "h", "1", "8", "a1", "d4", "e5"] {
                out.push(format!("{letter}{hint}x{square}"));
                out.push(format!("{letter}{hint}{square}"));
            }
            for other in ['Q', 'R', 'B', 'N', 'K', 'Z'] {
                out.push(format!("{other}{}", &san[1..]));
            }
            out.push(san.to_ascii_lowercase());
        }
        for (file, rank) in [(0u8, 0u8), (7, 7), (3, 4)] {
            let elsewhere = Geometry::standard().name(rank * 8 + file);
            out.push(format!("{head}{elsewhere}"));
        }
        out.push(san);
    }
    out.extend(["O-O", "O-O-O", "O-O+", "0-0", "e9", "i4", "e", "=Q", "Ne", "xe4", ""].map(String::from));
    out
}

/// The plain board's squares are read by name as the general geometry reads them there.
#[test]
fn standard_square_names_read_as_the_geometry_reads_them() {
    let geo = Geometry::standard();
    let parts = ["a", "e", "h", "i", "z", "A", "1", "0", "8", "9", "10", "x", "+", ""];
    let mut squares = 0;
    for a in parts {
        for b in parts {
            for c in ["", "1", "8"] {
                let text = format!("{a}{b}{c}");
                let read = standard_square(text.as_bytes());
                assert_eq!(read, geo.parse_square(&text), "'{text}'");
                squares += usize::from(read.is_some());
            }
        }
    }
    assert!(squares >= 9, "{squares}");
}

/// A game set up in a position the fast path plays ends as the general engine's list says:
/// mated, stalemated, in check with a way out, or at the start.
#[test]
fn a_game_set_up_on_the_sets_ends_as_the_list_says() -> Result<(), String> {
    use crate::outcome::position_result_among;
    use crate::rules::ChessRules;
    use kifu_core::rules::{Rules, Setup};

    let options = std::collections::BTreeMap::new();
    let fens = [
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1",
        Variant::Standard.start_fen(),
    ];
    let mut ends = Vec::new();
    for fen in fens {
        let state = ChessRules {
            variant: Variant::Standard,
        }
        .setup(&Setup {
            options: &options,
            players: 2,
            start: Some(fen),
        })
        .map_err(|e| e.reason)?;
        let pos = crate::fen::parse_fen(Variant::Standard, fen)?;
        let mut general = Vec::new();
        crate::movegen::gen_legal_general(&pos, &mut general);
        assert_eq!(state.result, position_result_among(&pos, &general), "{fen}");
        ends.push(state.result.map(|o| o.to_string()));
    }
    assert!(ends[0].as_deref().is_some_and(|e| e.contains("checkmate")), "{ends:?}");
    assert!(ends[1].as_deref().is_some_and(|e| e.contains("stalemate")), "{ends:?}");
    assert_eq!(ends[2..], [None, None]);
    Ok(())
}
