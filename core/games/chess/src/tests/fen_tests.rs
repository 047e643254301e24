//! FEN and EPD: dialects read (X-FEN, Shredder, pockets both ways, check counters both ways),
//! canonical output, and illegal positions refused with a reason.

use crate::fen::{parse_epd, parse_fen, to_epd_with, to_fen};
use crate::variant::Variant;

fn round(variant: Variant, fen: &str) -> Result<String, String> {
    parse_fen(variant, fen).map(|p| to_fen(&p))
}

#[test]
fn standard_fen_round_trips() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(round(Variant::Standard, start).as_deref(), Ok(start));
    let short = round(
        Variant::Standard,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
    );
    assert_eq!(short.as_deref(), Ok(start), "EPD-style FEN gets default counters");
}

#[test]
fn shredder_and_xfen_castling() {
    let shredder = round(Variant::Standard, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    assert_eq!(shredder.as_deref(), Ok("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    let inner = round(Variant::Chess960, "rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1");
    assert_eq!(
        inner.as_deref(),
        Ok("rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1"),
        "inner rook keeps its file letter"
    );
    let outer = round(Variant::Chess960, "rr2k3/8/8/8/8/8/8/RR2K3 w Aa - 0 1");
    assert_eq!(outer.as_deref(), Ok("rr2k3/8/8/8/8/8/8/RR2K3 w Qq - 0 1"));
}

#[test]
fn en_passant_printed_only_when_capturable() {
    let fen = "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let p = parse_fen(
        Variant::Standard,
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    );
    assert!(p.is_ok_and(|p| to_fen(&p).contains(" e3 ")));
    let p = parse_fen(
        Variant::Standard,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    );
    assert!(p.is_ok_and(|p| to_fen(&p).contains(" - ")));
    assert!(parse_fen(Variant::Standard, fen).is_ok());
}

#[test]
fn crazyhouse_pockets_both_dialects() {
    let a = round(Variant::Crazyhouse, "4k3/1Q~6/8/8/4b3/8/Kpp5/8[Qn] b - - 0 1");
    let b = round(Variant::Crazyhouse, "4k3/1Q~6/8/8/4b3/8/Kpp5/8/Qn b - - 0 1");
    assert_eq!(a.as_deref(), Ok("4k3/1Q~6/8/8/4b3/8/Kpp5/8[Qn] b - - 0 1"));
    assert_eq!(a, b);
    assert!(parse_fen(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[Kq] w - - 0 1").is_err());
    assert!(parse_fen(Variant::Standard, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1").is_err());
}

#[test]
fn three_check_counters_both_dialects() {
    let remaining = round(Variant::ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 2+1 0 1");
    let given = round(Variant::ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+2");
    assert_eq!(remaining.as_deref(), Ok("4k3/8/8/8/8/8/8/4K3 w - - 2+1 0 1"));
    assert_eq!(remaining, given);
}

#[test]
fn illegal_positions_are_refused_with_reasons() {
    let cases = [
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "2 kings"),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", "0 kings"),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "first or last rank"),
        ("4k3/8/8/8/8/8/8/4K2p w - - 0 1", "first or last rank"),
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "black is in check"),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "no white rook"),
        ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "en passant"),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"),
        ("4k3/8/8/8/8/8/8/4K4 w - - 0 1", "squares"),
        ("4k3/8/8/8/8/8/4K3 w - - 0 1", "ranks"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 7", "counters"),
        ("4z3/8/8/8/8/8/8/4K3 w - - 0 1", "piece letter"),
        ("", "not a FEN"),
    ];
    for (fen, why) in cases {
        match parse_fen(Variant::Standard, fen) {
            Ok(_) => panic!("{fen} was accepted"),
            Err(e) => assert!(e.contains(why), "{fen}: '{e}' does not mention '{why}'"),
        }
    }
    assert!(parse_fen(Variant::RacingKings, "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w KQ - 0 1").is_err());
    assert!(
        parse_fen(Variant::Horde, "4k3/8/8/8/8/8/8/PPPP4 w - - 0 1").is_ok(),
        "horde pawns on rank 1"
    );
    assert!(
        parse_fen(Variant::Antichess, "8/8/8/8/8/8/8/KK6 w - - 0 1").is_ok(),
        "antichess kings are ordinary"
    );
}

#[test]
fn epd_operations_round_trip() {
    let line = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - bm Qxh3; id \"kiwi pete\";";
    let parsed = parse_epd(Variant::Standard, line);
    let Ok((pos, ops)) = parsed else {
        panic!("{parsed:?}");
    };
    assert_eq!(
        ops,
        vec![
            ("bm".to_string(), "Qxh3".to_string()),
            ("id".to_string(), "kiwi pete".to_string())
        ]
    );
    assert_eq!(to_epd_with(&pos, &ops), line);
}

/// The board field as written square by square from `Position::piece_at` and
/// `Piece::fen_char`, runs of empty squares counted with `to_string`: what the writer wrote
/// before it read letters from a table.
fn naive_board_field(pos: &crate::position::Position) -> String {
    use crate::piece::{BOARD_B_BIT, PROMOTED_BIT};
    let geo = pos.geo;
    let mut out = String::new();
    for rank in (0..geo.height).rev() {
        let mut empty = 0;
        for file in 0..geo.width {
            let sq = rank * geo.width + file;
            let piece = pos.piece_at(sq);
            if geo.has(sq) && piece.is_none() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            match piece.filter(|_| geo.has(sq)) {
                None => out.push('*'),
                Some(p) => {
                    if pos.board[sq as usize] & BOARD_B_BIT != 0 {
                        out.push('|');
                    }
                    out.push(p.fen_char());
                    if pos.variant.drops() && pos.board[sq as usize] & PROMOTED_BIT != 0 {
                        out.push('~');
                    }
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

#[test]
fn the_board_field_writes_every_piece_code_and_run_as_the_naive_writer() {
    use crate::piece::{BLACK_BIT, BOARD_B_BIT, PROMOTED_BIT};
    use crate::position::Position;
    let mut boards = 0;
    for variant in crate::variant::VARIANTS {
        let mut pos = Position::empty(variant);
        let geo = pos.geo;
        // Every role code of both colours, with runs of 0 to 12 empty squares between them,
        // some promoted and some on Alice's second board.
        let mut next = 0u32;
        for sq in 0..geo.squares() as u8 {
            next += 1;
            if !geo.has(sq) || next % 13 < next / 13 % 13 {
                continue;
            }
            let code = (next % 14) as u8 + 1;
            let code = code | if next.is_multiple_of(3) { BLACK_BIT } else { 0 };
            let code = code | if next.is_multiple_of(5) { PROMOTED_BIT } else { 0 };
            let code = code
                | if next.is_multiple_of(7) && variant == Variant::Alice {
                    BOARD_B_BIT
                } else {
                    0
                };
            pos.put(sq, code);
        }
        let fen = to_fen(&pos);
        let field = fen.split([' ', '[']).next().unwrap_or_default();
        assert_eq!(field, naive_board_field(&pos), "{}", variant.name());
        boards += 1;
    }
    assert_eq!(boards, crate::variant::VARIANTS.len());
}
