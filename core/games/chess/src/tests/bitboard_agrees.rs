//! The bitboard fast path against the general engine: the same legal moves in the same order
//! (and the same count) and the same position after every move, at every node of shallow trees from
//! the perft suites and along seeded random games of standard chess and Chess960; the general
//! engine's own standard perft against the published figures; and the positions it declines.
//! Also the rules' shortcuts on the fast path: the moves in the generator's own order are the
//! same set, SAN's check mark from the sets is the general engine's, and the probes that list
//! no moves answer as the list does (`probe_agrees`).

use crate::bitboard::{self, legal, Board};
use crate::fen::parse_fen;
use crate::movegen::{count_legal, gen_legal_general, legal_moves};
use crate::outcome::position_result_among;
use crate::perft::perft_general;
use crate::piece::Role;
use crate::position::{Move, MoveKind, Position};
use crate::start::chess960_fen;
use crate::variant::Variant;

use super::perft_suites::{cases as suite, CHESS960};

const STANDARD: &str = include_str!("../../../../../fixtures/chess/perft/standard.perft");

/// What was compared, to show the special moves were reached.
#[derive(Default)]
struct Seen {
    positions: usize,
    checks: usize,
    promotions: usize,
    en_passant: usize,
    castles: usize,
    mates: usize,
    /// SAN texts read both from the sets and from the list of legal moves, and how many
    /// named a move.
    texts: usize,
    named: usize,
}

/// The fast path and the general engine agree on `pos`: same legal moves in the same order
/// (`movegen::legal_moves`, which takes the fast path, against the general engine alone), same count,
/// and after each move the board the fast path makes equals the general engine's position
/// read again. Returns the general engine's moves.
fn agree(pos: &Position, seen: &mut Seen) -> Vec<Move> {
    let board = Board::from_position(pos).unwrap_or_else(|| panic!("no board for {}", crate::fen::to_fen(pos)));
    let mut general = Vec::new();
    gen_legal_general(pos, &mut general);
    let fen = crate::fen::to_fen(pos);
    let mut fast = Vec::new();
    assert!(bitboard::gen_legal(pos, &mut fast), "{fen}");
    assert_eq!(fast, general, "legal moves of {fen}");
    assert_eq!(legal_moves(pos), general, "movegen's legal moves of {fen}");
    let mut count = legal::Count(0);
    legal::generate(&board, &mut count);
    assert_eq!(count.0, general.len() as u64, "move count of {fen}");
    assert_eq!(count_legal(pos), count.0, "{fen}");
    let mut unordered = Vec::new();
    bitboard::gen_legal_unordered(&board, &mut unordered);
    unordered.sort();
    let mut sorted = general.clone();
    sorted.sort();
    assert_eq!(unordered, sorted, "legal moves of {fen} in any order");
    for m in &general {
        let mut next = pos.clone();
        next.play(m);
        let mut after_legal = Vec::new();
        gen_legal_general(&next, &mut after_legal);
        let mate = position_result_among(&next, &after_legal).is_some_and(|o| !o.winners.is_empty());
        let mark = if mate {
            Some('#')
        } else {
            next.in_check(next.turn).then_some('+')
        };
        assert_eq!(
            bitboard::check_mark(&board, m),
            Some(mark),
            "{fen}: the check mark of {m:?}"
        );
        seen.mates += usize::from(mate);
        let mut made = board.clone();
        made.play(m);
        assert_eq!(Board::from_position(&next), Some(made), "{fen} after {m:?}");
        seen.promotions += usize::from(m.promotion.is_some());
        seen.en_passant += usize::from(m.kind == MoveKind::EnPassant);
        seen.castles += usize::from(m.kind == MoveKind::Castle);
    }
    seen.positions += 1;
    seen.checks += usize::from(pos.in_check(pos.turn));
    let (texts, named) = super::probe_agrees::probes_agree(pos, &board, &general);
    seen.texts += texts;
    seen.named += named;
    general
}

