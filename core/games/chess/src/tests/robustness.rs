//! Garbage text never panics: FEN, EPD and move readers over many deterministic random
//! strings, and the perft text entry point's errors.

use crate::fen::{parse_epd, parse_fen};
use crate::perft::{divide, perft_text};
use crate::san::parse_move;
use crate::uci::parse_uci;
use crate::variant::{Variant, VARIANTS};

/// A small deterministic generator (xorshift) so the cases are the same on every run.
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn text(&mut self, alphabet: &[char], max: u64) -> String {
        let n = self.next() % max;
        (0..n)
            .map(|_| alphabet[(self.next() % alphabet.len() as u64) as usize])
            .collect()
    }
}

#[test]
fn random_text_is_refused_without_panic() {
    let fen_chars: Vec<char> = "pnbrqkPNBRQK12345678/ wb-KQkqAHah[]~+e3609".chars().collect();
    let move_chars: Vec<char> = "abcdefghNBRQKxX=-+#@O0o123456789♘♞ ".chars().collect();
    let mut noise = Noise(0x9e37_79b9_7f4a_7c15);
    for variant in VARIANTS {
        let start = parse_fen(variant, variant.start_fen());
        let Ok(start) = start else {
            panic!("{}: start FEN refused: {start:?}", variant.name());
        };
        for _ in 0..300 {
            let fen = noise.text(&fen_chars, 60);
            let _ = parse_fen(variant, &fen);
            let _ = parse_epd(variant, &fen);
            let text = noise.text(&move_chars, 9);
            let _ = parse_move(&start, &text);
            let _ = parse_uci(&start, &text);
        }
    }
}

#[test]
fn perft_text_and_divide() {
    assert_eq!(perft_text("chess", None, 3, false), Ok("8902\n".to_string()));
    let report = perft_text("3check", None, 1, true);
    assert!(
        report
            .as_ref()
            .is_ok_and(|r| r.contains("e2e4: 1\n") && r.ends_with("total: 20\n")),
        "{report:?}"
    );
    assert!(perft_text("shogi", None, 1, false).is_err_and(|e| e.contains("unknown chess variant")));
    assert!(perft_text("chess", Some("not a fen"), 1, false).is_err());
    let rows = divide(Variant::Chess960, "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", 1);
    assert!(rows.is_ok_and(|r| r.iter().any(|(m, _)| m == "g1h1") && r.iter().any(|(m, _)| m == "g1b1")));
}
