//! Tests of the move word reader: every written form it accepts, and words it refuses.

use super::*;

fn sq(name: &str) -> Square {
    let mut chars = name.chars();
    let file = chars.next().map_or(0, |c| c as u8 - b'a');
    let rank: u8 = chars.as_str().parse().unwrap_or(0);
    Square { file, rank: rank - 1 }
}

fn normal(piece: PieceHint, from_file: Option<char>, from_rank: Option<u8>, capture: bool, to: &str) -> NormalMove {
    NormalMove {
        piece,
        from_file: from_file.map(|c| c as u8 - b'a'),
        from_rank: from_rank.map(|r| r - 1),
        capture,
        to: sq(to),
        promotion: None,
    }
}

fn token(word: &str) -> MoveToken {
    match parse_move(word) {
        Ok(p) => p.token,
        Err(e) => panic!("{word}: {e}"),
    }
}

fn refused(word: &str) -> String {
    match parse_move(word) {
        Ok(p) => panic!("{word} was read as {p:?}"),
        Err(e) => e,
    }
}

const P: PieceHint = PieceHint::Pawn;
const ANY: PieceHint = PieceHint::Any;
fn piece(c: char) -> PieceHint {
    PieceHint::Piece(c)
}

#[test]
fn san_piece_and_pawn_moves() {
    assert_eq!(token("e4"), MoveToken::Normal(normal(P, None, None, false, "e4")));
    assert_eq!(
        token("Nf3"),
        MoveToken::Normal(normal(piece('N'), None, None, false, "f3"))
    );
    assert_eq!(token("exd5"), MoveToken::Normal(normal(P, Some('e'), None, true, "d5")));
    assert_eq!(
        token("Nbd2"),
        MoveToken::Normal(normal(piece('N'), Some('b'), None, false, "d2"))
    );
    assert_eq!(
        token("R1a3"),
        MoveToken::Normal(normal(piece('R'), None, Some(1), false, "a3"))
    );
    assert_eq!(
        token("Qh4xe1"),
        MoveToken::Normal(normal(piece('Q'), Some('h'), Some(4), true, "e1"))
    );
    assert_eq!(token("Pe4"), MoveToken::Normal(normal(P, None, None, false, "e4")));
}

#[test]
fn captures_without_x_and_with_colon() {
    assert_eq!(token("ed5"), MoveToken::Normal(normal(P, Some('e'), None, false, "d5")));
    assert_eq!(token("e:d5"), MoveToken::Normal(normal(P, Some('e'), None, true, "d5")));
    assert_eq!(
        token("N:f3"),
        MoveToken::Normal(normal(piece('N'), None, None, true, "f3"))
    );
}

#[test]
fn long_algebraic_and_uci() {
    assert_eq!(
        token("e2e4"),
        MoveToken::Normal(normal(ANY, Some('e'), Some(2), false, "e4"))
    );
    assert_eq!(
        token("e2-e4"),
        MoveToken::Normal(normal(ANY, Some('e'), Some(2), false, "e4"))
    );
    assert_eq!(
        token("e2xe4"),
        MoveToken::Normal(normal(ANY, Some('e'), Some(2), true, "e4"))
    );
    assert_eq!(
        token("Ng1f3"),
        MoveToken::Normal(normal(piece('N'), Some('g'), Some(1), false, "f3"))
    );
    assert_eq!(
        token("Ng1-f3"),
        MoveToken::Normal(normal(piece('N'), Some('g'), Some(1), false, "f3"))
    );
    // A whole from-square after a lower-case b/k/n is a square, not a piece letter.
    assert_eq!(
        token("b1c3"),
        MoveToken::Normal(normal(ANY, Some('b'), Some(1), false, "c3"))
    );
    assert_eq!(
        token("g1f3"),
        MoveToken::Normal(normal(ANY, Some('g'), Some(1), false, "f3"))
    );
}

#[test]
fn promotions_in_every_spelling() {
    let queen = |word: &str| match token(word) {
        MoveToken::Normal(m) => (m.to, m.promotion),
        other => panic!("{word}: {other:?}"),
    };
    for word in ["e8=Q", "e8Q", "e8=q", "e8q", "e8(Q)", "e7e8q", "e7-e8=Q"] {
        assert_eq!(queen(word), (sq("e8"), Some('Q')), "{word}");
    }
    assert_eq!(queen("exd1=N+"), (sq("d1"), Some('N')));
    assert_eq!(queen("a7a8b"), (sq("a8"), Some('B')));
    assert_eq!(queen("e8=\u{2655}"), (sq("e8"), Some('Q')));
}

#[test]
fn castling_null_and_drops() {
    for word in ["O-O", "0-0", "o-o", "O-O+", "0-0#"] {
        assert_eq!(token(word), MoveToken::Castle { long: false }, "{word}");
    }
    for word in ["O-O-O", "0-0-0", "o-o-o", "O-O-O!"] {
        assert_eq!(token(word), MoveToken::Castle { long: true }, "{word}");
    }
    for word in ["--", "Z0", "0000"] {
        assert_eq!(token(word), MoveToken::Null, "{word}");
    }
    assert_eq!(
        token("N@f3"),
        MoveToken::Drop {
            piece: 'N',
            to: sq("f3")
        }
    );
    assert_eq!(
        token("@e4"),
        MoveToken::Drop {
            piece: 'P',
            to: sq("e4")
        }
    );
    assert_eq!(
        token("P@e4+"),
        MoveToken::Drop {
            piece: 'P',
            to: sq("e4")
        }
    );
    assert_eq!(
        token("b@c3"),
        MoveToken::Drop {
            piece: 'B',
            to: sq("c3")
        }
    );
    assert!(refused("N@").contains("square"));
    assert!(refused("NB@e4").contains("drop"));
}