fn walk(pos: &Position, depth: u32, seen: &mut Seen) {
    let moves = agree(pos, seen);
    if depth > 1 {
        for m in &moves {
            let mut next = pos.clone();
            next.play(m);
            walk(&next, depth - 1, seen);
        }
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow unoptimised: runs in the release suites (.ci/run)")]
fn every_node_of_the_standard_suite_to_depth_three_agrees() -> Result<(), String> {
    let mut seen = Seen::default();
    for (fen, _) in suite(STANDARD) {
        walk(&parse_fen(Variant::Standard, &fen)?, 3, &mut seen);
    }
    assert!(seen.positions > 5_000, "{} positions", seen.positions);
    assert!(seen.checks > 50 && seen.promotions > 50 && seen.en_passant > 5 && seen.castles > 50);
    assert!(seen.mates > 100, "{} mates", seen.mates);
    assert!(
        seen.named > 1_000_000 && seen.texts > 4 * seen.named,
        "{} of {} texts named a move",
        seen.named,
        seen.texts
    );
    Ok(())
}

#[test]
fn every_node_of_a_quarter_of_the_chess960_suite_to_depth_two_agrees() -> Result<(), String> {
    let mut seen = Seen::default();
    for (fen, _) in suite(CHESS960).iter().step_by(4) {
        walk(&parse_fen(Variant::Chess960, fen)?, 2, &mut seen);
    }
    assert!(
        seen.positions > 5_000 && seen.castles > 100,
        "{} positions",
        seen.positions
    );
    Ok(())
}

/// A small deterministic generator (xorshift64).
struct Seeded(u64);

impl Seeded {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Random games that favour the moves with most to get wrong: promotions, en passant,
/// castling and captures are taken whenever offered on a coin toss.
fn random_games(variant: Variant, starts: &[String], games: usize, seed: u64) -> Result<Seen, String> {
    let mut rng = Seeded(seed);
    let mut seen = Seen::default();
    for game in 0..games {
        let mut pos = parse_fen(variant, &starts[game % starts.len()])?;
        for _ in 0..160 {
            let moves = agree(&pos, &mut seen);
            if moves.is_empty() {
                break;
            }
            let special: Vec<&Move> = moves
                .iter()
                .filter(|m| {
                    m.promotion.is_some() || m.kind != MoveKind::Normal || pos.is_capture(m) || m.role == Role::Pawn
                })
                .collect();
            let m = if !special.is_empty() && rng.below(2) == 0 {
                *special[rng.below(special.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos.play(&m);
        }
    }
    Ok(seen)
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow unoptimised: runs in the release suites (.ci/run)")]
fn seeded_random_games_of_standard_chess_agree() -> Result<(), String> {
    let start = Variant::Standard.start_fen().to_string();
    let seen = random_games(Variant::Standard, &[start], 60, 17)?;
    assert!(seen.positions > 4_000, "{} positions", seen.positions);
    assert!(seen.checks > 100 && seen.promotions > 100 && seen.en_passant > 20 && seen.castles > 100);
    Ok(())
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow unoptimised: runs in the release suites (.ci/run)")]
fn seeded_random_games_of_chess960_agree() -> Result<(), String> {
    let starts: Vec<String> = (0..960).step_by(37).filter_map(chess960_fen).collect();
    let seen = random_games(Variant::Chess960, &starts, 40, 960)?;
    assert!(seen.positions > 3_000, "{} positions", seen.positions);
    assert!(seen.checks > 100 && seen.promotions > 50 && seen.castles > 50);
    Ok(())
}

#[test]
fn the_general_engine_still_meets_the_standard_suite() -> Result<(), String> {
    let mut checked = 0;
    for (fen, counts) in suite(STANDARD) {
        let pos = parse_fen(Variant::Standard, &fen)?;
        for (depth, expected) in counts.into_iter().filter(|&(_, n)| n <= 12_000) {
            assert_eq!(perft_general(&pos, depth), expected, "{fen} depth {depth}");
            checked += 1;
        }
    }
    assert!(checked > 30, "{checked}");
    Ok(())
}

#[test]
fn other_variants_and_boards_are_left_to_the_general_engine() -> Result<(), String> {
    assert!(Board::from_position(&parse_fen(Variant::Standard, Variant::Standard.start_fen())?).is_some());
    for variant in [
        Variant::Crazyhouse,
        Variant::Atomic,
        Variant::Cylinder,
        Variant::Antichess,
        Variant::Horde,
    ] {
        let pos = parse_fen(variant, variant.start_fen())?;
        assert!(Board::from_position(&pos).is_none(), "{}", variant.name());
        assert!(bitboard::perft(&pos, 1).is_none());
    }
    // A castling right whose rook is gone is not the fast path's to read.
    let mut pos = parse_fen(Variant::Standard, Variant::Standard.start_fen())?;
    pos.put(7, 0);
    assert!(Board::from_position(&pos).is_none());
    // En passant squares no double step explains: off its rank, or with no pawn to take.
    for ep in [60, 63, 44, 20] {
        let mut pos = parse_fen(Variant::Standard, Variant::Standard.start_fen())?;
        pos.ep = Some(ep);
        assert!(Board::from_position(&pos).is_none(), "ep {ep}");
    }
    let pos = parse_fen(Variant::Standard, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")?;
    assert!(Board::from_position(&pos).is_some_and(|b| b.ep == Some(43)));
    Ok(())
}
