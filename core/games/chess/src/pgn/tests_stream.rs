//! The pieces reader hands out exactly the games `read_games` reads from the whole text, with
//! the same lines and numbers, wherever the text is cut between lines.

use super::*;
use kifu_core::format::decode_text;

const NASTY: &[u8] = include_bytes!("../../../../../fixtures/pgn/nasty.pgn");
const LENIENT: &[u8] = include_bytes!("../../../../../fixtures/chess/lenient.pgn");
const ORACLE: &[u8] = include_bytes!("../../../../../fixtures/pgn/oracle_python_chess.pgn");

/// Texts where a careless cut would read differently: a comment holding a blank line and a
/// tag-like line, a comment between tags, games split only by results, `%` lines, a bad tag,
/// a comment never closed before the next game's tags, a game begun mid-line by a word opening
/// with `%` (an escape only at a line's start), and a file without a final newline.
const TRICKY: &str = "[Event \"a\"]\n{ a comment\n\n[%clk 0:01:00] }\n[Site \"b\"]\n\n1. e4 e5 { over\n\n[Event \"not a tag\" } 2. Nf3 1-0\n\n\
% an escape line\n[Event \"c\"]\n[Event \"c again\"]\n\n1. d4 *\n1. c4 c5 1/2-1/2\n1. g3 0-1\n[Bad tag\n1. e4 *\n\n\
[Event \"d\"]\n1. e4 { never closed\n[Event \"e\"]\n[Result \"1-0\"]\n\n1. f4 e5 2. fxe5 1-0\n\n1. e4 1-0 %odd 2. d4 *\n[Event \"f\"]\n1. b3";

/// The lines of `text`, each with its line end.
fn lines(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

/// Reads `text` fed in pieces that end where `ends` says (indexes into its lines).
fn read_in_pieces(text: &str, ends: &[usize]) -> Vec<Result<PgnGame, PgnError>> {
    let lines = lines(text);
    let mut pieces = Pieces::new();
    let mut games = Vec::new();
    let mut from = 0;
    for &end in ends.iter().chain([&lines.len()]) {
        let end = end.clamp(from, lines.len());
        games.extend(pieces.feed(&lines[from..end].concat()));
        from = end;
    }
    games.extend(pieces.finish());
    games
}

/// Cut points a small generator spreads over the lines: every line alone, then random ones.
fn cuttings(lines: usize) -> Vec<Vec<usize>> {
    let mut all = vec![(1..lines).collect::<Vec<_>>(), Vec::new()];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..40 {
        let mut ends = Vec::new();
        let mut at = 0;
        while at < lines {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            at += 1 + (seed >> 33) as usize % 40;
            ends.push(at);
        }
        all.push(ends);
    }
    all
}

fn check_every_cutting(text: &str) {
    let whole = read_games(text);
    assert!(!whole.is_empty());
    for ends in cuttings(lines(text).len()) {
        let pieces = read_in_pieces(text, &ends);
        assert_eq!(pieces, whole, "cut after lines {ends:?}");
    }
}

#[test]
fn tricky_text_reads_the_same_in_pieces() {
    let whole = read_games(TRICKY);
    let numbers: Vec<usize> = whole
        .iter()
        .map(|g| g.as_ref().map_or_else(|e| e.game, |g| g.number))
        .collect();
    assert_eq!(numbers, (1..=11).collect::<Vec<_>>(), "{whole:#?}");
    check_every_cutting(TRICKY);
}

#[test]
fn fixture_files_read_the_same_in_pieces() {
    for bytes in [NASTY, LENIENT, ORACLE] {
        let (text, _) = decode_text(bytes).unwrap_or_else(|e| panic!("{e}"));
        check_every_cutting(&text);
    }
}

#[test]
fn only_the_games_before_the_last_cut_are_handed_out() {
    let mut pieces = Pieces::new();
    let first = pieces.feed("[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4\n");
    assert_eq!(first.len(), 1);
    // The second game is held until the file ends or a third begins.
    let second = pieces.feed("d5 0-1\n");
    assert!(second.is_empty());
    let rest = pieces.finish();
    let games: Vec<(usize, usize)> = first
        .iter()
        .chain(&rest)
        .map(|g| g.as_ref().map(|g| (g.number, g.line)).unwrap_or((0, 0)))
        .collect();
    assert_eq!(games, [(1, 1), (2, 5)]);
}

#[test]
fn a_cut_holds_no_more_than_the_unfinished_game() {
    let mut pieces = Pieces::new();
    let game = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n";
    let mut handed = 0;
    for _ in 0..1000 {
        handed += pieces.feed(game).len();
    }
    assert_eq!(handed, 999);
    assert!(pieces.held_bytes() <= game.len(), "{} bytes held", pieces.held_bytes());
    assert_eq!(pieces.finish().len(), 1);
}