#[test]
fn lower_case_piece_letters() {
    assert_eq!(
        token("qh5"),
        MoveToken::Normal(normal(piece('Q'), None, None, false, "h5"))
    );
    assert_eq!(
        token("rxa8"),
        MoveToken::Normal(normal(piece('R'), None, None, true, "a8"))
    );
    assert_eq!(
        token("nbd2"),
        MoveToken::Normal(normal(piece('N'), Some('b'), None, false, "d2"))
    );
}

#[test]
fn lower_case_b_k_n_keep_both_readings() {
    assert_eq!(
        token("bxc3"),
        MoveToken::Either {
            piece: normal(piece('B'), None, None, true, "c3"),
            pawn: normal(P, Some('b'), None, true, "c3"),
        }
    );
    assert_eq!(
        token("nf3"),
        MoveToken::Either {
            piece: normal(piece('N'), None, None, false, "f3"),
            pawn: normal(P, Some('n'), None, false, "f3"),
        }
    );
    assert!(matches!(token("kxe2"), MoveToken::Either { .. }));
    // Upper-case B is the bishop only.
    assert_eq!(
        token("Bxc3"),
        MoveToken::Normal(normal(piece('B'), None, None, true, "c3"))
    );
    // b4 is a square: a pawn move.
    assert_eq!(token("b4"), MoveToken::Normal(normal(P, None, None, false, "b4")));
}

#[test]
fn figurines_white_and_black() {
    assert_eq!(token("\u{2658}f3"), token("Nf3"));
    assert_eq!(token("\u{265e}f6"), token("Nf6"));
    assert_eq!(token("\u{2655}xd8+"), token("Qxd8"));
    assert_eq!(token("\u{265a}e7"), token("Ke7"));
    assert_eq!(token("\u{2656}a1"), token("Ra1"));
    assert_eq!(token("\u{265d}b4"), token("Bb4"));
    assert_eq!(token("\u{2659}e4"), token("e4"));
    assert_eq!(token("\u{265f}e5"), token("e5"));
}

#[test]
fn big_boards_up_to_sixteen_files_and_ranks() {
    assert_eq!(token("p16"), MoveToken::Normal(normal(P, None, None, false, "p16")));
    assert_eq!(
        token("Na10"),
        MoveToken::Normal(normal(piece('N'), None, None, false, "a10"))
    );
    assert_eq!(
        token("j10j12"),
        MoveToken::Normal(normal(ANY, Some('j'), Some(10), false, "j12"))
    );
    assert_eq!(
        token("R10xa4"),
        MoveToken::Normal(normal(piece('R'), None, Some(10), true, "a4"))
    );
    assert_eq!(
        token("Ac3"),
        MoveToken::Normal(normal(piece('A'), None, None, false, "c3"))
    );
    for word in ["a17", "q4", "e0", "a100", "e09"] {
        refused(word);
    }
}

#[test]
fn suffixes_are_kept_raw_and_glyphs_become_nags() {
    let read = |word: &str| parse_move(word).map(|p| (p.suffix, p.nags)).unwrap_or_default();
    assert_eq!(read("e4!"), ("!".to_string(), vec![1]));
    assert_eq!(read("e4?"), ("?".to_string(), vec![2]));
    assert_eq!(read("e4!!"), ("!!".to_string(), vec![3]));
    assert_eq!(read("e4??"), ("??".to_string(), vec![4]));
    assert_eq!(read("Nf3!?"), ("!?".to_string(), vec![5]));
    assert_eq!(read("Nf3?!"), ("?!".to_string(), vec![6]));
    assert_eq!(read("Qh7#"), ("#".to_string(), vec![]));
    assert_eq!(read("Nf3+!?"), ("+!?".to_string(), vec![5]));
    assert_eq!(read("Nf3!?+"), ("!?+".to_string(), vec![5]));
    assert_eq!(read("e4\u{2049}"), ("\u{2049}".to_string(), vec![5]));
    assert_eq!(read("exd6e.p."), ("e.p.".to_string(), vec![]));
    assert_eq!(read("exd6ep+"), ("ep+".to_string(), vec![]));
    // A wrong check mark is kept as written; nothing here knows it is wrong.
    assert_eq!(read("e4#"), ("#".to_string(), vec![]));
    assert!(refused("e4!!!").contains("annotation"));
}

#[test]
fn garbage_is_refused_with_its_text() {
    for word in ["hello", "Nf", "e", "x", "1e4", "N@@f3", "-e4", "Ke\u{e9}4", "=Q"] {
        let reason = refused(word);
        assert!(!reason.is_empty(), "{word}");
    }
    assert!(refused("Nz9").contains("Nz9"));
}
