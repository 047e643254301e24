//! Robustness and speed: random fragments never make the reader panic, and a measured read of
//! a multi-megabyte file (`cargo test --release -p kifu-chess pgn_read_rate -- --ignored --nocapture`).

use super::*;

/// A small deterministic generator (64-bit LCG, Knuth's MMIX constants).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

const FRAGMENTS: [&str; 40] = [
    "[", "]", "\"", "\\", "{", "}", "(", ")", ";", "%", "$", "\n", "\r", " ", "1.", "...", "e4", "N", "x", "=", "Q",
    "@", "O-O", "\u{bd}", "\u{2658}", "\u{2026}", "1-0", "*", "\u{e9}", "\u{a0}", "9", "b", "Event", "e.p.", "!?", "+",
    "#", "-", "12", "p16",
];

#[test]
fn random_fragments_never_panic_and_games_are_numbered() {
    let mut rng = Lcg(7);
    for _ in 0..3000 {
        let len = rng.below(60);
        let text: String = (0..len).map(|_| FRAGMENTS[rng.below(FRAGMENTS.len())]).collect();
        let games = read_games(&text);
        let mut last_line = 0;
        for (i, game) in games.iter().enumerate() {
            let (number, line) = match game {
                Ok(g) => (g.number, g.line),
                Err(e) => (e.game, e.line),
            };
            assert_eq!(number, i + 1, "{text:?}");
            assert!(line >= last_line || game.is_err(), "{text:?}");
            last_line = line;
        }
        let word: String = (0..rng.below(6))
            .map(|_| FRAGMENTS[rng.below(FRAGMENTS.len())])
            .collect();
        let _ = parse_move(&word);
    }
}

/// A file of `games` copies of a realistic game with comments, clocks and a variation.
fn synthetic(games: usize) -> String {
    let game = "[Event \"Rated blitz game\"]\n[Site \"https://example.org/abcd\"]\n[Date \"2024.01.02\"]\n\
                [Round \"-\"]\n[White \"alpha\"]\n[Black \"beta\"]\n[Result \"0-1\"]\n[WhiteElo \"1500\"]\n\
                [BlackElo \"1520\"]\n[ECO \"C50\"]\n\n1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } \
                2. Nf3 Nc6 3. Bc4 Bc5 (3... Nf6 4. Ng5 d5) 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Bd2 Bxd2+ \
                8. Nbxd2 d5 9. exd5 Nxd5 10. Qb3 Nce7 11. O-O O-O 12. Rfe1 c6 $1 13. a4 Qb6 14. a5 Qxb3 \
                15. Nxb3 Bf5 16. Nc5 b6 17. axb6 axb6 18. Rxa8 Rxa8 19. Nb3 Ra2 20. Re2 Ra1+ 0-1\n\n";
    game.repeat(games)
}

#[test]
#[ignore = "a measurement: run with --release -- --ignored --nocapture"]
fn pgn_read_rate() {
    let text = synthetic(8000);
    let mut best = f64::MAX;
    for _ in 0..5 {
        let start = std::time::Instant::now();
        let games = read_games(&text);
        best = best.min(start.elapsed().as_secs_f64());
        assert_eq!(games.len(), 8000);
        assert!(games.iter().all(|g| g.as_ref().is_ok_and(|g| g.main.moves.len() == 40)));
    }
    let mb = text.len() as f64 / 1e6;
    println!(
        "read {mb:.1} MB, 8000 games, best of 5 in {best:.3} s: {:.1} MB/s",
        mb / best
    );
}

/// Texts built to make a careless reader quadratic; each must read in one pass.
#[test]
fn pathological_texts_read_in_one_pass() {
    let cases = [
        "[]".repeat(200_000),
        "[a \"b\"]".repeat(100_000),
        (0..100_000).map(|i| format!("[T{i} \"v\"]")).collect::<String>(),
        format!("1. e4 {} *", "2. ".repeat(100_000)),
        format!("{} *", "e4 ".repeat(100_000)),
        "{ a\n".repeat(100_000),
        "(".repeat(100_000),
        format!("1. e4 {}", "( e5 ".repeat(50_000)),
        "\"".repeat(300_000),
        format!("[Event \"{}\n", "\" ".repeat(200_000)),
    ];
    for text in cases {
        let games = read_games(&text);
        assert!(!games.is_empty());
    }
}
