//! The fairy variants' rules on hand-built positions taken from the rules' own examples
//! (chessvariants.com, Wikipedia, the Schwalbe problem database; cited per test), each rule
//! firing once at least, and every variant's record through PGN (with its `Variant` tag) and
//! back.

use crate::fen::{parse_fen, to_fen};
use crate::movegen::legal_moves;
use crate::notation::PGN;
use crate::outcome::position_result;
use crate::piece::Color;
use crate::position::Position;
use crate::san::move_to_san;
use crate::uci::{move_to_uci, parse_uci};
use crate::variant::Variant;
use kifu_core::format::{build, Format};
use kifu_core::record::{Actor, ChanceMode, Header, Record};
use kifu_core::replay::{verify_record, Replay};

fn pos(v: Variant, fen: &str) -> Position {
    parse_fen(v, fen).unwrap_or_else(|e| panic!("{} {fen}: {e}", v.name()))
}

fn ucis(p: &Position) -> Vec<String> {
    let mut l: Vec<String> = legal_moves(p).iter().map(|m| move_to_uci(p, m)).collect();
    l.sort();
    l
}

fn after(p: &Position, uci: &str) -> Position {
    let m = parse_uci(p, uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
    let mut n = p.clone();
    n.play(&m);
    n
}

fn san(p: &Position, uci: &str) -> String {
    move_to_san(p, &parse_uci(p, uci).unwrap_or_else(|e| panic!("{uci}: {e}")))
}

/// Wikipedia, "Knight relay chess", the example diagram: the e6 pawn guarded by the d4 knight
/// moves to e7, c7, g7, c5, g5 and f4 but not to d8 or f8; the king on d8 is not in check from
/// b7; the queen cannot take the c3 knight; the c2 knight does not check; Qd6 mates.
#[test]
fn knightrelay_wikipedia_example() {
    let p = pos(Variant::KnightRelay, "3k4/1N6/4P3/p7/3N4/Q1n5/2n5/4K3 w - - 0 1");
    let pawn: Vec<String> = ucis(&p).into_iter().filter(|m| m.starts_with("e6")).collect();
    assert_eq!(pawn, ["e6c5", "e6c7", "e6e7", "e6f4", "e6g5", "e6g7"]);
    assert!(!p.in_check(Color::White));
    assert!(!ucis(&p).contains(&"a3c3".to_string()), "knights are never taken");
    assert!(
        !ucis(&p).iter().any(|m| m.starts_with("b7") && m.ends_with("a5")),
        "knights never take"
    );
    assert_eq!(san(&p, "a3d6"), "Qd6#");
    let mate = after(&p, "a3d6");
    assert!(position_result(&mate).is_some_and(|o| o.winners == [0] && o.reason == "checkmate"));
    // A lent pawn move is written with its square, and reads back.
    assert_eq!(san(&p, "e6g5"), "e6g5");
    assert_eq!(crate::san::parse_move(&p, "e6g5").ok(), parse_uci(&p, "e6g5").ok());
}

/// Schwalbe keyword "Monochromatic chess": knights never move, pawns only step two or
/// capture, only king-side castling; kings on squares of different colours may touch.
#[test]
fn monochromatic_rules() {
    let start = pos(Variant::Monochromatic, Variant::Monochromatic.start_fen());
    assert_eq!(
        ucis(&start),
        ["a2a4", "b2b4", "c2c4", "d2d4", "e2e4", "f2f4", "g2g4", "h2h4"]
    );
    let castles = pos(Variant::Monochromatic, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let l = ucis(&castles);
    assert!(
        l.contains(&"e1g1".to_string()) && !l.contains(&"e1c1".to_string()),
        "{l:?}"
    );
    let touching = pos(Variant::Monochromatic, "8/8/8/8/8/8/4k3/4K3 w - - 0 1");
    assert!(!touching.in_check(Color::White));
    assert!(parse_fen(Variant::Standard, "8/8/8/8/8/8/4k3/4K3 w - - 0 1").is_err());
    // e1 and e2 differ in colour, so neither king takes the other; d1 and f1 are dark like e1.
    assert_eq!(ucis(&touching), ["e1d2", "e1f2"]);
}

/// Grid chess (chessvariants.com, "Grid Chess"): a move must leave its 2x2 block, and a
/// piece in the king's block does not check it.
#[test]
fn grid_rules() {
    let p = pos(Variant::Grid, "4k3/4R3/8/8/8/8/8/K7 b - - 0 1");
    assert!(!p.in_check(Color::Black), "e7 and e8 share a block");
    // Kxe7, Kf7 and Kf8 stay in the block; d7 is attacked across the line; d8 is free.
    assert_eq!(ucis(&p), ["e8d8"]);
    let r = pos(Variant::Grid, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let rook: Vec<String> = ucis(&r).into_iter().filter(|m| m.starts_with("a1")).collect();
    assert_eq!(rook, ["a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1c1", "a1d1"]);
}

/// Patrol chess (chessvariants.com, "Patrol Chess"): only a guarded piece captures or checks.
#[test]
fn patrol_rules() {
    let guarded = pos(Variant::Patrol, "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1");
    assert!(ucis(&guarded).contains(&"d1d5".to_string()));
    let alone = pos(Variant::Patrol, "4k3/8/8/3p4/8/8/8/3R2K1 w - - 0 1");
    let l = ucis(&alone);
    assert!(
        !l.contains(&"d1d5".to_string()) && l.contains(&"d1d4".to_string()),
        "{l:?}"
    );
    let no_check = pos(Variant::Patrol, "3k4/8/8/8/8/8/8/3R2K1 b - - 0 1");
    assert!(!no_check.in_check(Color::Black));
    assert!(ucis(&no_check).contains(&"d8d7".to_string()));
}

/// Madrasi (chessvariants.com, "Madrasi"): like pieces of opposite colours that attack each
/// other are both paralysed, and a paralysed rook gives no check.
#[test]
fn madrasi_rules() {
    let bishops = pos(Variant::Madrasi, "4k3/8/8/3b4/8/1B6/8/4K3 w - - 0 1");
    assert!(!ucis(&bishops).iter().any(|m| m.starts_with("b3")));
    let rooks = pos(Variant::Madrasi, "4k3/8/8/8/8/8/R7/r3K3 w - - 0 1");
    assert!(!rooks.in_check(Color::White));
    assert_eq!(ucis(&rooks), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    // Kings are never paralysed: two kings could not meet anyway, and a king moves freely.
    let kings = pos(Variant::Madrasi, "8/8/8/3k4/8/3K4/8/8 w - - 0 1");
    assert_eq!(ucis(&kings).len(), 5);
}

/// Andernach: the capturing rook turns black; a capture that would turn the rook into a
/// checker of its own former king is illegal.
#[test]
fn andernach_rules() {
    let p = pos(Variant::Andernach, "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1");
    assert_eq!(to_fen(&after(&p, "d1d5")), "4k3/8/8/3r4/8/8/8/4K3 b - - 0 1");
    let q = pos(Variant::Andernach, "4k3/8/8/R3p3/8/8/8/4K3 w - - 0 1");
    let l = ucis(&q);
    assert!(
        !l.contains(&"a5e5".to_string()) && l.contains(&"a5a8".to_string()),
        "{l:?}"
    );
}

/// Anti-Andernach: a piece that does not capture turns; 1.Nf3 would leave a black knight
/// checking e1, so white has 19 first moves; a capture keeps the colour; castling changes
/// nothing (the rook keeps its colour).
#[test]
fn antiandernach_rules() {
    let start = pos(Variant::AntiAndernach, Variant::AntiAndernach.start_fen());
    assert_eq!(ucis(&start).len(), 19);
    assert!(!ucis(&start).contains(&"g1f3".to_string()));
    assert_eq!(
        to_fen(&after(&start, "e2e4")),
        "rnbqkbnr/pppppppp/8/8/4p3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let c = pos(Variant::AntiAndernach, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(to_fen(&after(&c, "e1g1")), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

/// Circe: a captured knight on a light square is reborn on g8 (light), a captured pawn on its
/// second rank in the capture file; an occupied rebirth square makes the piece vanish.
#[test]
fn circe_rules() {
    let p = pos(Variant::Circe, "4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1");
    assert_eq!(to_fen(&after(&p, "d1d5")), "4k1n1/8/8/3Q4/8/8/8/4K3 b - - 0 1");
    let pawn = pos(Variant::Circe, "4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1");
    assert_eq!(to_fen(&after(&pawn, "e1e5")), "4k3/4p3/8/4R3/8/8/8/5K2 b - - 0 1");
    let full = pos(Variant::Circe, "4k1b1/8/8/3n4/8/8/8/3QK3 w - - 0 1");
    assert_eq!(to_fen(&after(&full, "d1d5")), "4k1b1/8/8/3Q4/8/8/8/4K3 b - - 0 1");
    // The rebirth may block a check: here the reborn rook on h8 shields nothing, but a
    // capture whose reborn piece would check the capturer's king is refused.
    let shield = pos(Variant::Circe, "7k/8/8/8/8/8/8/K6r w - - 0 1");
    assert!(shield.in_check(Color::White));
    let selfcheck = pos(Variant::Circe, "k7/8/8/8/8/8/8/1r2K2R w - - 0 1");
    assert!(!ucis(&selfcheck).contains(&"e1b1".to_string()));
}

/// Cylinder chess: the a- and h-files touch; a rook on h1 checks a king on a1, which may
/// take it; a pawn on h2 takes on a3. Castling is the orthodox one, never across the seam.
#[test]
fn cylinder_rules() {
    let p = pos(Variant::Cylinder, "k7/8/8/8/8/8/8/K6r w - - 0 1");
    assert!(p.in_check(Color::White));
    assert_eq!(ucis(&p), ["a1a2", "a1b2", "a1h1"]);
    let pawn = pos(Variant::Cylinder, "4k3/8/8/8/8/p7/7P/4K3 w - - 0 1");
    assert!(ucis(&pawn).contains(&"h2a3".to_string()));
    assert_eq!(san(&pawn, "h2a3"), "hxa3");
    let castle = pos(Variant::Cylinder, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let l = ucis(&castle);
    assert!(l.contains(&"e1g1".to_string()) && l.contains(&"e1c1".to_string()));
}

/// Dunsany's chess: black's 32 pawns move first, one step only: 8 moves; white then has its
/// 20 opening moves less the blocked double step (e2e4 after ...e4 and so on): 8 x 19. White
/// wins by taking every black piece; a lone black pawn may still promote.
#[test]
fn dunsany_rules() {
    let v = Variant::Dunsany;
    assert_eq!(crate::perft::perft(v, v.start_fen(), 1), Ok(8));
    assert_eq!(crate::perft::perft(v, v.start_fen(), 2), Ok(8 * 19));
    let p = pos(v, "8/8/8/8/8/4p3/8/4K3 b - - 0 1");
    assert_eq!(ucis(&p), ["e3e2"]);
    let gone = pos(v, "8/8/8/8/8/8/8/4K3 b - - 0 1");
    assert!(position_result(&gone).is_some_and(|o| o.winners == [0]));
    let promote = pos(v, "8/8/8/8/8/8/p7/7K b - - 0 1");
    assert!(ucis(&promote).contains(&"a2a1q".to_string()));
}

/// Glinski: the start has 51 moves for white (Glinski's rules; the count follows from the
/// pieces' moves checked in tests/hex.rs), no castling, and the FEN of the start reads back.
#[test]
fn glinski_start() {
    let v = Variant::Glinski;
    let p = pos(v, v.start_fen());
    assert_eq!(to_fen(&p), v.start_fen());
    assert_eq!(legal_moves(&p).len(), 51);
    assert_eq!(san(&p, "f5f6"), "f6");
}

/// Los Alamos has no bishops (a FEN with one is refused) and promotes to Q, R or N only.
#[test]
fn losalamos_rules() {
    let p = pos(Variant::LosAlamos, "3k2/P5/6/6/6/3K2 w - - 0 1");
    let promo: Vec<String> = ucis(&p).into_iter().filter(|m| m.starts_with("a5")).collect();
    assert_eq!(promo, ["a5a6n", "a5a6q", "a5a6r"]);
}

/// A short seeded game of each new variant, written as PGN with its `Variant` tag and read
/// back: the same moves, the same final position, and the record verifies.
#[test]
fn every_fairy_variant_round_trips_through_pgn() {
    for v in [
        Variant::Extinction,
        Variant::LosAlamos,
        Variant::Dunsany,
        Variant::Cylinder,
        Variant::Grid,
        Variant::Glinski,
        Variant::Monochromatic,
        Variant::Patrol,
        Variant::Madrasi,
        Variant::Andernach,
        Variant::AntiAndernach,
        Variant::Circe,
        Variant::KnightRelay,
        Variant::Alice,
    ] {
        let header = Header::new(v.name(), 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
        let mut replay = Replay::start(crate::registry(), &header).unwrap_or_else(|f| panic!("{f}"));
        let mut record = Record::new(header);
        let mut p = pos(v, v.start_fen());
        let mut seed: u64 = 12345;
        for _ in 0..30 {
            let moves = legal_moves(&p);
            if moves.is_empty() || position_result(&p).is_some() {
                break;
            }
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let m = moves[(seed >> 33) as usize % moves.len()];
            let text = move_to_san(&p, &m);
            let entry = replay
                .play(None, &text, None)
                .unwrap_or_else(|f| panic!("{} {text}: {f}", v.name()));
            record.entries.push(entry);
            p.play(&m);
        }
        let pgn = PGN.write(&record).unwrap_or_else(|e| panic!("{}: {e}", v.name()));
        assert!(pgn.contains("[Variant \""), "{pgn}");
        let drafts = PGN.read(&pgn);
        let draft = drafts
            .into_iter()
            .next()
            .and_then(Result::ok)
            .unwrap_or_else(|| panic!("{pgn}"));
        let again = build(crate::registry(), &draft, None).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
        assert_eq!(again.header.game, v.name());
        let seat_moves = |r: &Record| -> Vec<String> {
            r.entries
                .iter()
                .filter(|e| matches!(e.actor, Actor::Seat(_)))
                .map(|e| e.command.clone())
                .collect()
        };
        assert_eq!(seat_moves(&again), seat_moves(&record), "{pgn}");
        assert!(verify_record(crate::registry(), &again).failure.is_none(), "{pgn}");
    }
}
